import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bookingResponseSchema,
  createCheckoutSessionResponseSchema,
} from '../../src/contract/bookings';
import { ALICE, addPassenger } from './accounts-fixtures';
import {
  bookingBody,
  clearBookings,
  countRows,
  newClientRegistration,
  postApi,
  quoteFor,
  startBookingApp,
} from './booking-fixtures';
import { testDatabaseKinds } from './helpers';
import type { TestApp } from './helpers';
import { pence } from './quote-fixtures';

/** A JSON value with every leaf replaced by its type: what two answers must share. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, shape(child)]));
  }
  return value === null ? 'null' : typeof value;
}

describe.each(testDatabaseKinds())('a new client giving a registered email, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startBookingApp(kind, { MAIL_POLL_INTERVAL_MS: '0' });
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    await clearBookings(t);
  });

  async function alice() {
    return t.db.handle.db
      .selectFrom('passengers')
      .selectAll()
      .where('email_key', '=', ALICE.email)
      .executeTakeFirstOrThrow();
  }

  async function mailsTo(recipient: string) {
    return (
      t.db.handle.db
        .selectFrom('outbox')
        .select(['kind', 'text_body'])
        // However the booker typed it.
        .where(sql`lower(trim(recipient))`, '=', recipient)
        .orderBy('id')
        .execute()
    );
  }

  it('books as usual, answers as a new registration does, and tells the owner by mail', async () => {
    await addPassenger(t, ALICE);
    const before = await alice();
    const { quote } = await quoteFor(t);
    const newClient = (email: string) =>
      bookingBody({
        selectedVehicleData: { quote_id: quote.quote_id },
        registrationData: newClientRegistration({ email, password: 'someone-elses-1959' }),
        mode: 'new_client',
      });

    const fresh = await postApi(t, 'booking', newClient('grace@example.co.uk'));
    const taken = await postApi(t, 'booking', newClient(` ${ALICE.email.toUpperCase()}`));
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(taken.statusCode, taken.body).toBe(fresh.statusCode);
    expect(shape(taken.json())).toEqual(shape(fresh.json()));
    const freshData = bookingResponseSchema.parse(fresh.json()).data;
    const takenData = bookingResponseSchema.parse(taken.json()).data;
    expect(takenData.passengerDetails.passenger_id).toBeNull();
    expect(freshData.passengerDetails.passenger_id).toBeNull();

    // The account is untouched and the booking is not linked to it.
    expect(await alice()).toEqual(before);
    expect(await countRows(t, 'passengers')).toBe(2);
    const link = await t.db.handle.db
      .selectFrom('booking_passengers')
      .innerJoin('bookings', 'bookings.id', 'booking_passengers.booking_id')
      .select('booking_passengers.passenger_id')
      .where('bookings.booking_number', '=', takenData.booking.booking_number)
      .executeTakeFirstOrThrow();
    expect(link.passenger_id).toBeNull();

    // The owner learns it; the fresh client gets no such mail.
    const toAlice = await mailsTo(ALICE.email);
    const notice = toAlice.find((mail) => mail.kind === 'account-exists');
    expect(notice?.text_body).toContain(takenData.booking.booking_number);
    expect(notice?.text_body).toContain('Forgot password');
    expect(toAlice.map((mail) => mail.kind)).toContain('booking-confirmation');
    expect((await mailsTo('grace@example.co.uk')).map((mail) => mail.kind)).not.toContain(
      'account-exists',
    );
  });

  it('opens a checkout as for a new registration, and books it unlinked once paid', async () => {
    await addPassenger(t, ALICE);
    const before = await alice();
    const { quote } = await quoteFor(t);
    const checkout = (email: string) => {
      const { payment_method: _car, ...inputs } = bookingBody({
        selectedVehicleData: { quote_id: quote.quote_id },
        registrationData: newClientRegistration({ email }),
        mode: 'new_client',
      });
      return { ...inputs, amount: pence(quote.final_price), frontend_url: 'http://localhost' };
    };
    const fresh = await postApi(t, 'createCheckoutSession', checkout('grace@example.co.uk'));
    const taken = await postApi(t, 'createCheckoutSession', checkout(ALICE.email));
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(shape(taken.json())).toEqual(shape(fresh.json()));

    const session = createCheckoutSessionResponseSchema.parse(taken.json());
    await t.app.inject({ method: 'POST', url: `/test-checkout/${session.sessionId}/pay` });
    expect(await countRows(t, 'bookings')).toBe(1);
    expect(await alice()).toEqual(before);
    expect((await mailsTo(ALICE.email)).map((mail) => mail.kind)).toContain('account-exists');
  });
});
