import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { API_BASE, OPERATOR_SESSION_COOKIE } from '../../src/contract/paths';
import { DEMO_OPERATORS } from '../../src/server/db/seed-data/operator-accounts';
import { API_HEADERS, startTestApp, tempDir, type TestApp, type TestDatabaseKind } from './helpers';
import { CONSOLE_ORIGIN } from './operator-fixtures';
import { fixedClock } from './quote-fixtures';

export const MANAGER = DEMO_OPERATORS.find((o) => o.role === 'manager')!;
export const DISPATCHER = DEMO_OPERATORS.find(
  (o) => o.role === 'dispatcher' && o.company === MANAGER.company,
)!;

/** The app on a DATA_DIR of its own, whose `storage` folder receives the uploads. */
export async function startFleetApp(
  kind: TestDatabaseKind,
): Promise<TestApp & { uploads: string }> {
  const data = await tempDir('ridebook-fleet');
  const t = await startTestApp(kind, {
    clock: fixedClock,
    env: {
      DATA_DIR: data.dir,
      PAYMENT_PROVIDER: 'test',
      BOOKING_LIMIT_PER_EMAIL: '0',
      BOOKING_LIMIT_PER_ADDRESS: '0',
      MAIL_POLL_INTERVAL_MS: '0',
    },
  });
  return {
    ...t,
    uploads: path.join(data.dir, 'storage'),
    async close() {
      await t.close();
      await data.remove();
    },
  };
}

/** The files in the uploads folder, partial ones included. */
export async function storedFiles(dir: string): Promise<string[]> {
  return readdir(dir).catch(() => []);
}

/** A real PNG picture, `width` × `height`, drawn by sharp. */
export function pngPicture(width = 1600, height = 800): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: 30, g: 90, b: 160 } },
  })
    .png()
    .toBuffer();
}

/** A PNG larger than 2 MB: random pixels do not compress. */
export function hugePng(): Promise<Buffer> {
  const width = 1000;
  const height = 800;
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** POST /operator/fleet/{id}/picture with one file as multipart/form-data. */
export function uploadPicture(
  t: TestApp,
  options: {
    session: string;
    categoryId: number;
    companyId?: number;
    file: Buffer;
    filename: string;
    contentType?: string;
    field?: string;
  },
) {
  const boundary = `----ridebook${randomBytes(8).toString('hex')}`;
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'picture'}"; ` +
    `filename="${options.filename}"\r\nContent-Type: ${options.contentType ?? 'image/png'}\r\n\r\n`;
  const payload = Buffer.concat([
    Buffer.from(head),
    options.file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const query = options.companyId === undefined ? '' : `?company_id=${options.companyId}`;
  return t.app.inject({
    method: 'POST',
    url: `${API_BASE}/operator/fleet/${options.categoryId}/picture${query}`,
    headers: {
      ...API_HEADERS,
      host: 'localhost:80',
      origin: CONSOLE_ORIGIN,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      cookie: `${OPERATOR_SESSION_COOKIE}=${options.session}`,
    },
    payload,
    remoteAddress: '198.51.100.20',
  });
}
