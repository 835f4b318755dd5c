import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import { createCheckoutSessionResponseSchema } from '../../src/contract/bookings';
import { managedBookingResponseSchema } from '../../src/contract/manage-booking';
import { API_BASE, MANAGE_TOKEN_HEADER } from '../../src/contract/paths';
import { bookingBody, postApi, quoteFor } from './booking-fixtures';
import { API_HEADERS } from './helpers';
import type { TestApp } from './helpers';
import { pence, type FormBody } from './quote-fixtures';

/** The site's origin as app.inject presents it. */
export const SITE = 'http://localhost';

/** A passenger's call to /manage-booking/…, with their token. */
export function manageCall(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string>; ip?: string } = {},
) {
  return t.app.inject({
    method,
    url: `${API_BASE}/manage-booking${path}`,
    headers: {
      ...API_HEADERS,
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { [MANAGE_TOKEN_HEADER]: options.token } : {}),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { payload: JSON.stringify(options.body) }),
    remoteAddress: options.ip ?? '198.51.100.30',
  });
}

export async function view(t: TestApp, bookingNumber: string, token: string) {
  const res = await manageCall(t, 'GET', `/${bookingNumber}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return managedBookingResponseSchema.parse(res.json()).booking;
}

/** The token of the newest "Manage your booking" link mailed for a booking. */
export async function mailedToken(t: TestApp, bookingNumber: string): Promise<string> {
  const rows = await t.db.handle.db
    .selectFrom('outbox')
    .select(['text_body'])
    .where('text_body', 'like', `%/manage-booking/${bookingNumber}?token=%`)
    .orderBy('id', 'desc')
    .execute();
  const match = new RegExp(`/manage-booking/${bookingNumber}\\?token=([A-Za-z0-9_-]+)`).exec(
    rows[0]?.text_body ?? '',
  );
  if (!match?.[1]) throw new Error(`No manage link mailed for ${bookingNumber}`);
  return match[1];
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A guest's booking paid in the car: its number and token from the confirmation mail. */
export async function carBooking(t: TestApp, form?: FormBody) {
  const { quote, offer } = await quoteFor(t, form ? { form } : {});
  const res = await postApi(
    t,
    'booking',
    bookingBody({ form, selectedVehicleData: { quote_id: quote.quote_id, detail: offer } }),
  );
  expect(res.statusCode, res.body).toBe(200);
  const number = (res.json() as { data: { booking: { booking_number: string } } }).data.booking
    .booking_number;
  return { number, token: await mailedToken(t, number), totalPence: pence(quote.final_price) };
}

/**
 * A guest's card booking through the test provider's checkout: the session, then its Pay
 * button, as a browser presses it.
 */
export async function cardBooking(t: TestApp, form?: FormBody, registrationData?: FormBody) {
  const { quote } = await quoteFor(t, form ? { form } : {});
  const { payment_method: _car, ...inputs } = bookingBody({
    form,
    selectedVehicleData: { quote_id: quote.quote_id },
    ...(registrationData ? { registrationData } : {}),
  });
  const res = await postApi(t, 'createCheckoutSession', {
    ...inputs,
    amount: pence(quote.final_price),
    frontend_url: SITE,
  });
  expect(res.statusCode, res.body).toBe(200);
  const session = createCheckoutSessionResponseSchema.parse(res.json());
  const paid = await t.app.inject({
    method: 'POST',
    url: `/test-checkout/${session.sessionId}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  expect(paid.statusCode, paid.body).toBe(303);
  const booking = await t.db.handle.db
    .selectFrom('bookings')
    .select(['booking_number'])
    .where('checkout_session_id', '=', session.sessionId)
    .executeTakeFirstOrThrow();
  const number = booking.booking_number;
  return { number, token: await mailedToken(t, number), totalPence: pence(quote.final_price) };
}

/** The ledger's sums and what the booking says was paid: they must always agree. */
export async function ledger(t: TestApp, bookingNumber: string) {
  const db = t.db.handle.db;
  const booking = await db
    .selectFrom('bookings')
    .select(['id', 'paid_pence', 'total_pence', 'status'])
    .where('booking_number', '=', bookingNumber)
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('booking_payments')
    .selectAll()
    .where('booking_id', '=', booking.id)
    .orderBy('id')
    .execute();
  const sum = (kind: string) =>
    rows.filter((row) => row.kind === kind).reduce((total, row) => total + row.amount_pence, 0);
  return {
    booking,
    rows,
    charges: sum('charge'),
    refunds: sum('refund'),
    /** paid = charges − refunds, as the booking records it. */
    balanced: booking.paid_pence === sum('charge') - sum('refund'),
  };
}
