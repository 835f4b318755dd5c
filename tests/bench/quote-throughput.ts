import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { API_BASE, API_PATHS } from '../../src/contract/paths';
import { DEMO_HEADERS, freePort, spawnServer } from '../support/server-process';
import type { ServerProcess } from '../support/server-process';
import { createScratchDatabase } from '../support/scratch-postgres';
import { STORED_QUOTE_PATH } from './stored-quote-server';

/** Long enough for a steady rate, short enough that the whole bench stays a few minutes. */
const DURATION_S = 5;
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

export async function startMinimalServer(): Promise<{
  url: string;
  pid: number | undefined;
  stop: () => void;
}> {
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
  return {
    url: `http://127.0.0.1:${port}/minimal`,
    pid: child.pid,
    stop: () => child.kill('SIGTERM'),
  };
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
  /** Latency percentiles, ms. */
  p50: number;
  p99: number;
  non2xx: number;
  /**
   * The server process's CPU time (user + system, all its threads) per answered request in
   * the measured run, µs; undefined without the server's pid or /proc. Unlike the rate, it
   * does not depend on how much of the machine the load generator took meanwhile.
   */
  cpuUsPerRequest: number | undefined;
}

/** "1234 req/s, p50 3 ms, p99 9 ms, 81 µs CPU/req", with a warning when some were not 2xx. */
export function formatLoad(result: Load, unit = 'req/s'): string {
  const failures = result.non2xx ? ` ${result.non2xx} non-2xx!` : '';
  const cpu =
    result.cpuUsPerRequest === undefined ? '' : `, ${result.cpuUsPerRequest.toFixed(0)} µs CPU/req`;
  return `${result.rps.toFixed(0)} ${unit}, p50 ${result.p50} ms, p99 ${result.p99} ms${cpu}${failures}`;
}

/** CPU time a process has used so far, ms (Linux's /proc); undefined where it cannot be read. */
export function cpuTimeMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    // After "pid (comm) ", utime and stime are the 12th and 13th fields, in ticks of 10 ms.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Warm-up, then a measured run of POSTs of `body`. `setupRequest` may change each request
 * (e.g. a fresh Idempotency-Key, so every booking is a new one). `pid` is the server's, for
 * its CPU time per request.
 */
export async function load(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: {
    setupRequest?: (request: autocannon.Request) => autocannon.Request;
    pid?: number | undefined;
  } = {},
): Promise<Load> {
  const { setupRequest, pid } = options;
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
  const cpuBefore = cpuTimeMs(pid);
  const result = await run(DURATION_S);
  const cpuAfter = cpuTimeMs(pid);
  const answered = result.requests.total;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    cpuUsPerRequest:
      cpuBefore === undefined || cpuAfter === undefined || answered === 0
        ? undefined
        : ((cpuAfter - cpuBefore) * 1000) / answered,
  };
}

/** A database the bench runs the server on: PGlite, or PostgreSQL when a URL is set. */
export interface BenchTarget {
  name: 'PGlite' | 'PostgreSQL';
  /**
   * Starts the server on a database of its own (a new PGlite directory, or a new database on
   * the PostgreSQL server, so the figures never depend on rows left by earlier runs or other
   * users), and removes that database when the server stops.
   */
  start(): Promise<ServerProcess>;
}

/** PGlite always; PostgreSQL when TEST_DATABASE_URL (or BENCH_DATABASE_URL) is set. */
export function benchTargets(): BenchTarget[] {
  const targets: BenchTarget[] = [{ name: 'PGlite', start: () => startBenchServer({}) }];
  const pgUrl = process.env.TEST_DATABASE_URL ?? process.env.BENCH_DATABASE_URL;
  if (pgUrl) {
    targets.push({
      name: 'PostgreSQL',
      async start() {
        const { url, drop } = await createScratchDatabase(pgUrl, 'ridebook_bench');
        try {
          const server = await startBenchServer({ DATABASE_URL: url });
          return {
            ...server,
            async stop() {
              const code = await server.stop();
              await drop();
              return code;
            },
          };
        } catch (error) {
          await drop();
          throw error;
        }
      },
    });
  }
  return targets;
}

/**
 * The server with quotes unthrottled (the bench would measure 429s) on a new data dir; `entry`
 * starts another file that builds the same app (the stored quote's).
 */
