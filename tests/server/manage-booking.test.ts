import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookingResponseSchema } from '../../src/contract/bookings';
import {
  amendPreviewResponseSchema,
  amendResponseSchema,
  cancelResponseSchema,
  lookupResponseSchema,
} from '../../src/contract/manage-booking';
import { POLICY_MESSAGES } from '../../src/domain/booking-policy';
import { MESSAGES } from '../../src/domain/messages';
import {
  bookingBody,
  clearBookings,
  countMail,
  newClientRegistration,
  postApi,
  quoteFor,
} from './booking-fixtures';
import { startTestApp, tempDir, testDatabaseKinds } from './helpers';
import type { TestApp } from './helpers';
import {
  cardBooking,
  carBooking,
  ledger,
  manageCall,
  sha256,
  view,
} from './manage-booking-fixtures';
import { FIXED_NOW, mileageForm } from './quote-fixtures';
import { forceStatusOf } from './operator-fixtures';

/** The demo bookings' pickup: 24 November 2026 at 10:15, London (GMT). */
const PICKUP = new Date('2026-11-24T10:15:00Z');
const HOUR = 3_600_000;

describe.each(testDatabaseKinds())('manage booking on %s', (kind) => {
  let t: TestApp;
  let now = FIXED_NOW;
  let removeData: () => Promise<void>;
  beforeAll(async () => {
    const data = await tempDir('ridebook-manage');
    removeData = data.remove;
    t = await startTestApp(kind, {
      clock: () => now,
      env: {
        DATA_DIR: data.dir,
        PAYMENT_PROVIDER: 'test',
        BOOKING_LIMIT_PER_EMAIL: '0',
        BOOKING_LIMIT_PER_ADDRESS: '0',
        // The tests change one passenger's bookings far more than 10 times an hour.
        CHANGE_LIMIT_PER_EMAIL: '0',
        CHANGE_LIMIT_PER_ADDRESS: '0',
        REFUND_RETRY_MS: '0',
        // Mail stays in the outbox, where the tests read the links, until a test drains it.
        MAIL_POLL_INTERVAL_MS: '0',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await removeData?.();
  });
  beforeEach(async () => {
    now = FIXED_NOW;
    await clearBookings(t);
  });

  it("answers the booker with a fresh manage token for the thank-you page's button", async () => {
    const other = await carBooking(t);
    const { quote, offer } = await quoteFor(t);
    const key = crypto.randomUUID();
    const body = bookingBody({ selectedVehicleData: { quote_id: quote.quote_id, detail: offer } });
    const res = await postApi(t, 'booking', body, { 'idempotency-key': key });
    expect(res.statusCode, res.body).toBe(200);
    const data = bookingResponseSchema.parse(res.json()).data;
    const number = data.booking.booking_number;
    const token = data.manage_token ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await view(t, number, token)).booking_number).toBe(number);
    // That booking only.
    expect((await manageCall(t, 'GET', `/${other.number}`, { token })).statusCode).toBe(404);

    // Stored as its hash only: neither the tokens table nor the kept answer holds it.
    const db = t.db.handle.db;
    const hashes = await db.selectFrom('manage_tokens').select('token_hash').execute();
    expect(hashes.map((row) => row.token_hash)).toContain(sha256(token));
    expect(JSON.stringify(hashes)).not.toContain(token);
    const kept = await db.selectFrom('idempotency_keys').selectAll().execute();
    expect(JSON.stringify(kept)).toContain(number);
    expect(JSON.stringify(kept)).not.toContain(token);

    // The same browser asking again (its key) gets another token that works as well.
    const again = await postApi(t, 'booking', body, { 'idempotency-key': key });
    const replayed = bookingResponseSchema.parse(again.json()).data.manage_token ?? '';
    expect(replayed).not.toBe(token);
    expect((await view(t, number, replayed)).booking_number).toBe(number);
  });

  it('mails a link whose token opens that booking only, and keeps only its hash', async () => {
    const first = await carBooking(t);
    const second = await carBooking(t);
    const mail = await t.db.handle.db
      .selectFrom('outbox')
      .select(['text_body', 'html_body'])
      .where('kind', '=', 'booking-confirmation')
      .where('text_body', 'like', `%${first.number}%`)
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain('Manage your booking');
    expect(mail.html_body).toContain(`/manage-booking/${first.number}?token=${first.token}`);

    const booking = await view(t, first.number, first.token);
    expect(booking.status).toBe('pending');
    expect(booking.history.map((entry) => entry.to_status)).toEqual(['pending']);
    expect(booking.cancellation?.message).toBe('Nothing to pay');

    // Another booking's token, a made-up token, no token: one 404, nothing about which.
    for (const token of [second.token, 'A'.repeat(43), undefined]) {
      const res = await manageCall(t, 'GET', `/${first.number}`, { token });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(POLICY_MESSAGES.linkInvalid);
    }
    // A path that is not a booking number names none: the same 404, even with a good token.
    for (const path of [`/${first.number}-1`, '/%27%20or%201=1', `/${'9'.repeat(21)}`]) {
      const res = await manageCall(t, 'GET', path, { token: first.token });
      expect(res.statusCode, path).toBe(404);
      expect(res.json().message).toBe(POLICY_MESSAGES.linkInvalid);
    }
    const stored = await t.db.handle.db.selectFrom('manage_tokens').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).toContain(sha256(first.token));
    expect(stored.some((row) => row.token_hash.includes(first.token))).toBe(false);
    // Once sent, the outbox's copy of the mail no longer holds a working link.
    await t.app.mailSender.drain();
    const sent = await t.db.handle.db
      .selectFrom('outbox')
      .select(['text_body', 'html_body'])
      .where('text_body', 'like', `%/manage-booking/${first.number}?token=%`)
      .execute();
    expect(sent.length).toBeGreaterThan(0);
    for (const copy of sent) {
      expect(copy.text_body).not.toContain(first.token);
      expect(copy.html_body).not.toContain(first.token);
      expect(copy.text_body).toContain(`/manage-booking/${first.number}?token=(sent)`);
    }

    // Valid until 30 days after the pickup, not a moment longer.
    now = new Date(PICKUP.getTime() + 30 * 24 * HOUR - 1);
    expect(
      (await manageCall(t, 'GET', `/${first.number}`, { token: first.token })).statusCode,
    ).toBe(200);
    now = new Date(PICKUP.getTime() + 30 * 24 * HOUR);
    expect(
      (await manageCall(t, 'GET', `/${first.number}`, { token: first.token })).statusCode,
    ).toBe(404);
  });

  it('finds a booking by reference and email in any case, and answers every miss the same', async () => {
    const { number } = await carBooking(t);
    const found = await manageCall(t, 'POST', '/lookup', {
      body: { booking_number: number, email: '  ADA@Example.CO.UK ' },
    });
    expect(found.statusCode, found.body).toBe(200);
    const answer = lookupResponseSchema.parse(found.json());
    expect(answer.booking.booking_number).toBe(number);
    expect(
      (await manageCall(t, 'GET', `/${number}`, { token: answer.manage_token })).statusCode,
    ).toBe(200);

    const wrongEmail = await manageCall(t, 'POST', '/lookup', {
      body: { booking_number: number, email: 'someone@example.com' },
    });
    const unknown = await manageCall(t, 'POST', '/lookup', {
      body: { booking_number: '999999999', email: 'ada@example.co.uk' },
    });
    expect(wrongEmail.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(wrongEmail.body).toBe(unknown.body);
    expect(wrongEmail.json().message).toBe(
      "We couldn't find a booking with that reference and email.",
    );

    const blank = await manageCall(t, 'POST', '/lookup', { body: { booking_number: number } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors[0].path).toBe('email');
  });

  it('limits guesses at one reference, from any address and with any email', async () => {
    const { number } = await carBooking(t);
    const guess = (i: number) =>
      manageCall(t, 'POST', '/lookup', {
        body: { booking_number: number, email: `guess${i}@example.com` },
        ip: `203.0.113.${i + 1}`,
      });
    for (let i = 0; i < 10; i += 1) expect((await guess(i)).statusCode).toBe(404);
    const limited = await guess(10);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('prices cancellation at the edges of the free window, and refunds exactly once', async () => {
    const { number, token, totalPence } = await cardBooking(t);
    const start = await ledger(t, number);
    expect(start.charges).toBe(totalPence);
    expect(start.balanced).toBe(true);

    expect((await view(t, number, token)).free_cancellation_until).toBe(
      new Date(PICKUP.getTime() - 24 * HOUR).toISOString(),
    );
    now = new Date(PICKUP.getTime() - 24 * HOUR);
    const free = (await view(t, number, token)).cancellation!;
    expect(free.kind).toBe('free');
    expect(free.refund * 100).toBe(totalPence);
    expect(free.message).toBe(
      `Free cancellation: you will be refunded £${(totalPence / 100).toFixed(2)}`,
    );

    now = new Date(PICKUP.getTime() - 24 * HOUR + 1);
    const late = (await view(t, number, token)).cancellation!;
    const fee = Math.round(totalPence / 2);
    expect(late.kind).toBe('late');
    expect(Math.round(late.fee * 100)).toBe(fee);
    expect(Math.round(late.refund * 100)).toBe(totalPence - fee);
    expect(late.message).toBe(
      `Late cancellation: a fee of £${(fee / 100).toFixed(2)} applies; you will be refunded £${((totalPence - fee) / 100).toFixed(2)}`,
    );

    // Five presses at once, each with its own key (two tabs, a double click, a retry).
    const presses = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        manageCall(t, 'POST', `/${number}/cancel`, {
          token,
          body: { reason: 'Flight cancelled' },
          headers: { 'idempotency-key': `cancel-${i}` },
        }),
      ),
    );
    const codes = presses.map((res) => res.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409]);
    const won = cancelResponseSchema.parse(presses.find((res) => res.statusCode === 200)!.json());
    expect(won.booking.status).toBe('cancelled');
    expect(won.refund).toEqual({ amount: (totalPence - fee) / 100, status: 'succeeded' });
    const refused = presses.find((res) => res.statusCode === 409)!;
    expect(refused.json().message).toBe(POLICY_MESSAGES.alreadyCancelled);

    // The winner's retry replays its answer; nothing more is refunded.
    const winner = presses.findIndex((res) => res.statusCode === 200);
    const replay = await manageCall(t, 'POST', `/${number}/cancel`, {
      token,
      body: { reason: 'Flight cancelled' },
      headers: { 'idempotency-key': `cancel-${winner}` },
    });
    expect(replay.statusCode).toBe(200);
    const after = await ledger(t, number);
    expect(after.rows.filter((row) => row.kind === 'refund')).toHaveLength(1);
    expect(after.refunds).toBe(totalPence - fee);
    expect(after.booking.paid_pence).toBe(fee);
    expect(after.balanced).toBe(true);
    expect(await countMail(t, 'booking-cancelled-by-passenger')).toBe(1);
    const operatorMail = await t.db.handle.db
      .selectFrom('outbox')
      .select('text_body')
      .where('kind', '=', 'operator-booking-cancelled')
      .execute();
    expect(operatorMail).toHaveLength(1);
    // Written to the operator, not the passenger.
    expect(operatorMail[0]!.text_body).toContain(
      `£${((totalPence - fee) / 100).toFixed(2)} will be refunded to the passenger's card; the late-cancellation fee of £${(fee / 100).toFixed(2)} is kept.`,
    );
    const cancelMail = await t.db.handle.db
      .selectFrom('outbox')
      .select(['attachments'])
      .where('kind', '=', 'booking-cancelled-by-passenger')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(cancelMail.attachments)).toContain('METHOD:CANCEL');
  });

  it('has nothing to refund for a booking paid in the car, and closes once the driver sets off', async () => {
    const { number, token } = await carBooking(t);
    expect((await view(t, number, token)).cancellation?.kind).toBe('nothing_to_pay');
    await forceStatusOf(t, number, 'en_route');
    const booking = await view(t, number, token);
    expect(booking.cancellation).toBeNull();
    expect(booking.cancel_refusal).toBe(POLICY_MESSAGES.cancelClosed);
    expect(booking.change_refusal).toBe(POLICY_MESSAGES.changeClosedStatus);
    const cancel = await manageCall(t, 'POST', `/${number}/cancel`, { token, body: {} });
    expect(cancel.statusCode).toBe(409);
    const change = await manageCall(t, 'POST', `/${number}/amend`, {
      token,
      body: { flight_no: 'BA 117' },
    });
    expect(change.statusCode).toBe(409);
  });

  it('saves a travel reference without re-pricing, and closes changes at the cut-off', async () => {
    const { number, token, totalPence } = await carBooking(t);
    const res = await manageCall(t, 'POST', `/${number}/amend`, {
      token,
      body: { flight_no: 'BA 117', passenger_phone: '+44 7700 900456' },
      headers: { 'idempotency-key': 'flight-1' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = amendResponseSchema.parse(res.json());
    expect(answer.settlement).toBe('none');
    expect(answer.booking.booking.booking.flight_no).toBe('BA 117');
    expect(answer.booking.booking.passengerDetails.passenger_contact_no).toBe('+44 7700 900456');
    expect(Math.round(answer.booking.booking.booking.total_booking_amount * 100)).toBe(totalPence);
    expect(answer.booking.status).toBe('pending');
    expect(await countMail(t, 'booking-changed')).toBe(1);
    expect(await countMail(t, 'operator-booking-changed')).toBe(1);

    const same = await manageCall(t, 'POST', `/${number}/amend-preview`, {
      token,
      body: { flight_no: 'BA 117' },
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe(POLICY_MESSAGES.nothingChanged);

    now = new Date(PICKUP.getTime() - 2 * HOUR + 1);
    const late = await manageCall(t, 'POST', `/${number}/amend-preview`, {
      token,
      body: { flight_no: 'BA 118' },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(POLICY_MESSAGES.changeClosedCutoff(2));
  });

  it('re-prices a moved pickup with the public rules and puts it back to Pending for the operator', async () => {
    const { number, token } = await carBooking(t);
    await forceStatusOf(t, number, 'confirmed');

    // Inside GRACE_TIME of now: the quote's own message, naming the field.
    const soon = await manageCall(t, 'POST', `/${number}/amend-preview`, {
      token,
      body: { pick_up_date: '2026-11-21', pick_up_time: '10:30' },
    });
    expect(soon.statusCode).toBe(422);
    expect(soon.json().message).toBe(MESSAGES.graceTime);

    const preview = await manageCall(t, 'POST', `/${number}/amend-preview`, {
      token,
      body: { pick_up_date: '2026-11-25' },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const data = amendPreviewResponseSchema.parse(preview.json()).data;
    expect(data.needs_review).toBe(true);
    expect(data.difference).toBeCloseTo(data.new_total - data.old_total, 2);

    const res = await manageCall(t, 'POST', `/${number}/amend`, {
      token,
      body: { pick_up_date: '2026-11-25' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = amendResponseSchema.parse(res.json());
    expect(answer.booking.status).toBe('pending');
    expect(answer.booking.booking.booking.pick_up_date).toBe('2026-11-25');
    expect(answer.settlement === 'price_change' || answer.settlement === 'none').toBe(true);
    const last = answer.booking.history.at(-1)!;
    expect(last).toMatchObject({
      actor: 'passenger',
      from_status: 'confirmed',
      to_status: 'pending',
    });
    const mail = await t.db.handle.db
      .selectFrom('outbox')
      .select(['attachments'])
      .where('kind', '=', 'booking-changed')
      .executeTakeFirstOrThrow();
    // The same event, a higher SEQUENCE: calendars move it rather than add another.
    expect(JSON.stringify(mail.attachments)).toMatch(/SEQUENCE:[1-9]/);
    expect(JSON.stringify(mail.attachments)).toContain(`UID:${number}@`);
  });

  it('charges a dearer change through a checkout for the difference and refunds a cheaper one, to the penny', async () => {
    const { number, token, totalPence } = await cardBooking(t);

    const preview = amendPreviewResponseSchema.parse(
      (
        await manageCall(t, 'POST', `/${number}/amend-preview`, {
          token,
          body: { meet_and_greet: 'yes', baby_seats: 1 },
        })
      ).json(),
    ).data;
    expect(preview.settlement).toBe('pay_difference');
    const difference = Math.round(preview.difference * 100);
    expect(difference).toBeGreaterThan(0);

    const res = await manageCall(t, 'POST', `/${number}/amend`, {
      token,
      body: { meet_and_greet: 'yes', baby_seats: 1 },
      headers: { 'idempotency-key': 'dearer-1' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = amendResponseSchema.parse(res.json());
    expect(answer.settlement).toBe('pay_difference');
    expect(answer.checkout?.url).toContain('/test-checkout/');
    // Nothing changes until the difference is paid.
    expect(answer.booking.details.meet_and_greet).toBe('no');
    const session = await t.db.handle.db
      .selectFrom('checkout_sessions')
      .select(['amount_pence', 'purpose'])
      .where('id', '=', answer.checkout!.session_id)
      .executeTakeFirstOrThrow();
    expect(session).toEqual({ amount_pence: difference, purpose: 'amendment' });

    // The card page's Pay, then the page coming back: changed once.
    const pay = await t.app.inject({
      method: 'POST',
      url: `/test-checkout/${answer.checkout!.session_id}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(pay.statusCode).toBe(303);
    expect(pay.headers.location).toContain(`/manage-booking/${number}?amend_session=`);
    const back = await manageCall(t, 'POST', `/${number}/amend-payment`, {
      token,
      body: { session_id: answer.checkout!.session_id },
    });
    expect(back.statusCode, back.body).toBe(200);
    const dearer = await ledger(t, number);
    expect(dearer.charges).toBe(totalPence + difference);
    expect(dearer.booking.total_pence).toBe(totalPence + difference);
    expect(dearer.booking.paid_pence).toBe(totalPence + difference);
    expect(dearer.balanced).toBe(true);
    expect((await view(t, number, token)).details.meet_and_greet).toBe('yes');

    // Back to the old extras: the difference comes back from the difference's own payment.
    const cheaper = await manageCall(t, 'POST', `/${number}/amend`, {
      token,
      body: { meet_and_greet: 'no', baby_seats: 0 },
    });
    expect(cheaper.statusCode, cheaper.body).toBe(200);
    const refunded = amendResponseSchema.parse(cheaper.json());
    expect(refunded.settlement).toBe('refund');
    expect(refunded.refund).toEqual({ amount: difference / 100, status: 'succeeded' });
    const after = await ledger(t, number);
    const refund = after.rows.find((row) => row.kind === 'refund')!;
    const secondCharge = after.rows.filter((row) => row.kind === 'charge')[1]!;
    expect(refund.refund_of).toBe(secondCharge.id);
    expect(after.booking.paid_pence).toBe(totalPence);
    expect(after.booking.total_pence).toBe(totalPence);
    expect(after.balanced).toBe(true);

    // Cancelled early: everything left comes back, and the sums close at zero.
    const cancel = await manageCall(t, 'POST', `/${number}/cancel`, { token, body: {} });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const closed = await ledger(t, number);
    expect(closed.booking.paid_pence).toBe(0);
    expect(closed.charges - closed.refunds).toBe(0);
    expect(closed.balanced).toBe(true);
  });

  it('refunds a difference paid for a change the booking can no longer take, and says so', async () => {
    const { number, token, totalPence } = await cardBooking(t);
    const dearer = amendResponseSchema.parse(
      (
        await manageCall(t, 'POST', `/${number}/amend`, {
          token,
          body: { meet_and_greet: 'yes' },
        })
      ).json(),
    );
    const sessionId = dearer.checkout!.session_id;
    // Before paying, the passenger moves the pickup in another tab, at no change in price.
    const moved = await manageCall(t, 'POST', `/${number}/amend`, {
      token,
      body: { pick_up_time: '11:15' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const movedTotal = (await ledger(t, number)).booking.total_pence;

    await t.app.inject({
      method: 'POST',
      url: `/test-checkout/${sessionId}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    const back = await manageCall(t, 'POST', `/${number}/amend-payment`, {
      token,
      body: { session_id: sessionId },
    });
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toContain(POLICY_MESSAGES.changeNotMade);
    // The move stands, the extra was not added, and the difference went straight back.
    const booking = await view(t, number, token);
    expect(booking.booking.booking.pick_up_time).toBe('11:15');
    expect(booking.details.meet_and_greet).toBe('no');
    const after = await ledger(t, number);
    expect(after.booking.total_pence).toBe(movedTotal);
    expect(after.booking.paid_pence).toBe(totalPence);
    expect(after.balanced).toBe(true);
    expect(await countMail(t, 'booking-change-not-made')).toBe(1);
  });

  it('refuses a cancellation whose refund is not the one the dialog stated', async () => {
    const { number, token, totalPence } = await cardBooking(t);
    const shown = (await view(t, number, token)).cancellation!;
    expect(shown.refund * 100).toBe(totalPence);
    // The page was left open past the free window.
    now = new Date(PICKUP.getTime() - 23 * HOUR);
    const res = await manageCall(t, 'POST', `/${number}/cancel`, {
      token,
      body: { expected_refund: shown.refund },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('Late cancellation: a fee of');
    expect((await ledger(t, number)).rows.filter((row) => row.kind === 'refund')).toHaveLength(0);
  });

  it('keeps the late fee due after the pickup is moved out of the late window', async () => {
    const soon = mileageForm({ pickup_date: '2026-11-21', pickup_hour: '8pm', pickup_min: '00' });
    const { number, token } = await cardBooking(t, soon);
    expect((await view(t, number, token)).cancellation?.kind).toBe('late');
    const moved = await manageCall(t, 'POST', `/${number}/amend`, {
      token,
      body: { pick_up_date: '2026-11-28' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(amendResponseSchema.parse(moved.json()).booking.booking.booking.pick_up_date).toBe(
      '2026-11-28',
    );
    const seen = await view(t, number, token);
    const terms = seen.cancellation!;
    expect(terms.kind).toBe('late');
    expect(seen.free_cancellation_until).toBeNull();
    const paid = (await ledger(t, number)).booking.paid_pence;
    expect(Math.round(terms.fee * 100)).toBe(Math.round(paid / 2));
  });

  describe('changing inside the late window cannot cut the fee (issue 30)', () => {
    /** Amends and answers the refund asked of the card, in pence. */
    async function amend(number: string, token: string, body: Record<string, unknown>) {
      const res = await manageCall(t, 'POST', `/${number}/amend`, { token, body });
      expect(res.statusCode, res.body).toBe(200);
      return amendResponseSchema.parse(res.json());
    }
    async function cancelAsShown(number: string, token: string) {
      const shown = (await view(t, number, token)).cancellation!;
      const res = await manageCall(t, 'POST', `/${number}/cancel`, {
        token,
        body: { expected_refund: shown.refund },
      });
      expect(res.statusCode, res.body).toBe(200);
      return shown;
    }

    it('refunds only the policy share of extras taken off, and cancelling then still costs the fee on the price before', async () => {
      const form = mileageForm({ meet_and_greet: 'yes', baby_seats: '2', special_luggage: '1' });
      const { number, token, totalPence } = await cardBooking(t, form);
      now = new Date(PICKUP.getTime() - 10 * HOUR);
      const fee = Math.round(totalPence / 2);
      const before = (await view(t, number, token)).cancellation!;
      expect(Math.round(before.fee * 100)).toBe(fee);

      const body = { meet_and_greet: 'no', baby_seats: 0, special_luggage: 0 };
      const preview = amendPreviewResponseSchema.parse(
        (await manageCall(t, 'POST', `/${number}/amend-preview`, { token, body })).json(),
      ).data;
      const takenOff = -Math.round(preview.difference * 100);
      expect(takenOff).toBeGreaterThan(0);
      const kept = Math.round(takenOff / 2);
      expect(preview.settlement).toBe('refund');
      expect(Math.round(preview.refund * 100)).toBe(takenOff - kept);
      expect(preview.message).toContain(
        `£${((takenOff - kept) / 100).toFixed(2)} of the £${(takenOff / 100).toFixed(2)} difference will be refunded to your card`,
      );
      expect(preview.late_rule).toContain(
        `cancelling later costs 50% of £${(totalPence / 100).toFixed(2)}, the highest price since the window began`,
      );

      const changed = await amend(number, token, body);
      expect(changed.refund).toEqual({ amount: (takenOff - kept) / 100, status: 'succeeded' });
      const held = await ledger(t, number);
      expect(held.booking.total_pence).toBe(totalPence - takenOff);
      expect(held.booking.paid_pence).toBe(totalPence - takenOff + kept);
      expect(held.balanced).toBe(true);

      // The fee is what it was before the change; the passenger gets back in all what
      // cancelling at once would have given.
      const after = await cancelAsShown(number, token);
      expect(after.kind).toBe('late');
      expect(Math.round(after.fee * 100)).toBe(fee);
      const closed = await ledger(t, number);
      expect(closed.booking.paid_pence).toBe(fee);
      expect(closed.refunds).toBe(totalPence - fee);
      expect(closed.balanced).toBe(true);
    });

    it('refunds only the policy share of the night uplift when a night pickup moves to day, and moving it later still keeps the fee', async () => {
      const night = mileageForm({ pickup_hour: '11pm', pickup_min: '00' });
      const { number, token, totalPence } = await cardBooking(t, night);
      const pickup = new Date('2026-11-24T23:00:00Z');
      now = new Date(pickup.getTime() - 10 * HOUR);
      const fee = Math.round(totalPence / 2);

      const day = await amend(number, token, { pick_up_time: '21:00' });
      const moved = await ledger(t, number);
      const uplift = totalPence - moved.booking.total_pence;
      expect(uplift).toBeGreaterThan(0);
      const kept = Math.round(uplift / 2);
      expect(day.refund.amount).toBe((uplift - kept) / 100);
      expect(moved.booking.paid_pence).toBe(totalPence - uplift + kept);

      // Moved out of the late window altogether: cancelling is still late, on the night price.
      await amend(number, token, { pick_up_date: '2026-12-01' });
      const seen = await view(t, number, token);
      expect(seen.free_cancellation_until).toBeNull();
      const terms = await cancelAsShown(number, token);
      expect(terms.kind).toBe('late');
      expect(Math.round(terms.fee * 100)).toBe(fee);
      const closed = await ledger(t, number);
      expect(closed.booking.paid_pence).toBe(fee);
      expect(closed.balanced).toBe(true);
    });

    it('never charges again for a fee it kept: extras taken off and put back inside the window cost nothing more', async () => {
      const form = mileageForm({ meet_and_greet: 'yes', baby_seats: '2' });
      const { number, token, totalPence } = await cardBooking(t, form);
      now = new Date(PICKUP.getTime() - 10 * HOUR);
      const off = await amend(number, token, { meet_and_greet: 'no', baby_seats: 0 });
      expect(off.refund.amount).toBeGreaterThan(0);
      const afterOff = await ledger(t, number);
      const keptFee = afterOff.booking.paid_pence - afterOff.booking.total_pence;
      expect(keptFee).toBeGreaterThan(0);

      // Back on: the difference less the fee already kept is all the card pays.
      const body = { meet_and_greet: 'yes', baby_seats: 2 };
      const preview = amendPreviewResponseSchema.parse(
        (await manageCall(t, 'POST', `/${number}/amend-preview`, { token, body })).json(),
      ).data;
      expect(Math.round(preview.new_total * 100)).toBe(totalPence);
      const rise = totalPence - afterOff.booking.total_pence;
      expect(preview.settlement).toBe('pay_difference');
      expect(preview.message).toContain(`you pay £${((rise - keptFee) / 100).toFixed(2)} by card`);
      const on = await amend(number, token, body);
      expect(on.checkout).not.toBeNull();
      const session = await t.db.handle.db
        .selectFrom('checkout_sessions')
        .select('amount_pence')
        .where('id', '=', on.checkout!.session_id)
        .executeTakeFirstOrThrow();
      expect(session.amount_pence).toBe(rise - keptFee);

      // A smaller rise that the kept fee covers needs no card at all.
      const small = await amend(number, token, { baby_seats: 1 });
      expect(small.settlement).toBe('price_change');
      expect(small.checkout).toBeNull();
      const covered = await ledger(t, number);
      expect(covered.booking.paid_pence).toBe(afterOff.booking.paid_pence);
      expect(covered.booking.total_pence).toBeLessThanOrEqual(covered.booking.paid_pence);
      expect(covered.balanced).toBe(true);
    });

    it('refuses a change whose refund shrank since the preview, as the late window began in between', async () => {
      const form = mileageForm({ meet_and_greet: 'yes' });
      const { number, token, totalPence } = await cardBooking(t, form);
      const body = { meet_and_greet: 'no' };
      const preview = amendPreviewResponseSchema.parse(
        (await manageCall(t, 'POST', `/${number}/amend-preview`, { token, body })).json(),
      ).data;
      expect(preview.refund).toBe(-preview.difference);

      now = new Date(PICKUP.getTime() - 10 * HOUR);
      const res = await manageCall(t, 'POST', `/${number}/amend`, {
        token,
        body: { ...body, expected_new_total: preview.new_total, expected_refund: preview.refund },
      });
      expect(res.statusCode, res.body).toBe(409);
      const share = (-preview.difference / 2).toFixed(2);
      expect(res.json().message).toContain(`What this change refunds is now £${share}`);
      const unchanged = await ledger(t, number);
      expect(unchanged.booking.total_pence).toBe(totalPence);
      expect(unchanged.refunds).toBe(0);
    });

    it('still refunds a cheaper change in full before the late window', async () => {
      const form = mileageForm({ meet_and_greet: 'yes' });
      const { number, token, totalPence } = await cardBooking(t, form);
      const preview = amendPreviewResponseSchema.parse(
        (
          await manageCall(t, 'POST', `/${number}/amend-preview`, {
            token,
            body: { meet_and_greet: 'no' },
          })
        ).json(),
      ).data;
      expect(preview.late_rule).toBeNull();
      expect(preview.refund).toBe(-preview.difference);
      const changed = await amend(number, token, { meet_and_greet: 'no' });
      expect(changed.refund.amount).toBe(-preview.difference);
      expect((await ledger(t, number)).booking.paid_pence).toBe(
        totalPence + Math.round(preview.difference * 100),
      );
    });
  });

  it('gives a lookup of a long-past booking a token that still opens it for a day', async () => {
    const { number } = await carBooking(t);
    now = new Date(PICKUP.getTime() + 60 * 24 * HOUR);
    const found = lookupResponseSchema.parse(
      (
        await manageCall(t, 'POST', '/lookup', {
          body: { booking_number: number, email: 'ada@example.co.uk' },
        })
      ).json(),
    );
    now = new Date(now.getTime() + 23 * HOUR);
    const res = await manageCall(t, 'GET', `/${number}/receipt.pdf`, { token: found.manage_token });
    expect(res.statusCode).toBe(200);
    now = new Date(now.getTime() + 2 * HOUR);
    expect(
      (await manageCall(t, 'GET', `/${number}`, { token: found.manage_token })).statusCode,
    ).toBe(404);
  });

  it('just changes the price of a booking paid in the car', async () => {
    const { number, token, totalPence } = await carBooking(t);
    const res = await manageCall(t, 'POST', `/${number}/amend`, {
      token,
      body: { meet_and_greet: 'yes' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const answer = amendResponseSchema.parse(res.json());
    expect(answer.settlement).toBe('price_change');
    expect(answer.checkout).toBeNull();
    const after = await ledger(t, number);
    expect(after.rows).toHaveLength(0);
    expect(after.booking.total_pence).toBeGreaterThan(totalPence);
  });

  it('names the field of a bad change', async () => {
    const { number, token } = await carBooking(t);
    const res = await manageCall(t, 'POST', `/${number}/amend-preview`, {
      token,
      body: { pick_up_time: '25:00', luggages: -1 },
    });
    expect(res.statusCode).toBe(400);
    const paths = (res.json().errors as { path: string }[]).map((issue) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(['pick_up_time', 'luggages']));
  });

  it('opens a signed-in corporate passenger\u2019s own booking with their bearer token only', async () => {
    const { quote, offer } = await quoteFor(t);
    const booked = await postApi(
      t,
      'booking',
      bookingBody({
        selectedVehicleData: { quote_id: quote.quote_id, detail: offer },
        registrationData: newClientRegistration(),
        mode: 'new_client',
      }),
    );
    expect(booked.statusCode, booked.body).toBe(200);
    const own = (booked.json() as { data: { booking: { booking_number: string } } }).data.booking
      .booking_number;
    const login = await postApi(t, 'checkPassengerLogin', {
      email: 'grace@example.co.uk',
      password: 'cobol-compiler-1959',
    });
    expect(login.statusCode, login.body).toBe(200);
    const headers = {
      authorization: `Bearer ${(login.json() as { access_token: string }).access_token}`,
    };
    const { number: stranger } = await carBooking(t);

    const res = await manageCall(t, 'GET', `/${own}`, { headers });
    expect(res.statusCode, res.body).toBe(200);
    expect((await manageCall(t, 'GET', `/${stranger}`, { headers })).statusCode).toBe(404);
    const forged = { authorization: 'Bearer not-a-live-session-token' };
    expect((await manageCall(t, 'GET', `/${own}`, { headers: forged })).statusCode).toBe(404);
  });
});
