import { fileURLToPath } from 'node:url';
import { DRIVER_SESSION_COOKIE, liveEventSchema } from '../../src/contract/driver';
import { API_BASE, API_PATHS, MANAGE_TOKEN_HEADER } from '../../src/contract/paths';
import { createScratchDatabase } from '../support/scratch-postgres';
import { DEMO_HEADERS } from '../support/server-process';
import type { ServerProcess } from '../support/server-process';
import { bookingBody } from './booking-throughput';
import { median } from './figures';
import { POSITIONS_SETUP_PATH, type BenchWatch } from './positions-server';
import { cpuTimeMs, startBenchServer } from './quote-throughput';

/** The issue's load: 200 drivers on duty, each sending a position every 15 s, 200 watching. */
const DRIVERS = 200;
const EVERY_MS = 15_000;
/**
 * Time runs this many times faster than on the road: a 40 s run sends what two minutes of a
 * shift would, at three times the issue's rate (BENCH_POSITIONS_SPEEDUP=1 for the rate itself).
 */
const SPEEDUP = Number(process.env.BENCH_POSITIONS_SPEEDUP ?? 3);
/** Every driver has sent once before the figures start. */
const WARM_UP_MS = EVERY_MS / SPEEDUP + 1_000;
const MEASURE_MS = 40_000;

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** One driver's position near Heathrow, moving a little each time. */
function positionBody(driver: number, step: number): string {
  return JSON.stringify({
    lat: 51.47 + (driver % 20) * 0.002 + step * 0.0004,
    lng: -0.45 + Math.floor(driver / 20) * 0.002,
    accuracy: 8,
    heading: 90,
    speed: 11,
    at: new Date().toISOString(),
  });
}

interface Measures {
  /** ms, each position call's answer. */
  call: number[];
  /** ms from sending a position to its event reaching the watching page. */
  event: number[];
  /** ms from sending to the page having fetched the car's new position (GET /driver). */
  shown: number[];
  sent: number;
  failed: number;
}

/**
 * A passenger's page: the booking's event stream (as EventSource reads it) and, on each
 * `position` event, GET /driver as the page does. `sentAt` says when the position it hears of
 * left the driver's phone; `record` is off during the warm-up.
 */
