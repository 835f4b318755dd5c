import { randomUUID } from 'node:crypto';
import type autocannon from 'autocannon';
import { API_BASE, API_PATHS } from '../../src/contract/paths';
import { hashPassword, verifyPassword } from '../../src/server/services/accounts/passwords';
import { quotedBooking, weekAheadForm } from '../support/priced-journey';
import { DEMO_HEADERS } from '../support/server-process';
import { benchTargets, formatLoad, load, startMinimalServer } from './quote-throughput';

/** A guest's pay-in-car booking of the cheapest vehicle, priced by a stored quote. */
export async function bookingBody(base: string): Promise<string> {
  const quoted = await quotedBooking(
    base,
    weekAheadForm('Heathrow Airport Terminal 5', 'Gatwick Airport South Terminal', '2'),
  );
  return JSON.stringify({
    ...quoted,
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
 * POST /booking (guest, pay in car, each with a new Idempotency-Key) on PGlite and (when set)
 * PostgreSQL, each as a ratio to the minimal route measured just before it; and what a
 * password costs.
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
    for (const target of benchTargets()) {
      const server = await target.start();
      try {
        const body = await bookingBody(server.url);
        const url = `${server.url}${API_BASE}${API_PATHS.booking}`;
        const baseline = await load(minimal.url, '{}', {}, { pid: minimal.pid });
        const result = await load(url, body, DEMO_HEADERS, {
          pid: server.child.pid,
          setupRequest: (request: autocannon.Request) => ({
            ...request,
            headers: { ...request.headers, 'idempotency-key': randomUUID() },
          }),
        });
        rows.push([`Minimal Fastify route (before ${target.name} bookings)`, formatLoad(baseline)]);
        rows.push([
          `POST /booking (guest, pay in car) on ${target.name}`,
          formatLoad(result, 'bookings/s'),
        ]);
        rows.push([
          `POST /booking on ${target.name}: ratio to minimal route`,
          (result.rps / baseline.rps).toFixed(3),
        ]);
      } finally {
        await server.stop();
      }
    }
  } finally {
    minimal.stop();
  }
  return rows;
}
