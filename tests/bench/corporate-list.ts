import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { API_BASE, API_PATHS } from '../../src/contract/paths';
import { DEMO_CORPORATE } from '../../src/server/db/seed-data/corporate';
import { DEMO_HEADERS, spawnServer } from '../support/server-process';
import { bookingBody } from './booking-throughput';
import { median } from './figures';

/** How many bookings the corporate passenger holds: the issue's "1,000 bookings". */
const BOOKINGS = 1_000;
const CONNECTIONS = 10;
const DURATION_S = 5;

async function call(
  base: string,
  path: string,
  init: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<Response> {
  const response = await fetch(`${base}${API_BASE}${path}`, {
    method: init.method ?? 'POST',
    headers: { 'content-type': 'application/json', ...DEMO_HEADERS, ...init.headers },
    body: init.body,
  });
  if (!response.ok) throw new Error(`${path} failed: ${response.status} ${await response.text()}`);
  return response;
}

/** Books as the demo corporate passenger (existing client) until they hold BOOKINGS bookings. */
async function fillBookings(base: string, existing: number): Promise<void> {
  const guest = JSON.parse(await bookingBody(base)) as Record<string, unknown>;
  const body = JSON.stringify({
    ...guest,
    registrationData: { email: DEMO_CORPORATE.email, password: DEMO_CORPORATE.password },
    selected_passenger: 'existing_client',
  });
  let left = BOOKINGS - existing;
  const worker = async () => {
    while (left > 0) {
      left -= 1;
      await call(base, API_PATHS.booking, { body, headers: { 'idempotency-key': randomUUID() } });
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

/**
 * GET /get_booking/{id} for a passenger with 1,000 bookings, on PGlite and (when set)
 * PostgreSQL: what the corporate list costs the server and the wire.
 */
export async function benchCorporateList(): Promise<[string, string][]> {
  const rows: [string, string][] = [];
  const targets: { name: string; env: Record<string, string> }[] = [{ name: 'PGlite', env: {} }];
  const pgUrl = process.env.TEST_DATABASE_URL ?? process.env.BENCH_DATABASE_URL;
  if (pgUrl) targets.push({ name: 'PostgreSQL', env: { DATABASE_URL: pgUrl } });

  for (const target of targets) {
    const dataDir = await mkdtemp(join(tmpdir(), 'ridebook-bench-'));
    const server = await spawnServer({
      // SEED_DEMO: PostgreSQL gets the demo passenger it signs in as only when asked.
      env: { DATA_DIR: dataDir, QUOTE_RATE_LIMIT_PER_MINUTE: '0', SEED_DEMO: '1', ...target.env },
      timeoutMs: 120_000,
    });
    try {
      const signIn = (await (
        await call(server.url, API_PATHS.checkPassengerLogin, {
          body: JSON.stringify({ email: DEMO_CORPORATE.email, password: DEMO_CORPORATE.password }),
        })
      ).json()) as { access_token: string; passenger: { passenger_id: number } };
      const path = API_PATHS.getBooking.replace(
        ':passenger_id',
        String(signIn.passenger.passenger_id),
      );
      const auth = { authorization: `Bearer ${signIn.access_token}` };
      const list = async () =>
        (await call(server.url, path, { method: 'GET', headers: auth })).text();

      const before = JSON.parse(await list()) as { data: unknown[] };
      const fillStart = performance.now();
      await fillBookings(server.url, before.data.length);
      const fillSeconds = (performance.now() - fillStart) / 1000;
      const body = await list();
      const count = (JSON.parse(body) as { data: unknown[] }).data.length;

      const alone: number[] = [];
      for (let i = 0; i < 20; i += 1) {
        const start = performance.now();
        await list();
        alone.push(performance.now() - start);
      }
      const result = await autocannon({
        url: `${server.url}${API_BASE}${path}`,
        method: 'GET',
        headers: { ...DEMO_HEADERS, ...auth, 'accept-encoding': 'gzip' },
        connections: CONNECTIONS,
        duration: DURATION_S,
      });
      rows.push([
        `Corporate list on ${target.name}: ${count} bookings made in (s)`,
        fillSeconds.toFixed(1),
      ]);
      rows.push([
        `GET /get_booking (${count} bookings) on ${target.name}: one at a time, median ms`,
        median(alone).toFixed(0),
      ]);
      rows.push([
        `GET /get_booking (${count} bookings) on ${target.name}: ${CONNECTIONS} connections, lists/s (p50 / p99 ms)`,
        `${result.requests.average.toFixed(0)} (${result.latency.p50} / ${result.latency.p99})${
          result.non2xx ? ` ${result.non2xx} non-2xx!` : ''
        }`,
      ]);
      rows.push([
        `GET /get_booking (${count} bookings): JSON kB raw / gzip`,
        `${(Buffer.byteLength(body) / 1024).toFixed(0)} / ${(gzipSync(body).length / 1024).toFixed(0)}`,
      ]);
    } finally {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  return rows;
}
