import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createCheckoutSessionResponseSchema } from '../../src/contract/bookings';
import { cancelResponseSchema } from '../../src/contract/manage-booking';
import { operatorBookingResponseSchema } from '../../src/contract/operator';
import { driversResponseSchema } from '../../src/contract/operator-drivers';
import { API_BASE, API_PATHS } from '../../src/contract/paths';
import { bookingBody, clearBookings, postApi, quoteFor } from './booking-fixtures';
import { fakeStripeConfig, startFakeStripe, type FakeStripe } from './fakes/stripe-server';
import { startTestApp, tempDir, testDatabaseKinds, type TestApp } from './helpers';
import { ledger, mailedToken, manageCall, SITE, view } from './manage-booking-fixtures';
import { consoleCall, dispatcherOf, signIn } from './operator-fixtures';
import { readPdf } from './receipt-fixtures';
import { FIXED_NOW, mileageForm, pence, type FormBody } from './quote-fixtures';

const WEBHOOK_SECRET = 'whsec_manage_booking_test';
/** Only its webhook helpers are used: they sign as Stripe does. */
const signer = new Stripe('sk_test_signer_only');

describe.each(testDatabaseKinds())('refunds through Stripe on %s', (kind) => {
  let t: TestApp;
  let fake: FakeStripe;
  let removeData: () => Promise<void>;
  beforeAll(async () => {
    fake = await startFakeStripe();
    const data = await tempDir('ridebook-manage-stripe');
    removeData = data.remove;
    t = await startTestApp(kind, {
      clock: () => FIXED_NOW,
      env: {
        DATA_DIR: data.dir,
        BOOKING_LIMIT_PER_EMAIL: '0',
        BOOKING_LIMIT_PER_ADDRESS: '0',
        REFUND_RETRY_MS: '0',
        // Mail stays in the outbox, where the tests read the links, until a test drains it.
        MAIL_POLL_INTERVAL_MS: '0',
        ...fakeStripeConfig(fake, WEBHOOK_SECRET),
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
    await removeData?.();
  });
  beforeEach(async () => {
    fake.refundMode = 'succeeded';
    await clearBookings(t);
  });

  /** A card booking paid on (fake) Stripe Checkout and confirmed by its signed webhook. */
  async function stripeBooking(form?: FormBody) {
    const { quote } = await quoteFor(t, form ? { form } : {});
    const { payment_method: _car, ...inputs } = bookingBody({
      form,
      selectedVehicleData: { quote_id: quote.quote_id },
    });
    const res = await postApi(t, 'createCheckoutSession', {
      ...inputs,
      amount: pence(quote.final_price),
      frontend_url: SITE,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { sessionId } = createCheckoutSessionResponseSchema.parse(res.json());
    const session = fake.pay(sessionId);
    expect((await webhook(fake.completedEvent(sessionId))).statusCode).toBe(200);
    const { booking_number: number } = await t.db.handle.db
      .selectFrom('bookings')
      .select('booking_number')
      .where('checkout_session_id', '=', sessionId)
      .executeTakeFirstOrThrow();
    return {
      number,
      token: await mailedToken(t, number),
      intent: session.payment_intent!,
      totalPence: pence(quote.final_price),
    };
  }

  function webhook(payload: string) {
    return t.app.inject({
      method: 'POST',
      url: `${API_BASE}${API_PATHS.stripeWebhook}`,
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signer.webhooks.generateTestHeaderString({
          payload,
          secret: WEBHOOK_SECRET,
        }),
      },
      payload,
    });
  }

  it('refunds through the Refunds API once, with a key derived from the booking, settled by charge.refunded', async () => {
    fake.refundMode = 'pending';
    const { number, token, intent, totalPence } = await stripeBooking();
    const cancels = await Promise.all(
      [1, 2, 3].map((i) =>
        manageCall(t, 'POST', `/${number}/cancel`, {
          token,
          body: {},
          headers: { 'idempotency-key': `tab-${i}` },
        }),
      ),
    );
    expect(cancels.map((res) => res.statusCode).sort()).toEqual([200, 409, 409]);
    const answer = cancelResponseSchema.parse(cancels.find((r) => r.statusCode === 200)!.json());
    expect(answer.refund).toEqual({ amount: totalPence / 100, status: 'pending' });

    expect(fake.refundRequests).toHaveLength(1);
    const [request] = fake.refundRequests;
    expect(request!.params).toMatchObject({ payment_intent: intent, amount: String(totalPence) });
    expect(request!.idempotencyKey).toMatch(new RegExp(`^ridebook-refund-${number}-\\d+$`));

    // Looked at again while pending, never made again: the same key would make a second
    // refund once Stripe forgets it.
    const pendingRow = (await ledger(t, number)).rows.find((row) => row.kind === 'refund')!;
    expect(pendingRow.provider_ref).toMatch(/^re_/);
    expect((await webhook(fake.chargeRefundedEvent(intent))).statusCode).toBe(200);
    expect(fake.refundRequests).toHaveLength(1);
    expect(fake.refundLookups).toContain(pendingRow.provider_ref);
    const settled = await ledger(t, number);
    const refund = settled.rows.find((row) => row.kind === 'refund')!;
    expect(refund.state).toBe('succeeded');
    expect(refund.provider_ref).toMatch(/^re_/);
    expect(settled.booking.paid_pence).toBe(0);
    expect(settled.balanced).toBe(true);
    expect((await view(t, number, token)).payments.map((p) => [p.kind, p.status])).toEqual([
      ['charge', 'succeeded'],
      ['refund', 'succeeded'],
    ]);
  });

  it('shows a refused refund to the operator, who retries it with a new key; the money moves once', async () => {
    fake.refundMode = 'decline';
    const { number, token, totalPence, intent } = await stripeBooking();
    const earlier = fake.refundRequests.length;
    const cancel = await manageCall(t, 'POST', `/${number}/cancel`, { token, body: {} });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancelResponseSchema.parse(cancel.json()).refund.status).toBe('failed');

    const company = (await view(t, number, token)).booking.booking.company_name;
    const session = await signIn(t, dispatcherOf(company));
    const seen = await consoleCall(t, 'GET', `/operator/bookings/${number}`, { session });
    const detail = operatorBookingResponseSchema.parse(seen.json()).data;
    const failed = detail.payments.find((p) => p.kind === 'refund')!;
    expect(failed.status).toBe('failed');
    expect(failed.last_error).toContain('declined');
    // The passenger is told it is being retried, not the provider's words.
    expect(
      (await view(t, number, token)).payments.find((p) => p.kind === 'refund')!.last_error,
    ).toBeNull();

    fake.refundMode = 'succeeded';
    const retry = await consoleCall(
      t,
      'POST',
      `/operator/bookings/${number}/refunds/${failed.id}/retry`,
      { session, body: {} },
    );
    expect(retry.statusCode, retry.body).toBe(200);
    const after = operatorBookingResponseSchema.parse(retry.json()).data;
    expect(after.payments.find((p) => p.kind === 'refund')!.status).toBe('succeeded');
    const keys = fake.refundRequests.slice(earlier).map((r) => r.idempotencyKey);
    expect(keys).toEqual([expect.stringMatching(/^ridebook-refund-/), `${keys[0]}-try2`]);
    const made = [...fake.refunds.values()].filter((refund) => refund.payment_intent === intent);
    expect(made.map((refund) => refund.amount)).toEqual([totalPence]);

    // Settled: nothing left to retry.
    const again = await consoleCall(
      t,
      'POST',
      `/operator/bookings/${number}/refunds/${failed.id}/retry`,
      { session, body: {} },
    );
    expect(again.statusCode).toBe(409);
  });

  it('lets the operator cancel keeping the late fee, or refund in full', async () => {
    // Ten hours ahead: inside the free window, so the policy's fee applies.
    const soon = mileageForm({ pickup_date: '2026-11-21', pickup_hour: '8pm', pickup_min: '00' });
    const kept = await stripeBooking(soon);
    const waived = await stripeBooking(soon);
    const company = (await view(t, kept.number, kept.token)).booking.booking.company_name;
    const session = await signIn(t, dispatcherOf(company));
    const cancel = (number: string, waive?: boolean) =>
      consoleCall(t, 'POST', `/operator/bookings/${number}/status`, {
        session,
        body: {
          status: 'cancelled',
          note: 'Passenger asked by phone',
          ...(waive === undefined ? {} : { waive_fee: waive }),
        },
      });
    expect((await cancel(kept.number, false)).statusCode).toBe(200);
    expect((await cancel(waived.number)).statusCode).toBe(200);
    const fee = Math.round(kept.totalPence / 2);
    const keptLedger = await ledger(t, kept.number);
    expect(keptLedger.refunds).toBe(kept.totalPence - fee);
    expect(keptLedger.booking.paid_pence).toBe(fee);
    expect(keptLedger.balanced).toBe(true);
    const waivedLedger = await ledger(t, waived.number);
    expect(waivedLedger.refunds).toBe(waived.totalPence);
    expect(waivedLedger.balanced).toBe(true);
    const mail = await t.db.handle.db
      .selectFrom('outbox')
      .select('text_body')
      .where('kind', '=', 'booking-status-cancelled')
      .where('text_body', 'like', `%${kept.number}%`)
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain(
      `A late-cancellation fee of £${(fee / 100).toFixed(2)} applies`,
    );
  });

  it('serves a receipt that parses as a PDF and names the booking, its operator and its refund', async () => {
    const { number, token } = await stripeBooking();
    await manageCall(t, 'POST', `/${number}/cancel`, { token, body: {} });
    const res = await manageCall(t, 'GET', `/${number}/receipt.pdf`, { token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`receipt-${number}.pdf`);
    const { text } = await readPdf(res.rawPayload);
    expect(text).toContain(number);
    expect(text).toContain('Refund');
    expect(text).toContain('Payment status Refunded');
    const other = await manageCall(t, 'GET', `/${number}/receipt.pdf`, {});
    expect(other.statusCode).toBe(404);
  });

  it('mails the receipt when the operator completes the journey', async () => {
    const { number, token } = await stripeBooking();
    const company = (await view(t, number, token)).booking.booking.company_name;
    const session = await signIn(t, dispatcherOf(company));
    const drivers = await consoleCall(t, 'GET', '/operator/drivers', { session });
    const driver = driversResponseSchema
      .parse(drivers.json())
      .data.find((d) => d.active && d.licence_state !== 'expired')!;
    const step = (path: string, body: unknown) =>
      consoleCall(t, 'POST', `/operator/bookings/${number}/${path}`, { session, body });
    expect((await step('status', { status: 'confirmed' })).statusCode).toBe(200);
    expect(
      (
        await step('assign', {
          driver_id: driver.id,
          vehicle_registration: driver.vehicle_registration,
        })
      ).statusCode,
    ).toBe(200);
    for (const status of ['en_route', 'arrived', 'on_board', 'completed']) {
      expect((await step('status', { status })).statusCode).toBe(200);
    }
    const seen = await view(t, number, token);
    expect(seen.status).toBe('completed');
    // The console's notes (the driver's full name) stay in the console.
    const surname = driver.name.split(' ').slice(1).join(' ');
    expect(JSON.stringify(seen.history)).not.toContain(surname);
    expect(seen.driver).toEqual({
      first_name: driver.name.split(' ')[0],
      vehicle_type: seen.booking.booking.vehicle_type,
      vehicle_registration: driver.vehicle_registration,
    });
    const mail = await t.db.handle.db
      .selectFrom('outbox')
      .select(['subject', 'attachments', 'text_body'])
      .where('kind', '=', 'booking-status-completed')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toBe(`Your receipt for booking ${number}`);
    expect(mail.text_body).toContain(`/manage-booking/${number}?token=`);
    const [attachment] = mail.attachments as { filename: string; content: string }[];
    expect(attachment!.filename).toBe(`receipt-${number}.pdf`);
    const { text } = await readPdf(Buffer.from(attachment!.content, 'base64'));
    expect(text).toContain(number);
    expect(text).toContain(company);
  });
});
