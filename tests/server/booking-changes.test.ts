import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amendResponseSchema, cancelResponseSchema } from '../../src/contract/manage-booking';
import { operatorBookingResponseSchema } from '../../src/contract/operator';
import { refusedTransitionMessage } from '../../src/domain/booking-lifecycle';
import { POLICY_MESSAGES } from '../../src/domain/booking-policy';
import type { TestApp } from './helpers';
import { startBookingApp } from './booking-fixtures';
import { testDatabaseKinds } from './helpers';
import { cardBooking, ledger, manageCall, view } from './manage-booking-fixtures';
import { consoleCall, dispatcherOf, signIn } from './operator-fixtures';
import { FIXED_NOW, mileageForm } from './quote-fixtures';

/** The demo bookings' pickup: 24 November 2026 at 10:15, London (GMT). */
const PICKUP = new Date('2026-11-24T10:15:00Z');
const HOUR = 3_600_000;

/** Heathrow → Gatwick on 24 November, back on 27 November at 18:30. */
const returnTrip = () =>
  mileageForm({
    select_option: 'return',
    return_date: '2026-11-27',
    return_hour: '6pm',
    return_min: '30',
  });

/**
 * Issue 32: one path for every change to a booking and its jobs. The passenger and the
 * operator cancel through the same rule, differing only in the policy's inputs; every move
 * is written with its actor; presses by the two at once cancel and refund once.
 */
