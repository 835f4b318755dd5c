import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_HEADERS, freePort, spawnServer } from '../support/server-process';

// The real start command (`npm run serve`: the sources through tsx) as an operator runs it, on an
// embedded database. The other tests' servers run the bundle `npm start` runs.
const SERVE_ENTRY = fileURLToPath(new URL('../../src/server/server.ts', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'ridebook-lifecycle-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function occupy(port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

describe('the server process', () => {
  it('logs each request with its request id, and closes cleanly on SIGTERM', async () => {
    const server = await spawnServer({ entry: SERVE_ENTRY, env: { DATA_DIR: dataDir } });
    const response = await fetch(`${server.url}/api/v1/fetch_companies?token=not-for-the-log`, {
      headers: DEMO_HEADERS,
    });
    expect(response.status).toBe(200);
    const requestId = response.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    // One line, written on response, without the query string.
    await expect
      .poll(() => server.logLines().filter((line) => line.reqId === requestId))
      .toEqual([
        expect.objectContaining({
          msg: 'request completed',
          method: 'GET',
          url: '/api/v1/fetch_companies',
          statusCode: 200,
          responseTime: expect.any(Number),
        }),
      ]);

    expect(await server.stop()).toBe(0);
    const messages = server.logLines().map((line) => line.msg);
    expect(messages).toContain('database migrated');
    expect(messages).toContain('demo data seeded');
    expect(messages).toContain('closing');
    expect(JSON.stringify(server.logLines())).not.toContain('not-for-the-log');
    // tsx compiles the sources, then a new embedded database is migrated and seeded: on a
    // loaded two-core machine that alone has taken over the server files' 30 s.
  }, 90_000);

  it('reopens the same embedded database on restart, with the demo data seeded once', async () => {
    const server = await spawnServer({ entry: SERVE_ENTRY, env: { DATA_DIR: dataDir } });
    const body = (await (
      await fetch(`${server.url}/api/v1/fetch_companies`, { headers: DEMO_HEADERS })
    ).json()) as { data: unknown[] };
    expect(body.data).toHaveLength(3);
    expect(await server.stop()).toBe(0);
    const messages = server.logLines().map((line) => line.msg);
    expect(messages).not.toContain('database migrated');
    expect(messages).toContain('demo data already present');
  });

  it('exits with an error naming the port when the port is taken', async () => {
    const port = await freePort();
    const squatter = await occupy(port);
    try {
      await expect(
        spawnServer({ entry: SERVE_ENTRY, env: { DATA_DIR: dataDir, PORT: String(port) } }),
      ).rejects.toThrow(
        new RegExp(
          `exited with code 1[\\s\\S]*127\\.0\\.0\\.1:${port}: the port is already in use`,
        ),
      );
    } finally {
      await new Promise((resolve) => squatter.close(resolve));
    }
  });
});
