import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookingResponseSchema } from '../../src/contract/bookings';
import { BOOKING_MESSAGES } from '../../src/domain/messages';
import { testDatabaseKinds } from './helpers';
import type { TestApp } from './helpers';
import {
  bookingBody,
  clearBookings,
  countMail,
  countRows,
  guestRegistration,
  newClientRegistration,
  postApi,
  quoteFor,
  startBookingApp,
  withoutToken,
} from './booking-fixtures';

describe.each(testDatabaseKinds())('POST /booking with an Idempotency-Key on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startBookingApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await clearBookings(t);
  });

  it('creates one booking from 20 concurrent requests with one key, all answered alike', async () => {
    const { quote } = await quoteFor(t);
    const body = bookingBody({ selectedVehicleData: { quote_id: quote.quote_id } });
    const key = crypto.randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => postApi(t, 'booking', body, { 'idempotency-key': key })),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const numbers = new Set(
      answers.map((res) => bookingResponseSchema.parse(res.json()).data.booking.booking_number),
    );
    expect(numbers.size).toBe(1);
    expect(await countRows(t, 'bookings')).toBe(1);
    expect(await countMail(t, 'booking-confirmation')).toBe(1);
  });

  it('registers a new client once when the same request races itself', async () => {
    const { quote } = await quoteFor(t);
    const body = bookingBody({
      selectedVehicleData: { quote_id: quote.quote_id },
      registrationData: newClientRegistration(),
      mode: 'new_client',
    });
    const key = crypto.randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => postApi(t, 'booking', body, { 'idempotency-key': key })),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    expect(await countRows(t, 'bookings')).toBe(1);
    expect(await countRows(t, 'passengers')).toBe(1);
  });

  it('replays the first answer later and refuses the key with another body (422)', async () => {
    const { quote } = await quoteFor(t);
    const body = bookingBody({ selectedVehicleData: { quote_id: quote.quote_id } });
    const key = crypto.randomUUID();
    const first = await postApi(t, 'booking', body, { 'idempotency-key': key });
    expect(first.statusCode).toBe(200);
    // The quote expires; the replay still answers what was booked.
    await t.db.handle.db
      .updateTable('quotes')
      .set({ expires_at: new Date(0) })
      .execute();
    const replay = await postApi(t, 'booking', body, { 'idempotency-key': key });
    expect(replay.statusCode).toBe(200);
    // The same booking; only the manage token is fresh (a stored answer never holds one).
    expect(withoutToken(replay.json())).toEqual(withoutToken(first.json()));
    expect(replay.json().data.manage_token).toEqual(expect.any(String));

    const other = await postApi(
      t,
      'booking',
      { ...body, registrationData: guestRegistration({ firstName: 'Someone' }) },
      { 'idempotency-key': key },
    );
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe(BOOKING_MESSAGES.idempotencyKeyReused);
    expect(await countRows(t, 'bookings')).toBe(1);
  });

  it('lets a corrected request reuse the key of a refused one', async () => {
    const { quote } = await quoteFor(t);
    const key = crypto.randomUUID();
    const bad = await postApi(
      t,
      'booking',
      bookingBody({
        selectedVehicleData: { quote_id: quote.quote_id },
        registrationData: guestRegistration({ number: '' }),
      }),
      { 'idempotency-key': key },
    );
    expect(bad.statusCode).toBe(400);
    const good = await postApi(
      t,
      'booking',
      bookingBody({ selectedVehicleData: { quote_id: quote.quote_id } }),
      { 'idempotency-key': key },
    );
    expect(good.statusCode, good.body).toBe(200);
  });

  it('refuses a malformed key with a 400 naming the header', async () => {
    const { quote } = await quoteFor(t);
    const res = await postApi(
      t,
      'booking',
      bookingBody({ selectedVehicleData: { quote_id: quote.quote_id } }),
      { 'idempotency-key': 'has spaces in it' },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('Idempotency-Key');
  });
});
