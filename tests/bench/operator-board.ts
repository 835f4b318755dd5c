import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { API_BASE, API_PATHS, OPERATOR_SESSION_COOKIE } from '../../src/contract/paths';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/database';
import { DEMO_OPERATORS } from '../../src/server/db/seed-data/operator-accounts';
import { createScratchDatabase } from '../support/scratch-postgres';
import { DEMO_HEADERS } from '../support/server-process';
import { bookingBody } from './booking-throughput';

/** The figure: a board with 10,000 bookings. */
const BOOKINGS = 10_000;
const SAMPLES = 200;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/**
 * Copies the one booking made through the API into BOOKINGS bookings spread over 60 days, every
 * status and all three operators, each with a passenger of its own: as fast as SQL can, since
 * booking 10,000 rides through the API would measure the booking path instead.
 */
async function fillBookings(handle: DatabaseHandle): Promise<void> {
  const { db } = handle;
  const columns = (
    await sql<{ column_name: string }>`
      select column_name from information_schema.columns
      where table_name = 'bookings' and table_schema = current_schema()`.execute(db)
  ).rows
    .map((row) => row.column_name)
    .filter((name) => name !== 'id');
  const override: Record<string, string> = {
    booking_number: `(800000000 + g)::text`,
    status: `(array['pending','confirmed','driver_assigned','en_route','arrived','on_board','completed','cancelled','no_show'])[1 + g % 9]`,
    company_id: `(select id from companies order by id offset (g % 3) limit 1)`,
    pickup_at: `b.pickup_at + ((g % 60) - 30) * interval '1 day' + (g % 24) * interval '1 hour'`,
    pick_up_date: `to_char(b.pickup_at + ((g % 60) - 30) * interval '1 day', 'YYYY-MM-DD')`,
    created_at: `now() - (g % 60) * interval '1 day'`,
  };
  const select = columns.map((name) => override[name] ?? `b.${name}`).join(', ');
  await sql
    .raw(
      `insert into bookings (${columns.join(', ')})
       select ${select} from bookings b, generate_series(1, ${BOOKINGS}) g
       where b.id = (select min(id) from bookings)`,
    )
    .execute(db);
  await sql
    .raw(
      `insert into booking_passengers (booking_id, passenger_id, name, email, phone, total_passengers)
       select b.id, null, 'Passenger ' || b.booking_number, 'p' || b.booking_number || '@example.co.uk',
              '07700 ' || right(b.booking_number, 6), 1
       from bookings b
       where not exists (select 1 from booking_passengers p where p.booking_id = b.id)`,
    )
    .execute(db);
  await sql`analyze`.execute(db);
}

async function timed(samples: number, run: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < samples; i += 1) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return times;
}

/**
 * The console's board with 10,000 bookings: its first page and a search (p50 / p99 of the
 * request's time at the server, over HTTP on this machine), and the memory the CSV export of
 * every row takes (the server's heap, sampled while the download drains).
 */
export async function benchOperatorBoard(): Promise<[string, string][]> {
  const rows: [string, string][] = [];
  const targets: {
    name: string;
    open: () => Promise<{ handle: DatabaseHandle; drop(): Promise<void> }>;
  }[] = [
    {
      name: 'PGlite',
      open: async () => {
        const handle = await openDatabase({ kind: 'memory' });
        return { handle, drop: async () => undefined };
      },
    },
  ];
  const pgUrl = process.env.TEST_DATABASE_URL ?? process.env.BENCH_DATABASE_URL;
  if (pgUrl) {
    targets.push({
      name: 'PostgreSQL',
      open: async () => {
        const scratch = await createScratchDatabase(pgUrl, 'bench');
        const handle = await openDatabase({ kind: 'postgres', url: scratch.url });
        return { handle, drop: () => scratch.drop() };
      },
    });
  }

  for (const target of targets) {
    const dataDir = await mkdtemp(join(tmpdir(), 'ridebook-bench-'));
    const { handle, drop } = await target.open();
    const app = await buildApp({
      config: loadConfig({ DATA_DIR: dataDir, SEED_DEMO: '1', QUOTE_RATE_LIMIT_PER_MINUTE: '0' }),
      db: handle,
    });
    try {
      const base = await app.listen({ port: 0, host: '127.0.0.1' });
      const booked = await fetch(`${base}${API_BASE}${API_PATHS.booking}`, {
        method: 'POST',
        headers: { ...DEMO_HEADERS, 'content-type': 'application/json' },
        body: await bookingBody(base),
      });
      if (!booked.ok) throw new Error(`Booking failed: ${booked.status}`);
      await fillBookings(handle);

      const admin = DEMO_OPERATORS.find((o) => o.role === 'admin')!;
      const login = await fetch(`${base}${API_BASE}${API_PATHS.operatorLogin}`, {
        method: 'POST',
        headers: { ...DEMO_HEADERS, 'content-type': 'application/json', origin: base },
        body: JSON.stringify({ email: admin.email, password: admin.password }),
      });
      const cookie = /ridebook_operator=[^;]+/.exec(login.headers.get('set-cookie') ?? '')?.[0];
      if (!cookie?.startsWith(OPERATOR_SESSION_COOKIE)) throw new Error('Sign-in failed');
      const get = async (path: string) => {
        const response = await fetch(`${base}${API_BASE}${path}`, {
          headers: { ...DEMO_HEADERS, cookie },
        });
        if (!response.ok) throw new Error(`${path}: ${response.status}`);
        return response;
      };
      const total = ((await (await get('/operator/bookings')).json()) as { total: number }).total;

      await timed(20, () => get('/operator/bookings').then((r) => r.text()));
      const first = await timed(SAMPLES, () => get('/operator/bookings').then((r) => r.text()));
      const search = await timed(SAMPLES, () =>
        get('/operator/bookings?q=passenger%2080000').then((r) => r.text()),
      );
      const phone = await timed(SAMPLES, () =>
        get('/operator/bookings?q=07700%20004&view=upcoming').then((r) => r.text()),
      );
      const figure = (times: number[]) =>
        `${percentile(times, 50).toFixed(1)} / ${percentile(times, 99).toFixed(1)}`;
      rows.push([
        `Board, first page of ${total} bookings on ${target.name}: p50 / p99 ms`,
        figure(first),
      ]);
      rows.push([
        `Board, search by name (${total}) on ${target.name}: p50 / p99 ms`,
        figure(search),
      ]);
      rows.push([
        `Board, search by phone digits, upcoming (${total}) on ${target.name}: p50 / p99 ms`,
        figure(phone),
      ]);

      // The export's memory: the server's heap above what it held before, at its highest.
      global.gc?.();
      const baseline = process.memoryUsage().heapUsed;
      let peak = baseline;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage().heapUsed);
      }, 5);
      const started = performance.now();
      const csv = await get('/operator/bookings.csv');
      let bytes = 0;
      let lines = 0;
      for await (const chunk of csv.body as AsyncIterable<Uint8Array>) {
        bytes += chunk.byteLength;
        for (const byte of chunk) if (byte === 10) lines += 1;
      }
      clearInterval(sampler);
      rows.push([
        `CSV export of ${lines - 1} rows on ${target.name}: MB, seconds`,
        `${(bytes / 1e6).toFixed(1)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      ]);
      rows.push([
        `CSV export on ${target.name}: peak heap above baseline (process, MB)`,
        ((peak - baseline) / 1e6).toFixed(1),
      ]);
    } finally {
      await app.close();
      await handle.close();
      await drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  return rows;
}
