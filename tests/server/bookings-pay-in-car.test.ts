import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookingResponseSchema } from '../../src/contract/bookings';
import { BOOKING_MESSAGES, MESSAGES } from '../../src/domain/messages';
import { testDatabaseKinds } from './helpers';
import type { TestApp } from './helpers';
import {
  bookingBody,
  clearBookings,
  countMail,
  countRows,
  guestRegistration,
  newClientRegistration,
  offersFor,
  postApi,
  quoteFor,
  startBookingApp,
} from './booking-fixtures';
import {
  GATWICK_SOUTH,
  HEATHROW_T5,
  hourlyForm,
  mileageForm,
  pence,
  withSettings,
} from './quote-fixtures';

describe.each(testDatabaseKinds())('POST /booking, pay in car, on %s', (kind) => {
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

  async function book(body: Record<string, unknown>) {
    const res = await postApi(t, 'booking', body);
    expect(res.statusCode, res.body).toBe(200);
    return bookingResponseSchema.parse(res.json()).data;
  }

  it('books a one-way quote at the quoted price, with passenger details and both mails', async () => {
    const { quote, offer } = await quoteFor(t, {
      form: mileageForm({ pickup_fight_number: 'BA283' }),
    });
    const data = await book(
      bookingBody({
        form: mileageForm({ pickup_fight_number: 'BA 283' }),
        selectedVehicleData: { quote_id: quote.quote_id, detail: offer },
      }),
    );
    expect(data.booking).toMatchObject({
      ride_type: 'Q',
      journey_type: 'one_way',
      pick_up_address: HEATHROW_T5,
      drop_off_address: GATWICK_SOUTH,
      pick_up_date: '2026-11-24',
      pick_up_time: '10:15',
      return_date: null,
      hourly_duration: null,
      payment_method: 'car',
      payment_status: 'pay_in_car',
      // A new booking waits for the operator to confirm it.
      status: 'pending',
      total_booking_amount: quote.final_price,
      // Typed on the details step after the quote: the booking keeps what was sent.
      flight_no: 'BA 283',
      vehicle_type: offer.vehicle_type,
      company_name: offer.company_name,
      vehicle_count: 1,
    });
    expect(data.booking.booking_number).toMatch(/^[1-9]\d{8}$/);
    expect(data.passengerDetails).toEqual({
      passenger_id: null,
      passenger_email: 'ada@example.co.uk',
      passenger_contact_no: '+44 7700 900123',
      passenger_name: 'Ada Lovelace',
      additional_info: 'Two large cases',
      return_additional_info: '',
      total_passengers: 2,
    });
    const row = await t.db.handle.db
      .selectFrom('bookings')
      .select(['quote_id', 'total_pence', 'pickup_at'])
      .executeTakeFirstOrThrow();
    expect(row.quote_id).toBe(quote.quote_id);
    expect(row.total_pence).toBe(pence(quote.final_price));
    expect(new Date(row.pickup_at).toISOString()).toBe('2026-11-24T10:15:00.000Z');
    expect(await countMail(t, 'booking-confirmation')).toBe(1);
    expect(await countMail(t, 'operator-new-booking')).toBe(1);
  });

  it('books a return with stops, priced again when there is no quote', async () => {
    const form = mileageForm({
      select_option: 'return',
      return_date: '2026-11-27',
      return_hour: '6pm',
      return_min: '30',
      return_fight_number: 'EZY8021',
      stops: [
        { street_name: 'Broad Street', number: '12', postcode: 'RG1 2BH' },
        { street_name: '', number: '', postcode: '' },
      ],
    });
    const [offer] = await offersFor(t, form);
    if (!offer) throw new Error('no offer');
    const data = await book(
      bookingBody({
        form,
        selectedVehicleData: { vehicle_id: offer.vehicle_id, company_id: offer.company_id },
      }),
    );
    expect(data.booking).toMatchObject({
      journey_type: 'return',
      return_pickup_address: GATWICK_SOUTH,
      return_dropoff_address: HEATHROW_T5,
      return_date: '2026-11-27',
      return_time: '18:30',
      return_flight_no: 'EZY8021',
      total_booking_amount: offer.final_price,
    });
    expect(data.bookingStops).toHaveLength(1);
    expect(data.bookingStops[0]).toMatchObject({
      stop_address: 'Broad Street',
      stop_post_code: 'RG1 2BH',
      stop_street_number: '12',
    });
  });

  it('books an hourly hire with ride type H and its hours', async () => {
    const { quote, offer } = await quoteFor(t, {
      hourly: true,
      form: hourlyForm({ pickup_duration: '6hour' }),
    });
    const data = await book(
      bookingBody({
        hourly: true,
        form: hourlyForm({ pickup_duration: '6hour' }),
        selectedVehicleData: {
          quote_id: quote.quote_id,
          vehicle_id: offer.vehicle_id,
          company_id: offer.company_id,
        },
      }),
    );
    expect(data.booking).toMatchObject({
      ride_type: 'H',
      journey_type: 'hourly',
      drop_off_address: '',
      hourly_duration: 6,
      pick_up_time: '10:00',
      total_booking_amount: quote.final_price,
    });
    expect(data.passengerDetails.total_passengers).toBe(1);
  });

  it('ignores every price the client sends', async () => {
    const { quote, offer } = await quoteFor(t);
    const tampered = { price: 0.01, final_price: 0.01, breakdown: { final_price: 0.01 } };
    const data = await book(
      bookingBody({
        selectedVehicleData: {
          quote_id: quote.quote_id,
          ...offer,
          ...tampered,
          detail: { ...offer, ...tampered },
        },
        extra: { amount: 1, total_booking_amount: 0.01, final_price: 0.01 },
      }),
    );
    expect(data.booking.total_booking_amount).toBe(quote.final_price);
    expect(quote.final_price).toBeGreaterThan(1);
    // And without a quote, the server's own price for the vehicle.
    const again = await book(
      bookingBody({ selectedVehicleData: { ...offer, ...tampered, vehicle_count: 2 } }),
    );
    expect(pence(again.booking.total_booking_amount)).toBe(2 * pence(offer.final_price));
  });

  it('prices an expired quote again from the inputs', async () => {
    const { quote, offer } = await quoteFor(t, { form: mileageForm({ passengers: '1' }) });
    await t.db.handle.db
      .updateTable('quotes')
      .set({ expires_at: new Date('2026-11-21T09:00:00Z'), final_pence: 1, price_pence: 1 })
      .where('id', '=', quote.quote_id)
      .execute();
    const data = await book(
      bookingBody({
        form: mileageForm({ passengers: '1' }),
        selectedVehicleData: { quote_id: quote.quote_id },
      }),
    );
    expect(data.booking.total_booking_amount).toBe(offer.final_price);
    const row = await t.db.handle.db
      .selectFrom('bookings')
      .select('quote_id')
      .executeTakeFirstOrThrow();
    expect(row.quote_id).toBeNull();
  });

  it('refuses a booking whose vehicle disagrees with its quote (409), writing nothing', async () => {
    const { quote, offer } = await quoteFor(t);
    const res = await postApi(
      t,
      'booking',
      bookingBody({
        selectedVehicleData: {
          quote_id: quote.quote_id,
          vehicle_id: offer.vehicle_id,
          company_id: offer.company_id,
          vehicle_count: 3,
        },
      }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(BOOKING_MESSAGES.priceChanged);
    expect(await countRows(t, 'bookings')).toBe(0);
  });

  it('names the bad field in a 400, using the spec texts for its Next checks', async () => {
    const { offer } = await quoteFor(t);
    const selectedVehicleData = { vehicle_id: offer.vehicle_id, company_id: offer.company_id };
    const cases: [Record<string, unknown>, string, string | RegExp][] = [
      [
        { registrationData: guestRegistration({ email: '' }) },
        'registrationData.email',
        BOOKING_MESSAGES.emailRequired,
      ],
      [
        { registrationData: guestRegistration({ email: 'not-an-email' }) },
        'registrationData.email',
        /valid email/,
      ],
      [
        { registrationData: guestRegistration({ number: '' }) },
        'registrationData.number',
        /contact number/,
      ],
      [
        {
          registrationData: newClientRegistration({ password: '' }),
          selected_passenger: 'new_client',
        },
        'registrationData.password',
        BOOKING_MESSAGES.passwordRequired,
      ],
      [
        {
          registrationData: newClientRegistration({ privacyAccepted: false }),
          selected_passenger: 'new_client',
        },
        'registrationData.privacyAccepted',
        BOOKING_MESSAGES.privacyRequired,
      ],
      [
        {
          registrationData: newClientRegistration({ termsAccepted: false }),
          selected_passenger: 'new_client',
        },
        'registrationData.termsAccepted',
        BOOKING_MESSAGES.termsRequired,
      ],
      [
        {
          registrationData: newClientRegistration({ password: 'password' }),
          selected_passenger: 'new_client',
        },
        'registrationData.password',
        /too common|at least 8/,
      ],
      [{ bookingForm: mileageForm({ pickup_date: 'soon' }) }, 'bookingForm.pickup_date', /date/],
      [{ bookingForm: undefined }, 'bookingForm', MESSAGES.bookingFormMissing],
      [{ registrationData: undefined }, 'registrationData', BOOKING_MESSAGES.emailRequired],
      [{ selectedVehicleData: {} }, 'selectedVehicleData.vehicle_id', /Choose a vehicle/],
    ];
    for (const [change, path, message] of cases) {
      const res = await postApi(t, 'booking', {
        ...bookingBody({ selectedVehicleData }),
        ...change,
      });
      expect(res.statusCode, res.body).toBe(400);
      const issue = res.json().errors[0];
      expect(issue.path).toBe(path);
      if (typeof message === 'string') expect(issue.message).toBe(message);
      else expect(issue.message).toMatch(message);
    }
    expect(await countRows(t, 'bookings')).toBe(0);
  });

  it('applies the pricing rules: a pickup inside the grace period is a 422', async () => {
    const { offer } = await quoteFor(t);
    const res = await postApi(
      t,
      'booking',
      bookingBody({
        form: mileageForm({ pickup_date: '2026-11-21', pickup_hour: '11am', pickup_min: '00' }),
        selectedVehicleData: { vehicle_id: offer.vehicle_id, company_id: offer.company_id },
      }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(MESSAGES.graceTime);
  });

  it('refuses guests when GUEST_LOGIN is disable, and pay in car when SHOWPAYINCAR is no', async () => {
    const { quote } = await quoteFor(t);
    const body = bookingBody({ selectedVehicleData: { quote_id: quote.quote_id } });
    await withSettings(t, { GUEST_LOGIN: 'disable' }, async () => {
      const res = await postApi(t, 'booking', body);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(BOOKING_MESSAGES.guestNotAllowed);
    });
    await withSettings(t, { SHOWPAYINCAR: 'no' }, async () => {
      const res = await postApi(t, 'booking', body);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(BOOKING_MESSAGES.payInCarNotAllowed);
    });
    expect(await countRows(t, 'bookings')).toBe(0);
  });

  it('registers a new client in the booking; the same email again books unlinked, making no account', async () => {
    const { quote } = await quoteFor(t);
    const body = bookingBody({
      selectedVehicleData: { quote_id: quote.quote_id },
      registrationData: newClientRegistration(),
      mode: 'new_client',
    });
    const data = await book(body);
    const account = await t.db.handle.db
      .selectFrom('passengers')
      .select(['id', 'email', 'first_name', 'password_hash'])
      .executeTakeFirstOrThrow();
    expect(account).toMatchObject({ email: 'grace@example.co.uk', first_name: 'Grace' });
    expect(account.password_hash).toMatch(/^\$argon2id\$/);
    // The booking is the account's; its answer shows no id (a registered email's would be null).
    const linked = await t.db.handle.db
      .selectFrom('booking_passengers')
      .select('passenger_id')
      .executeTakeFirstOrThrow();
    expect(linked.passenger_id).toBe(account.id);
    expect(data.passengerDetails.passenger_id).toBeNull();

    const again = await postApi(t, 'booking', {
      ...body,
      registrationData: newClientRegistration({ email: 'GRACE@example.co.uk ' }),
    });
    expect(again.statusCode).toBe(200);
    expect(await countRows(t, 'bookings')).toBe(2);
    expect(await countRows(t, 'passengers')).toBe(1);
  });

  it('books for an existing client with the right password and refuses a wrong one', async () => {
    const { quote } = await quoteFor(t);
    await book(
      bookingBody({
        selectedVehicleData: { quote_id: quote.quote_id },
        registrationData: newClientRegistration(),
        mode: 'new_client',
      }),
    );
    const signIn = (password: string) =>
      bookingBody({
        selectedVehicleData: { quote_id: quote.quote_id },
        registrationData: { email: 'grace@example.co.uk', password },
        mode: 'existing_client',
      });
    const wrong = await postApi(t, 'booking', signIn('not-her-password'));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(BOOKING_MESSAGES.emailNotFound);
    const unknown = await postApi(t, 'booking', {
      ...signIn('cobol-compiler-1959'),
      registrationData: { email: 'nobody@example.co.uk', password: 'cobol-compiler-1959' },
    });
    expect(unknown.statusCode).toBe(401);
    expect(await countRows(t, 'bookings')).toBe(1);

    const data = await book(signIn('cobol-compiler-1959'));
    expect(data.passengerDetails).toMatchObject({
      passenger_name: 'Grace Hopper',
      passenger_email: 'grace@example.co.uk',
      passenger_contact_no: '+44 7700 900123',
    });
    expect(data.passengerDetails.passenger_id).not.toBeNull();
  });

  it('books for someone else with their details', async () => {
    const { quote } = await quoteFor(t);
    const data = await book(
      bookingBody({
        selectedVehicleData: { quote_id: quote.quote_id },
        registrationData: guestRegistration({
          passengerDetails: 'yes',
          passengerName: 'Charles',
          passengerLastname: 'Babbage',
          passengerEmail: 'charles@example.co.uk',
          passengerPhone: '07700 900456',
        }),
      }),
    );
    expect(data.passengerDetails).toMatchObject({
      passenger_name: 'Charles Babbage',
      passenger_email: 'charles@example.co.uk',
      passenger_contact_no: '07700 900456',
    });
  });
});