async function watch(
  base: string,
  watched: BenchWatch,
  sentAt: Map<string, number>,
  measures: Measures,
  recording: () => boolean,
  signal: AbortSignal,
): Promise<void> {
  const number = watched.booking_number;
  const url = `${base}${API_BASE}/manage-booking/${number}/events?token=${watched.manage_token}`;
  const response = await fetch(url, { signal });
  if (!response.ok || !response.body) throw new Error(`stream ${number}: ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let connected!: () => void;
  const ready = new Promise<void>((resolve) => (connected = resolve));
  const onEvent = async (data: string) => {
    const event = liveEventSchema.parse(JSON.parse(data));
    const sent = sentAt.get(number);
    if (event.type !== 'position' || sent === undefined) return;
    const heard = performance.now();
    const res = await fetch(`${base}${API_BASE}/manage-booking/${number}/driver`, {
      headers: { ...DEMO_HEADERS, [MANAGE_TOKEN_HEADER]: watched.manage_token },
      signal,
    });
    const body = (await res.json()) as { data?: { position: unknown } };
    if (!recording()) return;
    if (!body.data?.position) measures.failed += 1;
    measures.event.push(heard - sent);
    measures.shown.push(performance.now() - sent);
  };
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffer += value;
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.includes(': connected')) connected();
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (data) void onEvent(data);
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // Aborted at the end of the run.
    }
  })();
  await ready;
}

/** Every driver sends a position every EVERY_MS / SPEEDUP, staggered, until `until`. */
async function drive(
  base: string,
  watches: readonly BenchWatch[],
  sentAt: Map<string, number>,
  measures: Measures,
  recording: () => boolean,
  until: number,
): Promise<void> {
  const interval = EVERY_MS / SPEEDUP;
  const url = `${base}${API_BASE}${API_PATHS.driverLocation}`;
  await Promise.all(
    watches.map(async (watched, driver) => {
      await new Promise((resolve) => setTimeout(resolve, (interval * driver) / watches.length));
      for (let step = 0; performance.now() < until; step += 1) {
        const next = performance.now() + interval;
        const started = performance.now();
        sentAt.set(watched.booking_number, started);
        const res = await fetch(url, {
          method: 'POST',
          headers: {
            ...DEMO_HEADERS,
            'content-type': 'application/json',
            origin: base,
            cookie: `${DRIVER_SESSION_COOKIE}=${watched.driver_session}`,
          },
          body: positionBody(driver, step),
        });
        await res.text();
        if (recording()) {
          measures.call.push(performance.now() - started);
          measures.sent += 1;
          if (!res.ok) measures.failed += 1;
        }
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
      }
    }),
  );
}

/** One run on a server: its figures as rows. */
async function runOn(server: ServerProcess, name: string): Promise<[string, string][]> {
  const base = server.url;
  const booked = await fetch(`${base}${API_BASE}${API_PATHS.booking}`, {
    method: 'POST',
    headers: { ...DEMO_HEADERS, 'content-type': 'application/json' },
    body: await bookingBody(base),
  });
  if (!booked.ok) throw new Error(`Booking failed: ${booked.status} ${await booked.text()}`);
  const setup = await fetch(`${base}${POSITIONS_SETUP_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ count: DRIVERS }),
  });
  const watches = (await setup.json()) as BenchWatch[];

  const measures: Measures = { call: [], event: [], shown: [], sent: 0, failed: 0 };
  const sentAt = new Map<string, number>();
  const stop = new AbortController();
  let recording = false;
  await Promise.all(
    watches.map((w) => watch(base, w, sentAt, measures, () => recording, stop.signal)),
  );
  const start = performance.now();
  const driving = drive(
    base,
    watches,
    sentAt,
    measures,
    () => recording,
    start + WARM_UP_MS + MEASURE_MS,
  );
  await new Promise((resolve) => setTimeout(resolve, WARM_UP_MS));
  recording = true;
  const cpuBefore = cpuTimeMs(server.child.pid);
  const measuredFrom = performance.now();
  await new Promise((resolve) => setTimeout(resolve, MEASURE_MS));
  const cpuAfter = cpuTimeMs(server.child.pid);
  recording = false;
  const seconds = (performance.now() - measuredFrom) / 1000;
  await driving;
  stop.abort();

  const load = `${DRIVERS} drivers every ${EVERY_MS / 1000} s, time x${SPEEDUP}`;
  const ms = (values: number[]) =>
    `${median(values).toFixed(1)} / ${percentile(values, 99).toFixed(1)}`;
  const rows: [string, string][] = [
    [
      `Positions on ${name} (${load}): sent, per second`,
      `${measures.sent}, ${(measures.sent / seconds).toFixed(1)}/s${measures.failed ? `, ${measures.failed} failed!` : ''}`,
    ],
    [`POST /driver/location on ${name}: median / p99 ms`, ms(measures.call)],
    [
      `Position to a watching page's event on ${name} (${DRIVERS} watching): median / p99 ms`,
      ms(measures.event),
    ],
    [
      `Position to the page showing it (event + GET /driver) on ${name}: median / p99 ms`,
      ms(measures.shown),
    ],
  ];
  if (cpuBefore !== undefined && cpuAfter !== undefined && measures.sent > 0) {
    rows.push([
      `Server CPU per position update on ${name} (call, fan-out, the page's GET): ms`,
      ((cpuAfter - cpuBefore) / measures.sent).toFixed(2),
    ]);
  }
  return rows;
}

const SERVER_ENTRY = fileURLToPath(new URL('./positions-server.ts', import.meta.url));

/**
 * The issue's bench: 200 on-duty drivers each sending a position every 15 s (time compressed by
 * SPEEDUP) and 200 passengers' pages watching on one server process, each page fetching its
 * driver on each event. PGlite, and PostgreSQL when TEST_DATABASE_URL (or BENCH_DATABASE_URL).
 */
export async function benchPositions(): Promise<[string, string][]> {
  const rows: [string, string][] = [];
  const targets: {
    name: string;
    env: () => Promise<{ env: Record<string, string>; drop(): Promise<void> }>;
  }[] = [{ name: 'PGlite', env: async () => ({ env: {}, drop: async () => undefined }) }];
  const pgUrl = process.env.TEST_DATABASE_URL ?? process.env.BENCH_DATABASE_URL;
  if (pgUrl) {
    targets.push({
      name: 'PostgreSQL',
      env: async () => {
        const { url, drop } = await createScratchDatabase(pgUrl, 'ridebook_bench');
        return { env: { DATABASE_URL: url }, drop };
      },
    });
  }
  for (const target of targets) {
    const { env, drop } = await target.env();
    try {
      const server = await startBenchServer({ ...env, SEED_DEMO: '1' }, SERVER_ENTRY);
      try {
        rows.push(...(await runOn(server, target.name)));
      } finally {
        await server.stop();
      }
    } finally {
      await drop();
    }
  }
  return rows;
}