export async function startBenchServer(
  env: Record<string, string>,
  entry?: string,
): Promise<ServerProcess> {
  const dataDir = await mkdtemp(join(tmpdir(), 'ridebook-bench-'));
  try {
    const server = await spawnServer({
      env: {
        DATA_DIR: dataDir,
        // A load from one address of one guest: no quote or booking limits, no mail cap.
        QUOTE_RATE_LIMIT_PER_MINUTE: '0',
        BOOKING_LIMIT_PER_ADDRESS: '0',
        BOOKING_LIMIT_PER_EMAIL: '0',
        MAIL_RECIPIENT_DAILY_CAP: '0',
        ...env,
      },
      timeoutMs: 120_000,
      ...(entry ? { entry } : {}),
    });
    return {
      ...server,
      async stop() {
        const code = await server.stop();
        await rm(dataDir, { recursive: true, force: true });
        return code;
      },
    };
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * A run beside the minimal route measured just before it: both loads, the ratio of their rates
 * and, where both CPU times were read, the ratio of their CPU per request.
 */
function comparisonRows(
  names: { baseline: string; measured: string; rate: string; cpu: string },
  baseline: Load,
  measured: Load,
): [string, string][] {
  const rows: [string, string][] = [
    [names.baseline, formatLoad(baseline)],
    [names.measured, formatLoad(measured)],
    [names.rate, (measured.rps / baseline.rps).toFixed(2)],
  ];
  if (measured.cpuUsPerRequest !== undefined && baseline.cpuUsPerRequest !== undefined) {
    rows.push([names.cpu, (baseline.cpuUsPerRequest / measured.cpuUsPerRequest).toFixed(2)]);
  }
  return rows;
}

/**
 * The ceiling: the app's own server answering `quoteJson` from memory (stored-quote-server.ts),
 * so every plugin each request passes through runs, and no validation or pricing does.
 */
async function benchStoredQuote(
  minimal: { url: string; pid: number | undefined },
  quoteJson: string,
): Promise<[string, string][]> {
  const entry = fileURLToPath(new URL('./stored-quote-server.ts', import.meta.url));
  const server = await startBenchServer({ STORED_QUOTE_JSON: quoteJson }, entry);
  try {
    const baseline = await load(minimal.url, '{}', {}, { pid: minimal.pid });
    const stored = await load(`${server.url}${STORED_QUOTE_PATH}`, quoteBody(), DEMO_HEADERS, {
      pid: server.child.pid,
    });
    return comparisonRows(
      {
        baseline: 'Minimal Fastify route (before the stored quote)',
        measured: 'Same server answering a stored quote (no validation, no pricing)',
        rate: 'Stored quote: ratio to minimal route (the most any quote code could reach)',
        cpu: 'Stored quote: server CPU per request, minimal / stored',
      },
      baseline,
      stored,
    );
  } finally {
    await server.stop();
  }
}

/**
 * calculate-distance-price on PGlite and (when set) PostgreSQL, each as a ratio to the minimal
 * route measured just before it in the same run, so both saw the same machine load; then the
 * ceiling (benchStoredQuote) with the first database's answer.
 */
export async function benchQuoteThroughput(): Promise<[string, string][]> {
  const rows: [string, string][] = [];
  const minimal = await startMinimalServer();
  let quoteJson: string | undefined;
  try {
    for (const target of benchTargets()) {
      const server = await target.start();
      try {
        const url = `${server.url}${API_BASE}${API_PATHS.calculateDistancePrice}`;
        // One call first so caches (settings, rate cards, distance pairs) are warm, as in service.
        const warm = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...DEMO_HEADERS },
          body: quoteBody(),
        });
        if (!warm.ok) throw new Error(`quote failed: ${warm.status} ${await warm.text()}`);
        quoteJson ??= await warm.text();
        const baseline = await load(minimal.url, '{}', {}, { pid: minimal.pid });
        const quote = await load(url, quoteBody(), DEMO_HEADERS, { pid: server.child.pid });
        const name = `calculate-distance-price on ${target.name}`;
        rows.push(
          ...comparisonRows(
            {
              baseline: `Minimal Fastify route (before ${target.name} quotes)`,
              measured: `POST ${name}`,
              rate: `${name}: ratio to minimal route (goal >= 0.5)`,
              cpu: `${name}: server CPU per request, minimal / quote`,
            },
            baseline,
            quote,
          ),
        );
      } finally {
        await server.stop();
      }
    }
    if (quoteJson !== undefined) rows.push(...(await benchStoredQuote(minimal, quoteJson)));
  } finally {
    minimal.stop();
  }
  return rows;
}
