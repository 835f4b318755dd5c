import type { InjectOptions } from 'fastify';
import { API_BASE, API_PATHS } from '../../src/contract/paths';
import { API_HEADERS } from './helpers';
import type { TestApp } from './helpers';

/** Saturday 21 November 2026, 10:00 in London (GMT): "now" in these tests unless moved. */
export const NOW = '2026-11-21T10:00:00Z';
/** FROM_EMAIL in the seeded settings: where operator copies go. */
export const OPERATOR_EMAIL = 'bookings@ridebook.example';

/** A clock the test moves by hand. */
export function movableClock(start = NOW) {
  let now = new Date(start);
  return {
    clock: () => now,
    set(iso: string) {
      now = new Date(iso);
    },
    advanceMinutes(minutes: number) {
      now = new Date(now.getTime() + minutes * 60_000);
    },
  };
}

/** A complete Quote Now request, a week after NOW. */
export function quoteBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    pickup_address: 'Heathrow Airport Terminal 5, TW6 2GA',
    dropoff_address: 'Charing Cross Station, London WC2N 5HF',
    pickup_date: '2026-11-28',
    pickup_time: '14:30',
    passenger_email: 'alice.smith@example.co.uk',
    passenger_phone: '+44 7700 900123',
    passenger_name: 'Alice Smith',
    additional_info: 'Two large suitcases and a pushchair',
    passengers: 3,
    luggages: 2,
    ...overrides,
  };
}

/** A complete Contact Us message about a booking. */
export function contactBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    firstName: 'Bob',
    lastName: 'Jones',
    email: 'bob.jones@example.com',
    telephone: '+44 20 7946 0018',
    queryReason: 'Lost Item',
    bookingNumber: '123456789',
    comments: 'I left a black umbrella in the car.',
    ...overrides,
  };
}

export type SubmissionPath = 'sendInstantEmail' | 'contactUs';

let lastAddress = 0;
/**
 * A client address no other request in this process has used, so the per-address limit
 * never meets a test that is not about it.
 */
export function freshAddress(): string {
  lastAddress += 1;
  return `10.${(lastAddress >> 16) & 255}.${(lastAddress >> 8) & 255}.${lastAddress & 255}`;
}

/** POSTs raw text (JSON or not) to a submission path, with the demo API keys. */
export function postRaw(
  t: TestApp,
  path: SubmissionPath,
  payload: string,
  options: { headers?: InjectOptions['headers']; ip?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `${API_BASE}${API_PATHS[path]}`,
    headers: { ...API_HEADERS, 'content-type': 'application/json', ...options.headers },
    payload,
    remoteAddress: options.ip ?? freshAddress(),
  });
}

/** POSTs a body as JSON, from a fresh address unless one is given. */
export function submit(
  t: TestApp,
  path: SubmissionPath,
  body: unknown,
  options: { key?: string; headers?: InjectOptions['headers']; ip?: string } = {},
) {
  return postRaw(t, path, JSON.stringify(body), {
    ip: options.ip,
    headers: {
      ...(options.key === undefined ? {} : { 'idempotency-key': options.key }),
      ...options.headers,
    },
  });
}

/** Every stored submission, oldest first. */
export function storedSubmissions(t: Pick<TestApp, 'db'>) {
  return t.db.handle.db.selectFrom('submissions').selectAll().orderBy('id').execute();
}

/** Every queued message, oldest first. */
export function queuedMail(t: Pick<TestApp, 'db'>) {
  return t.db.handle.db
    .selectFrom('outbox')
    .select(['id', 'kind', 'recipient', 'subject', 'text_body', 'html_body', 'status'])
    .orderBy('id')
    .execute();
}

/** Empties what submissions write, between tests that count rows. */
export async function clearSubmissions(t: TestApp): Promise<void> {
  const db = t.db.handle.db;
  await db.deleteFrom('submissions').execute();
  await db.deleteFrom('outbox').execute();
  await db.deleteFrom('idempotency_keys').execute();
}
