import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEYS } from '../../src/contract/paths';

// The real start command (`npm run serve`) as an operator runs it, on an embedded database.
const dataDir = mkdtempSync(join(tmpdir(), 'ridebook-lifecycle-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const headers = {
  'x-api-public-key': DEMO_API_KEYS.public,
  'x-api-secret-key': DEMO_API_KEYS.secret,
};

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

interface Running {
  child: ChildProcess;
  url: string;
  logLines: () => Record<string, unknown>[];
}

async function startServer(): Promise<Running> {
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const logLines = () =>
    output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (!logLines().some((line) => line.msg === 'ready')) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, url, logLines };
}

async function stop(child: ChildProcess): Promise<number | null> {
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  return exited;
}

describe('the server process', () => {
  it('logs each request with its request id, and closes cleanly on SIGTERM', async () => {
    const server = await startServer();
    const response = await fetch(`${server.url}/api/v1/fetch_companies`, { headers });
    expect(response.status).toBe(200);
    const requestId = response.headers.get('x-request-id');
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    await expect
      .poll(() => server.logLines().filter((line) => line.reqId === requestId).length)
      .toBeGreaterThanOrEqual(2);

    expect(await stop(server.child)).toBe(0);
    const messages = server.logLines().map((line) => line.msg);
    expect(messages).toContain('database migrated');
    expect(messages).toContain('demo data seeded');
    expect(messages).toContain('closing');
  });

  it('reopens the same embedded database on restart, with the demo data seeded once', async () => {
    const server = await startServer();
    const body = (await (
      await fetch(`${server.url}/api/v1/fetch_companies`, { headers })
    ).json()) as { data: unknown[] };
    expect(body.data).toHaveLength(3);
    expect(await stop(server.child)).toBe(0);
    const messages = server.logLines().map((line) => line.msg);
    expect(messages).not.toContain('database migrated');
    expect(messages).toContain('demo data already present');
  });
});
