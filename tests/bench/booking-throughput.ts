import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type autocannon from 'autocannon';
import { API_BASE, API_PATHS } from '../../src/contract/paths';
import { hashPassword, verifyPassword } from '../../src/server/services/accounts/passwords';
import { DEMO_HEADERS, spawnServer } from '../support/server-process';
import { load, startMinimalServer } from './quote-throughput';

/** A week ahead at 10:15, outside any grace period whatever today is. */
function bookingForm() {
  const date = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  return {
    pickup: 'Heathrow Airport Terminal 5',
    dropoff: 'Gatwick Airport South Terminal',
    pickup_date: date,
    pickup_hour: '10am',
    pickup_min: '15',
    passengers: '2',
    select_option: 'one_way',
  };
}

async function post(base: string, path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${base}${API_BASE}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...DEMO_HEADERS },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} failed: ${response.status} ${await response.text()}`);
  return response.json();
}

/** A guest's pay-in-car booking of the cheapest vehicle, priced by a stored quote. */
export async function bookingBody(base: string): Promise<string> {
  const form = bookingForm();
  const prices = (await post(base, API_PATHS.calculateDistancePrice, form)) as {
    price_details: { vehicle_id: number; company_id: number }[];
  };
  const offer = prices.price_details[0];
  if (!offer) throw new Error('no offers for the bench journey');
  const quote = (await post(base, API_PATHS.calculateSelectedVehiclePrice, {
    bookingType: 'milleage',
    bookingForm: form,
    vehicle_id: offer.vehicle_id,
    company_id: offer.company_id,
    vehicle_count: 1,
  })) as { quote_id: string };
  return JSON.stringify({
    selectedVehicleData: { ...offer, quote_id: quote.quote_id, vehicle_count: 1 },
    selectedVehicle: 1,
    bookingType: 'milleage',
    bookingForm: form,
    registrationData: {
      firstName: 'Bench',
      surname: 'Passenger',
      email: 'bench@example.com',
      number: '+44 7700 900123',
    },
    payment_method: 'car',
    selected_passenger: 'guest_login',
  });
}

/** Milliseconds per argon2id hash and verify (19 MiB, t=2, p=1) in this process. */
async function passwordCost(): Promise<{ hashMs: number; verifyMs: number }> {
  const rounds = 10;
  let hash = await hashPassword('warm-up password');
  const hashStart = performance.now();
  for (let i = 0; i < rounds; i += 1) hash = await hashPassword(`bench password ${i}`);
  const hashMs = (performance.now() - hashStart) / rounds;
  const verifyStart = performance.now();
  for (let i = 0; i < rounds; i += 1) await verifyPassword(hash, `bench password ${rounds - 1}`);
  return { hashMs, verifyMs: (performance.now() - verifyStart) / rounds };
}

/**
 * POST /booking (guest, pay in car, each with a new Idempotency-Key) against the minimal
 * route, on PGlite and (when set) PostgreSQL; and what a password costs.
 */
export async function benchBookingThroughput(): Promise<[string, string][]> {
  const rows: [string, string][] = [];
  const cost = await passwordCost();
  rows.push([
    'argon2id (19 MiB, t=2, p=1): ms per hash / per verify',
    `${cost.hashMs.toFixed(0)} / ${cost.verifyMs.toFixed(0)}`,
  ]);
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
        const body = await bookingBody(server.url);
        const url = `${server.url}${API_BASE}${API_PATHS.booking}`;
        const result = await load(url, body, DEMO_HEADERS, (request: autocannon.Request) => ({
          ...request,
          headers: { ...request.headers, 'idempotency-key': randomUUID() },
        }));
        rows.push([
          `POST /booking (guest, pay in car) on ${target.name}: bookings/s (p99 ms)`,
          `${result.rps.toFixed(0)} (${result.p99})${result.non2xx ? ` ${result.non2xx} non-2xx!` : ''}`,
        ]);
        rows.push([
          `POST /booking on ${target.name}: ratio to minimal route`,
          (result.rps / baseline.rps).toFixed(3),
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
