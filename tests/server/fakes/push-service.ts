import { execFile } from 'node:child_process';
import {
  createECDH,
  createPublicKey,
  createDecipheriv,
  hkdfSync,
  randomBytes,
  verify,
} from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { Agent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { tempDir } from '../helpers';

/**
 * A stand-in for a browser vendor's push service (RFC 8030), over HTTPS as web-push requires,
 * with a certificate made for the test and an agent that trusts it. It keeps each request as
 * it came, and reads it as a push service and a browser would: the VAPID JWT checked against
 * the key it names (RFC 8292), the body decrypted with the subscription's private key
 * (RFC 8291, aes128gcm). Nothing of web-push is used to read it.
 */
export interface PushRequest {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface FakeSubscription {
  /** As the browser's PushSubscription.toJSON() gives it. */
  json: { endpoint: string; keys: { p256dh: string; auth: string } };
  /** The plaintext of a request sent to this subscription. */
  decrypt(body: Buffer): string;
}

export interface FakePushService {
  origin: string;
  agent: Agent;
  received: PushRequest[];
  /**
   * A browser's new subscription at `/push/<name>`; `host` 'localhost' names this same service
   * by a host a test's WEB_PUSH_HOSTS leaves out, so a send there would arrive here.
   */
  subscription(name: string, host?: '127.0.0.1' | 'localhost'): FakeSubscription;
  /** Answers requests to `/push/<name>` with this status from now on (default 201). */
  answer(name: string, status: number): void;
  close(): Promise<void>;
}

const run = promisify(execFile);

/** A self-signed certificate for 127.0.0.1 and localhost, made with openssl for this run. */
async function testCertificate() {
  const dir = await tempDir('ridebook-push-cert');
  const key = path.join(dir.dir, 'key.pem');
  const cert = path.join(dir.dir, 'cert.pem');
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-keyout',
    key,
    '-out',
    cert,
    '-days',
    '1',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1,DNS:localhost',
  ]);
  const pair = { key: await readFile(key), cert: await readFile(cert) };
  await dir.remove();
  return pair;
}

export async function startFakePushService(): Promise<FakePushService> {
  const { key, cert } = await testCertificate();
  const received: PushRequest[] = [];
  const answers = new Map<string, number>();
  const server: Server = createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = request.url ?? '';
      received.push({ path: url, headers: request.headers, body: Buffer.concat(chunks) });
      response.statusCode = answers.get(url) ?? 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const origin = `https://127.0.0.1:${port}`;
  return {
    origin,
    agent: new Agent({ ca: cert, keepAlive: false }),
    received,
    subscription: (name, host = '127.0.0.1') =>
      newSubscription(`https://${host}:${port}/push/${name}`),
    answer: (name, status) => answers.set(`/push/${name}`, status),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A browser's subscription: its P-256 key pair and auth secret, as it makes them. */
function newSubscription(endpoint: string): FakeSubscription {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    json: {
      endpoint,
      keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') },
    },
    decrypt: (body) => decryptAes128gcm(body, { ecdh, publicKey, auth }),
  };
}

/** RFC 8291 §3.4 and RFC 8188: one record, the sender's key in the header's keyid. */
function decryptAes128gcm(
  body: Buffer,
  receiver: { ecdh: ReturnType<typeof createECDH>; publicKey: Buffer; auth: Buffer },
): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const secret = receiver.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiver.publicKey, senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, receiver.auth, keyInfo, 32));
  const cek = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
  );
  const nonce = Buffer.from(
    hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12),
  );
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, -16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then any zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('No last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/**
 * The VAPID claims of a request's Authorization header (`vapid t=<JWT>, k=<key>`), once its
 * ES256 signature is checked against the key it names; throws when it does not verify.
 */
export function verifiedVapid(authorization: string | string[] | undefined) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(String(authorization));
  if (!match) throw new Error(`Not a VAPID Authorization header: ${String(authorization)}`);
  const [header, claims, signature] = match[1]!.split('.') as [string, string, string];
  const raw = Buffer.from(match[2]!, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('The VAPID JWT does not verify with its key');
  return {
    publicKey: match[2]!,
    header: JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg: string },
    claims: JSON.parse(Buffer.from(claims, 'base64url').toString()) as {
      aud: string;
      exp: number;
      sub: string;
    },
  };
}