describe.each(testDatabaseKinds())('one change path for every actor on %s', (kind) => {
  let t: TestApp;
  let now = FIXED_NOW;

  beforeAll(async () => {
    t = await startBookingApp(
      kind,
      {
        CHANGE_LIMIT_PER_EMAIL: '0',
        CHANGE_LIMIT_PER_ADDRESS: '0',
        REFUND_RETRY_MS: '0',
        MAIL_POLL_INTERVAL_MS: '0',
        // Every booking here is one passenger's: the daily cap per mailbox is not under test.
        MAIL_RECIPIENT_DAILY_CAP: '0',
      },
      () => now,
    );
  });
  afterAll(() => t?.close());

  /** The demo dispatcher of the booking's company. */
  async function dispatcherOfBooking(number: string) {
    const row = await t.db.handle.db
      .selectFrom('bookings')
      .innerJoin('companies', 'companies.id', 'bookings.company_id')
      .select(['companies.name'])
      .where('booking_number', '=', number)
      .executeTakeFirstOrThrow();
    return dispatcherOf(row.name);
  }

  async function dispatcherFor(number: string) {
    return signIn(t, await dispatcherOfBooking(number));
  }

  /** The booking's history rows and the kinds of mail written about it. */
  async function traces(number: string) {
    const db = t.db.handle.db;
    const history = await db
      .selectFrom('booking_status_history')
      .innerJoin('bookings', 'bookings.id', 'booking_status_history.booking_id')
      .select(['booking_status_history.leg', 'booking_status_history.to_status'])
      .where('bookings.booking_number', '=', number)
      .execute();
    const mails = await db
      .selectFrom('outbox')
      .select(['kind'])
      .where('subject', 'like', `%${number}%`)
      .execute();
    return { history, kinds: mails.map((mail) => mail.kind) };
  }

  function operatorCancel(session: string, number: string, body: Record<string, unknown>) {
    return consoleCall(t, 'POST', `/operator/bookings/${number}/status`, {
      session,
      body: { status: 'cancelled', note: 'Passenger asked by phone', ...body },
    });
  }

  it('keeps the same late fee whether the passenger cancels or the operator does (fee not waived)', async () => {
    now = FIXED_NOW;
    const byPassenger = await cardBooking(t);
    const byOperator = await cardBooking(t);
    const waived = await cardBooking(t);
    // An hour before pickup: inside the free-cancellation window's end.
    now = new Date(PICKUP.getTime() - HOUR);
    const terms = (await view(t, byPassenger.number, byPassenger.token)).cancellation!;
    expect(terms.kind).toBe('late');

    const passenger = await manageCall(t, 'POST', `/${byPassenger.number}/cancel`, {
      token: byPassenger.token,
      body: { reason: 'Meeting moved', expected_refund: terms.refund },
    });
    expect(passenger.statusCode, passenger.body).toBe(200);
    expect(cancelResponseSchema.parse(passenger.json()).refund.amount).toBe(terms.refund);

    const session = await dispatcherFor(byOperator.number);
    const kept = await operatorCancel(session, byOperator.number, { waive_fee: false });
    expect(kept.statusCode, kept.body).toBe(200);
    const waivedRes = await operatorCancel(await dispatcherFor(waived.number), waived.number, {});
    expect(waivedRes.statusCode, waivedRes.body).toBe(200);

    const [a, b, c] = await Promise.all(
      [byPassenger, byOperator, waived].map((booking) => ledger(t, booking.number)),
    );
    expect(byPassenger.totalPence).toBe(byOperator.totalPence);
    expect(a!.refunds).toBe(Math.round(terms.refund * 100));
    expect(b!.refunds).toBe(a!.refunds);
    // The operator waiving the fee (the console's default) refunds everything.
    expect(c!.refunds).toBe(waived.totalPence);
    expect(c!.refunds).toBeGreaterThan(a!.refunds);
    for (const money of [a, b, c]) expect(money!.balanced).toBe(true);
  });

  it("writes every actor's move in the leg's history with who made it", async () => {
    now = FIXED_NOW;
    const { number, token } = await cardBooking(t, returnTrip());
    const session = await dispatcherFor(number);
    const confirmed = await consoleCall(t, 'POST', `/operator/jobs/${number}-R/status`, {
      session,
      body: { status: 'confirmed' },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const changed = await manageCall(t, 'POST', `/${number}/amend`, {
      token,
      body: { leg: 'return', additional_info: 'Two large suitcases' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(amendResponseSchema.parse(changed.json()).booking.jobs[1]!.status).toBe('confirmed');
    const cancelled = await manageCall(t, 'POST', `/${number}/cancel`, {
      token,
      body: { leg: 'return', reason: 'Staying longer' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const detail = await consoleCall(t, 'GET', `/operator/bookings/${number}`, { session });
    const history = operatorBookingResponseSchema.parse(detail.json()).data.history;
    const returnLeg = history
      .filter((entry) => entry.leg === 'return' && entry.from_status !== null)
      .map((entry) => [entry.actor, entry.from_status, entry.to_status]);
    expect(returnLeg).toEqual([
      ['operator', 'pending', 'confirmed'],
      ['passenger', 'confirmed', 'confirmed'],
      ['passenger', 'confirmed', 'cancelled'],
    ]);
    const byOperator = history.find((entry) => entry.actor === 'operator')!;
    expect(byOperator.actor_name).toBe((await dispatcherOfBooking(number)).name);
    expect(history.at(-1)!.note).toBe('Cancelled by the passenger: Staying longer');
  });

  it('cancels and refunds once when the passenger and a dispatcher cancel at the same moment', async () => {
    now = FIXED_NOW;
    const { number, token, totalPence } = await cardBooking(t, returnTrip());
    const session = await dispatcherFor(number);
    const [passenger, operator] = await Promise.all([
      manageCall(t, 'POST', `/${number}/cancel`, { token, body: { reason: 'Plans changed' } }),
      operatorCancel(session, number, {}),
    ]);
    expect([passenger.statusCode, operator.statusCode].sort()).toEqual([200, 409]);
    const loser = passenger.statusCode === 409 ? passenger : operator;
    // Each actor is refused in its own words: the policy's, or the lifecycle's.
    expect(loser.json().message).toBe(
      loser === passenger
        ? POLICY_MESSAGES.alreadyCancelled
        : 'A booking that is Cancelled cannot become Cancelled',
    );
    const money = await ledger(t, number);
    expect(money.refunds).toBe(totalPence);
    expect(money.balanced).toBe(true);
    const refunds = money.rows.filter((row) => row.kind === 'refund');
    expect(refunds.length).toBeGreaterThanOrEqual(1);
    expect(new Set(refunds.map((row) => row.refund_of)).size).toBe(refunds.length);
    // One cancellation: each leg cancelled once, and one set of cancellation mails.
    const { history, kinds } = await traces(number);
    const cancelled = history.filter((row) => row.to_status === 'cancelled');
    expect(cancelled.map((row) => row.leg).sort()).toEqual(['outward', 'return']);
    const cancelMails = kinds.filter((kind) => kind.includes('cancelled'));
    expect(cancelMails.length).toBe(loser === passenger ? 1 : 2);
  });

  it('refuses a No-show before the pickup time, and records it once the time has come', async () => {
    now = FIXED_NOW;
    const { number } = await cardBooking(t);
    let session = await dispatcherFor(number);
    const step = (status: string) =>
      consoleCall(t, 'POST', `/operator/jobs/${number}/status`, { session, body: { status } });
    expect((await step('confirmed')).statusCode).toBe(200);
    const drivers = await consoleCall(t, 'GET', '/operator/drivers', { session });
    const driver = (drivers.json() as { data: { id: number; active: boolean }[] }).data.find(
      (each) => each.active,
    )!;
    const assigned = await consoleCall(t, 'POST', `/operator/jobs/${number}/assign`, {
      session,
      body: { driver_id: driver.id },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    for (const status of ['en_route', 'arrived']) expect((await step(status)).statusCode).toBe(200);

    // Arrived early: the passenger is not late yet.
    const early = await step('no_show');
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(
      'The pickup time, 10:15, has not come yet: a No-show can be recorded only after it.',
    );
    // The pickup time: now it may be recorded.
    now = PICKUP;
    session = await dispatcherFor(number);
    const late = await step('no_show');
    expect(late.statusCode, late.body).toBe(200);
    expect(operatorBookingResponseSchema.parse(late.json()).data.status).toBe('no_show');
  });

  it('completes the booking, with its thanks once, when the passenger cancels the rest after the outward ride', async () => {
    now = FIXED_NOW;
    const { number, token } = await cardBooking(t, returnTrip());
    const session = await dispatcherFor(number);
    const step = async (status: string, extra: Record<string, unknown> = {}) => {
      const res = await consoleCall(t, 'POST', `/operator/jobs/${number}/status`, {
        session,
        body: { status, ...extra },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await step('confirmed');
    const drivers = await consoleCall(t, 'GET', '/operator/drivers', { session });
    const driver = (drivers.json() as { data: { id: number; active: boolean }[] }).data.find(
      (each) => each.active,
    )!;
    const assigned = await consoleCall(t, 'POST', `/operator/jobs/${number}/assign`, {
      session,
      body: { driver_id: driver.id },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    for (const status of ['en_route', 'arrived', 'on_board', 'completed']) await step(status);
    expect((await view(t, number, token)).status).toBe('pending');

    const res = await manageCall(t, 'POST', `/${number}/cancel`, { token, body: {} });
    expect(res.statusCode, res.body).toBe(200);
    const after = cancelResponseSchema.parse(res.json()).booking;
    expect(after.jobs.map((job) => job.status)).toEqual(['completed', 'cancelled']);
    expect(after.status).toBe('completed');
    const { kinds } = await traces(number);
    expect(kinds.filter((kind) => kind === 'booking-status-completed')).toHaveLength(1);
    expect(kinds).toContain('booking-return-cancelled-by-passenger');
    // Over now: neither actor may cancel it again.
    const again = await operatorCancel(session, number, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(refusedTransitionMessage('completed', 'cancelled'));
  });
});
