import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingNumberResponseSchema,
  bookingResponseSchema,
  createCheckoutSessionResponseSchema,
} from '../../src/contract/bookings';
import { BOOKING_MESSAGES } from '../../src/domain/messages';
import { TEST_CHECKOUT_PATH } from '../../src/server/services/payments/test-provider';
import { API_BASE, MANAGE_TOKEN_HEADER } from '../../src/contract/paths';
import { API_HEADERS, startTestApp, tempDir, testDatabaseKinds } from './helpers';
import type { TestApp } from './helpers';
import { bookingBody, guestRegistration, postApi, quoteFor } from './booking-fixtures';
import { fixedClock, pence } from './quote-fixtures';

const SITE = 'http://localhost';
const PASSENGER = guestRegistration({
  firstName: 'Marie',
  surname: 'Curie',
  email: 'marie.curie@example.co.uk',
  number: '+44 7700 900456',
});

describe.each(testDatabaseKinds())('a paid session id on %s', (kind) => {
  let t: TestApp;
  let removeData: () => Promise<void>;
  const logged: string[] = [];
  beforeAll(async () => {
    const data = await tempDir('ridebook-session-privacy');
    removeData = data.remove;
    t = await startTestApp(kind, {
      clock: fixedClock,
      env: { DATA_DIR: data.dir, PAYMENT_PROVIDER: 'test' },
      logger: { level: 'info', stream: { write: (line: string) => logged.push(line) } },
    });
  });
  afterAll(async () => {
    await t?.close();
    await removeData?.();
  });

  /** A checkout session for Marie's booking, paid on the test page (which books it). */
  async function paidSession(): Promise<string> {
    const { quote } = await quoteFor(t);
    const { payment_method: _car, ...inputs } = bookingBody({
      selectedVehicleData: { quote_id: quote.quote_id },
      registrationData: PASSENGER,
    });
    const opened = await postApi(t, 'createCheckoutSession', {
      ...inputs,
      amount: pence(quote.final_price),
      frontend_url: SITE,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const { sessionId } = createCheckoutSessionResponseSchema.parse(opened.json());
    const page = await t.app.inject({ method: 'GET', url: `${TEST_CHECKOUT_PATH}/${sessionId}` });
    expect(page.statusCode).toBe(200);
    const pay = await t.app.inject({
      method: 'POST',
      url: `${TEST_CHECKOUT_PATH}/${sessionId}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(pay.statusCode).toBe(303);
    return sessionId;
  }

  const cardBody = (sessionId: string) => ({
    payment_method: 'card',
    stripe_session_id: sessionId,
    selectedVehicleData: {},
    bookingType: 'milleage',
  });

  it('gives the booking details to the first POST /booking only; its key replays them', async () => {
    const sessionId = await paidSession();
    const key = randomUUID();
    const firstRes = await postApi(t, 'booking', cardBody(sessionId), { 'idempotency-key': key });
    expect(firstRes.statusCode, firstRes.body).toBe(200);
    const first = bookingResponseSchema.parse(firstRes.json());
    expect(first.data.passengerDetails).toMatchObject({
      passenger_name: 'Marie Curie',
      passenger_email: PASSENGER.email,
    });
    const number = first.data.booking.booking_number;

    const numberOnly = {
      success: true,
      message: BOOKING_MESSAGES.bookingAlreadyConfirmed,
      data: { booking: { booking_number: number } },
    };
    for (const headers of [{}, { 'idempotency-key': randomUUID() }]) {
      const again = await postApi(t, 'booking', cardBody(sessionId), headers);
      expect(again.statusCode).toBe(200);
      expect(bookingNumberResponseSchema.parse(again.json())).toEqual(numberOnly);
      // No manage token for whoever else holds the session id.
      expect(again.body).not.toContain('manage_token');
      for (const personal of [
        'Marie',
        'Curie',
        PASSENGER.email,
        '900456',
        first.data.booking.pick_up_address,
        first.data.booking.drop_off_address,
      ]) {
        expect(again.body).not.toContain(personal);
      }
    }

    // The browser that booked, on a patchy connection, sends its key again: the whole answer.
    const replay = await postApi(t, 'booking', cardBody(sessionId), { 'idempotency-key': key });
    expect(replay.statusCode).toBe(200);
    // The same booking; its manage token is minted afresh for each answer (none is stored).
    const replayed = bookingResponseSchema.parse(replay.json());
    expect({ ...replayed.data, manage_token: 'x' }).toEqual({ ...first.data, manage_token: 'x' });
    for (const token of [first.data.manage_token, replayed.data.manage_token]) {
      const opened = await t.app.inject({
        method: 'GET',
        url: `${API_BASE}/manage-booking/${number}`,
        headers: { ...API_HEADERS, [MANAGE_TOKEN_HEADER]: token ?? '' },
      });
      expect(opened.statusCode, opened.body).toBe(200);
    }
    expect(replayed.data.manage_token).not.toBe(first.data.manage_token);
  });

  it('never writes a session id in the request log', async () => {
    const sessionId = await paidSession();
    await t.app.inject({ method: 'GET', url: `/payment-success?session_id=${sessionId}` });
    await t.app.inject({ method: 'POST', url: `${TEST_CHECKOUT_PATH}/${sessionId}/cancel` });
    await expect
      .poll(() => logged.filter((line) => line.includes(TEST_CHECKOUT_PATH)).length)
      .toBeGreaterThanOrEqual(3);
    const everything = logged.join('\n');
    expect(everything).toContain(`${TEST_CHECKOUT_PATH}/:id/pay`);
    expect(everything).not.toContain(sessionId);
  });
});
