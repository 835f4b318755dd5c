import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, API_PATHS } from '../../src/contract/paths';
import { API_HEADERS, startTestApp } from './helpers';
import type { TestApp } from './helpers';

/**
 * Slow clients cannot hold sockets (issue 17, item 12): a request must arrive whole within
 * REQUEST_TIMEOUT_MS. Set to one second here, on a real listening socket.
 */

const BODY_BYTES = 200;
/** One body byte this often: the whole body would take 40 s. */
const DRIBBLE_MS = 200;

interface Outcome {
  /** What the server wrote back before the socket closed. */
  answer: string;
  /** Body bytes sent before the server closed the socket. */
  sent: number;
}

/** Opens a socket, writes `head`, then dribbles the body until the server closes it. */
function dribble(port: number, head: string): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      socket.write(head);
      timer = setInterval(() => {
        if (sent < BODY_BYTES && socket.writable) {
          socket.write('a');
          sent += 1;
        }
      }, DRIBBLE_MS);
    });
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, sent });
    });
  });
}

describe('a client that sends its headers, then dribbles the body', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await startTestApp('pglite', {
      env: { REQUEST_TIMEOUT_MS: '1000', MAIL_POLL_INTERVAL_MS: '0' },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => t?.close());

  it('is answered 408 and cut off after REQUEST_TIMEOUT_MS, long before its body ends', async () => {
    const headers = Object.entries(API_HEADERS)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    const outcome = await dribble(
      port,
      `POST ${API_BASE}${API_PATHS.booking} HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}` +
        `Content-Type: application/json\r\nContent-Length: ${BODY_BYTES}\r\n\r\n`,
    );
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(outcome.sent).toBeLessThan(BODY_BYTES);
  });

  it('is cut off as well when it never finishes its headers', async () => {
    const outcome = await dribble(port, `GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n`);
    expect(outcome.answer).toMatch(/^HTTP\/1\.1 408 /);
  });
});
