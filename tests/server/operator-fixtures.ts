import { expect } from 'vitest';
import type { BookingStatus } from '../../src/domain/booking-lifecycle';
import { API_BASE, OPERATOR_SESSION_COOKIE } from '../../src/contract/paths';
import { DEMO_OPERATORS } from '../../src/server/db/seed-data/operator-accounts';
import { bookingBody, postApi, quoteFor } from './booking-fixtures';
import { API_HEADERS } from './helpers';
import { FIXED_NOW } from './quote-fixtures';
import type { TestApp } from './helpers';

/** The console's own origin as inject() sees it (Host: localhost:80). */
export const CONSOLE_ORIGIN = 'http://localhost:80';

export const ADMIN = DEMO_OPERATORS.find((o) => o.role === 'admin')!;
export function dispatcherOf(company: string) {
  const found = DEMO_OPERATORS.find((o) => o.company === company);
  if (!found) throw new Error(`No demo dispatcher for ${company}`);
  return found;
}

/** A console call: the site's keys, the session cookie, and the console's Origin. */
export function consoleCall(
  t: TestApp,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  options: {
    session?: string;
    body?: unknown;
    origin?: string | null;
    headers?: Record<string, string>;
  } = {},
) {
  const origin = options.origin === undefined ? CONSOLE_ORIGIN : options.origin;
  return t.app.inject({
    method,
    url: `${API_BASE}${path}`,
    headers: {
      ...API_HEADERS,
      host: 'localhost:80',
      ...(origin === null || method === 'GET' ? {} : { origin }),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.session ? { cookie: `${OPERATOR_SESSION_COOKIE}=${options.session}` } : {}),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { payload: JSON.stringify(options.body) }),
    remoteAddress: '198.51.100.20',
  });
}

/** Signs in and returns the session cookie's value. */
export async function signIn(t: TestApp, who: { email: string; password: string }) {
  const res = await consoleCall(t, 'POST', '/operator/login', {
    body: { email: who.email, password: who.password },
  });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = res.cookies.find((c) => c.name === OPERATOR_SESSION_COOKIE);
  expect(cookie).toBeDefined();
  return cookie!.value;
}

/** A guest's pay-in-car booking of the cheapest offer; its number and operator's name. */
export async function guestBooking(
  t: TestApp,
  registrationData?: Record<string, unknown>,
): Promise<{ number: string; company: string }> {
  const { quote, offer } = await quoteFor(t);
  const res = await postApi(
    t,
    'booking',
    bookingBody({
      selectedVehicleData: { quote_id: quote.quote_id, detail: offer },
      ...(registrationData ? { registrationData } : {}),
    }),
  );
  expect(res.statusCode, res.body).toBe(200);
  const booking = (
    res.json() as { data: { booking: { booking_number: string; company_name: string } } }
  ).data.booking;
  return { number: booking.booking_number, company: booking.company_name };
}

/**
 * Puts a booking and every one of its jobs straight into `status`, as a test's starting point
 * (a job's status is what a move is judged on; the booking's follows from its jobs').
 */
export async function forceStatus(t: TestApp, bookingId: number, status: BookingStatus) {
  await t.db.handle.db
    .updateTable('booking_jobs')
    .set({ status })
    .where('booking_id', '=', bookingId)
    .execute();
  await t.db.handle.db
    .updateTable('bookings')
    .set({ status })
    .where('id', '=', bookingId)
    .execute();
}

/**
 * Moves a booking's pickup (both legs') to an hour before `now`, as if its time had come: a
 * No-show may be recorded only after the pickup time (issue 33).
 */
export async function pickupPassed(t: TestApp, bookingNumber: string, now = FIXED_NOW) {
  const before = new Date(now.getTime() - 3_600_000);
  await t.db.handle.db
    .updateTable('bookings')
    .set({ pickup_at: before, return_at: before })
    .where('booking_number', '=', bookingNumber)
    .where('return_at', 'is not', null)
    .execute();
  await t.db.handle.db
    .updateTable('bookings')
    .set({ pickup_at: before })
    .where('booking_number', '=', bookingNumber)
    .execute();
}

/** forceStatus for a booking named by its number. */
export async function forceStatusOf(t: TestApp, bookingNumber: string, status: BookingStatus) {
  const { id } = await t.db.handle.db
    .selectFrom('bookings')
    .select('id')
    .where('booking_number', '=', bookingNumber)
    .executeTakeFirstOrThrow();
  await forceStatus(t, id, status);
}
