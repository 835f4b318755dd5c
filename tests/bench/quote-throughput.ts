import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { API_BASE, API_PATHS } from '../../src/contract/paths';
import { DEMO_HEADERS, freePort, spawnServer } from '../support/server-process';

/** Long enough for a steady rate, short enough that the whole bench stays a few minutes. */
const DURATION_S = 8;
/**
 * Load before each measured run, not counted: the first second of a fresh process runs
 * unoptimised code, far more of it for a quote than for the minimal route, so without this
 * the figure mixes start-up with the steady rate it is meant to show. Both routes get it.
 */
const WARM_UP_S = 2;
const CONNECTIONS = 16;

/**
 * The yardstick: a Fastify route that answers a small JSON body, in its own process, measured
 * in the same run on the same machine, so the quote figure reads as a ratio and not as a
 * number that depends on the machine.
 */
const MINIMAL_SERVER = `
import Fastify from 'fastify';
const app = Fastify({ logger: false });
app.post('/minimal', async () => ({ success: true }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('ready');
`;

export async function startMinimalServer(): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--input-type=module', '-e', MINIMAL_SERVER], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`minimal server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}/minimal`, stop: () => child.kill('SIGTERM') };
}

/** A week ahead at 10:15, outside any grace period whatever today is. */
function quoteBody(): string {
  const date = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  return JSON.stringify({
    pickup: 'Heathrow Airport Terminal 5',
    dropoff: 'Gatwick Airport South Terminal',
    pickup_date: date,
    pickup_hour: '10am',
    pickup_min: '15',
    passengers: '2',
    select_option: 'one_way',
  });
}

export interface Load {
  rps: number;
  p99: number;
  non2xx: number;
}

/**
 * Warm-up, then a measured run of POSTs of `body`. `setupRequest` may change each request
 * (e.g. a fresh Idempotency-Key, so every booking is a new one).
 */
export async function load(
  url: string,
  body: string,
  headers: Record<string, string>,
  setupRequest?: (request: autocannon.Request) => autocannon.Request,
): Promise<Load> {
  const run = (duration: number) =>
    autocannon({
      url,
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', ...headers },
      connections: CONNECTIONS,
      duration,
      ...(setupRequest ? { requests: [{ setupRequest }] } : {}),
    });
  await run(WARM_UP_S);
  const result = await run(DURATION_S);
  return { rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx };
}

/** calculate-distance-price against the minimal route, on PGlite and (when set) PostgreSQL. */
export async function benchQuoteThroughput(): Promise<[string, string][]> {
  const rows: [string, string][] = [];
  const minimal = await startMinimalServer();
  try {
    const baseline = await load(minimal.url, '{}', {});
    rows.push([
      'Minimal Fastify route: requests/s (p99 ms)',
      `${baseline.rps.toFixed(0)} (${baseline.p99})`,
    ]);

    const targets: { name: string; env: Record<string, string> }[] = [{ name: 'PGlite', env: {} }];
    const pgUrl = process.env.TEST_DATABASE_URL ?? process.env.BENCH_DATABASE_URL;
    if (pgUrl) targets.push({ name: 'PostgreSQL', env: { DATABASE_URL: pgUrl } });

    for (const target of targets) {
      const dataDir = await mkdtemp(join(tmpdir(), 'ridebook-bench-'));
      const server = await spawnServer({
        env: { DATA_DIR: dataDir, QUOTE_RATE_LIMIT_PER_MINUTE: '0', ...target.env },
        timeoutMs: 120_000,
      });
      try {
        const url = `${server.url}${API_BASE}${API_PATHS.calculateDistancePrice}`;
        // One call first so caches (settings, rate cards, distance pairs) are warm, as in service.
        const warm = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...DEMO_HEADERS },
          body: quoteBody(),
        });
        if (!warm.ok) throw new Error(`quote failed: ${warm.status} ${await warm.text()}`);
        const quote = await load(url, quoteBody(), DEMO_HEADERS);
        rows.push([
          `calculate-distance-price on ${target.name}: requests/s (p99 ms)`,
          `${quote.rps.toFixed(0)} (${quote.p99})${quote.non2xx ? ` ${quote.non2xx} non-2xx!` : ''}`,
        ]);
        rows.push([
          `calculate-distance-price on ${target.name}: ratio to minimal route (goal >= 0.5)`,
          (quote.rps / baseline.rps).toFixed(2),
        ]);
      } finally {
        await server.stop();
        await rm(dataDir, { recursive: true, force: true });
      }
    }
  } finally {
    minimal.stop();
  }
  return rows;
}
