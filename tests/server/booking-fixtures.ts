import { expect } from 'vitest';
import type { InjectOptions } from 'fastify';
import { API_BASE, API_PATHS } from '../../src/contract/paths';
import {
  priceDetailsResponseSchema,
  selectedVehiclePriceResponseSchema,
} from '../../src/contract/quotes';
import type { PriceDetail } from '../../src/contract/quotes';
import { API_HEADERS, startTestApp, tempDir } from './helpers';
import type { TestApp, TestDatabaseKind } from './helpers';
import { fixedClock, hourlyForm, mileageForm, postQuote } from './quote-fixtures';
import type { FormBody } from './quote-fixtures';
import type { BuildAppOptions } from '../../src/server/app';

/**
 * An app for booking tests: fixed clock (or the test's own, to move it), and mail files in a
 * directory of its own. Every booking comes from one address with a few emails, so the
 * booking limits are off unless `env` sets them (attempt-limits.test.ts does).
 */
export async function startBookingApp(
  kind: TestDatabaseKind,
  env: Record<string, string> = {},
  clock: () => Date = fixedClock,
  options: { pushAgent?: BuildAppOptions['pushAgent'] } = {},
): Promise<TestApp> {
  const data = await tempDir('ridebook-bookings');
  const t = await startTestApp(kind, {
    clock,
    pushAgent: options.pushAgent,
    env: {
      DATA_DIR: data.dir,
      PAYMENT_PROVIDER: 'test',
      BOOKING_LIMIT_PER_EMAIL: '0',
      BOOKING_LIMIT_PER_ADDRESS: '0',
      ...env,
    },
  });
  return {
    ...t,
    async close() {
      await t.close();
      await data.remove();
    },
  };
}

/** A guest's registrationData. */
export function guestRegistration(overrides: FormBody = {}): FormBody {
  return {
    firstName: 'Ada',
    surname: 'Lovelace',
    email: 'ada@example.co.uk',
    number: '+44 7700 900123',
    additionalInfo: 'Two large cases',
    ...overrides,
  };
}

/** A new client's registrationData, with a password off the common lists. */
export function newClientRegistration(overrides: FormBody = {}): FormBody {
  return guestRegistration({
    email: 'grace@example.co.uk',
    firstName: 'Grace',
    surname: 'Hopper',
    password: 'cobol-compiler-1959',
    privacyAccepted: true,
    termsAccepted: true,
    ...overrides,
  });
}

/** The offers for a mileage form (or hourly when `hourly`), as the results page gets them. */
export async function offersFor(
  t: TestApp,
  form: FormBody,
  hourly = false,
): Promise<PriceDetail[]> {
  const res = await postQuote(t, hourly ? 'calculateHourlyPrice' : 'calculateDistancePrice', form);
  expect(res.statusCode, res.body).toBe(200);
  return priceDetailsResponseSchema.parse(res.json()).price_details;
}

/** A stored quote for the cheapest offer of a form; what the browser keeps as selectedVehicleData. */
export async function quoteFor(
  t: TestApp,
  options: { form?: FormBody; hourly?: boolean; vehicleCount?: number } = {},
) {
  const hourly = options.hourly ?? false;
  const form = options.form ?? (hourly ? hourlyForm() : mileageForm());
  const [offer] = await offersFor(t, form, hourly);
  if (!offer) throw new Error('No offer for the form');
  const res = await postQuote(t, 'calculateSelectedVehiclePrice', {
    bookingType: hourly ? 'hourly' : 'milleage',
    [hourly ? 'hourlyRateForm' : 'bookingForm']: form,
    vehicle_id: offer.vehicle_id,
    company_id: offer.company_id,
    vehicle_count: options.vehicleCount ?? 1,
  });
  expect(res.statusCode, res.body).toBe(200);
  const quote = selectedVehiclePriceResponseSchema.parse(res.json());
  return { offer, quote, form };
}

/** A POST /booking body paying in the car, as the browser sends it. */
export function bookingBody(options: {
  form?: FormBody;
  hourly?: boolean;
  selectedVehicleData: FormBody;
  registrationData?: FormBody;
  mode?: 'guest_login' | 'new_client' | 'existing_client';
  extra?: FormBody;
}): FormBody {
  const hourly = options.hourly ?? false;
  return {
    selectedVehicleData: options.selectedVehicleData,
    selectedVehicle: 1,
    bookingType: hourly ? 'hourly' : 'milleage',
    [hourly ? 'hourlyRateForm' : 'bookingForm']:
      options.form ?? (hourly ? hourlyForm() : mileageForm()),
    registrationData: options.registrationData ?? guestRegistration(),
    selected_passenger: options.mode ?? 'guest_login',
    payment_method: 'car',
    ...options.extra,
  };
}

/** POSTs to an /api/v1 call with the demo keys. */
export function postApi(
  t: TestApp,
  path: keyof typeof API_PATHS,
  body: unknown,
  headers: InjectOptions['headers'] = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `${API_BASE}${API_PATHS[path]}`,
    headers: { ...API_HEADERS, 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(body),
  });
}

/**
 * A booking answer without its manage token, which each answer mints afresh (a stored answer
 * for a replay never holds one): what a replay must otherwise repeat exactly.
 */
export function withoutToken(body: { data: Record<string, unknown> }) {
  return { ...body, data: { ...body.data, manage_token: undefined } };
}

export async function countRows(
  t: TestApp,
  table: 'bookings' | 'checkout_sessions' | 'passengers' | 'booking_stops',
): Promise<number> {
  const row = await t.db.handle.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countMail(t: TestApp, kind: string): Promise<number> {
  const row = await t.db.handle.db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('kind', '=', kind)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Empties the booking tables between tests that count rows. */
export async function clearBookings(t: TestApp): Promise<void> {
  const db = t.db.handle.db;
  await db.deleteFrom('checkout_sessions').execute();
  await db.deleteFrom('booking_stops').execute();
  await db.deleteFrom('booking_passengers').execute();
  await db.deleteFrom('bookings').execute();
  await db.deleteFrom('outbox').execute();
  await db.deleteFrom('idempotency_keys').execute();
  await db.deleteFrom('reset_codes').execute();
  await db.deleteFrom('passengers').execute();
}
