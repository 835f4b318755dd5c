import { randomUUID } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import webpush from 'web-push';
import * as z from 'zod/mini';

/** The server's VAPID key pair (base64url), which signs every Web Push it sends. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const keysFileSchema = z.object({ publicKey: z.string(), privateKey: z.string() });

/** Where the pair made on first start is kept. */
export function vapidKeysFile(dataDir: string): string {
  return path.join(dataDir, 'vapid.json');
}

/**
 * The VAPID keys: the configured pair (VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY), else the one
 * kept in DATA_DIR/vapid.json, made there on first start (mode 0600: it holds a private key).
 * A browser's subscription is bound to the public key, so the pair must outlive restarts, and
 * every process serving the site must share DATA_DIR (as for uploaded pictures) or be given
 * the pair. Two processes starting at once agree: the file appears whole or not at all, and
 * the first one written wins.
 */
export async function loadVapidKeys(options: {
  configured: { publicKey?: string; privateKey?: string };
  dataDir: string;
}): Promise<VapidKeys> {
  const { publicKey, privateKey } = options.configured;
  if (publicKey && privateKey) return { publicKey, privateKey };
  const file = vapidKeysFile(options.dataDir);
  const kept = await readKeys(file);
  if (kept) return kept;
  await mkdir(options.dataDir, { recursive: true });
  const made = webpush.generateVAPIDKeys();
  const partial = `${file}.${randomUUID()}.partial`;
  await writeFile(partial, JSON.stringify(made), { mode: 0o600 });
  try {
    // link() fails when the name exists: of two processes, one pair is kept, and both use it.
    await link(partial, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await rm(partial, { force: true });
  }
  const written = await readKeys(file);
  if (!written) throw new Error(`${file} holds no VAPID key pair`);
  return written;
}

async function readKeys(file: string): Promise<VapidKeys | undefined> {
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (text === undefined) return undefined;
  const parsed = z.safeParse(keysFileSchema, JSON.parse(text));
  if (!parsed.success) {
    throw new Error(
      `${file} holds no VAPID key pair: remove it to make a new one (phones subscribe again)`,
    );
  }
  return parsed.data;
}
