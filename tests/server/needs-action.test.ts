import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobsBoardResponseSchema } from '../../src/contract/operator';
import { NEEDS_DRIVER_WITHIN_HOURS } from '../../src/domain/booking-lifecycle';
import type { TestApp } from './helpers';
import { startBookingApp } from './booking-fixtures';
import { testDatabaseKinds } from './helpers';
import { carBooking } from './manage-booking-fixtures';
import { ADMIN, consoleCall, signIn } from './operator-fixtures';
import { FIXED_NOW, mileageForm } from './quote-fixtures';

/** The demo bookings' pickup: 24 November 2026 at 10:15, London (GMT). */
const PICKUP = new Date('2026-11-24T10:15:00Z');
const HOUR = 3_600_000;

/**
 * Issue 33, the console's board: Needs action lists the jobs waiting on the office — Pending
 * ones, and Confirmed ones (no driver yet) whose pickup is within a day — oldest pickup first.
 */
describe.each(testDatabaseKinds())('Needs action on %s', (kind) => {
  let t: TestApp;
  let now = FIXED_NOW;
  let session: string;

  beforeAll(async () => {
    t = await startBookingApp(kind, { MAIL_POLL_INTERVAL_MS: '0' }, () => now);
  });
  afterAll(() => t?.close());

  async function needsAction(): Promise<string[]> {
    // The clock moves days on: a console session of its own, at the time the board is read.
    session = await signIn(t, ADMIN);
    const res = await consoleCall(t, 'GET', '/operator/jobs?view=needs_action', { session });
    expect(res.statusCode, res.body).toBe(200);
    return jobsBoardResponseSchema.parse(res.json()).data.map((row) => row.job_ref);
  }

  async function move(ref: string, status: string, body: Record<string, unknown> = {}) {
    const res = await consoleCall(t, 'POST', `/operator/jobs/${ref}/${status}`, {
      session,
      body,
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  it('lists Pending jobs, and Confirmed ones once their pickup is within a day, oldest first', async () => {
    now = FIXED_NOW;
    // Three bookings picked up on 24 November, one on the 26th; the admin sees every company's.
    session = await signIn(t, ADMIN);
    const waiting = await carBooking(t);
    const confirmed = await carBooking(t);
    const assigned = await carBooking(t);
    const later = await carBooking(t, mileageForm({ pickup_date: '2026-11-26' }));
    await move(confirmed.number, 'status', { status: 'confirmed' });
    await move(later.number, 'status', { status: 'confirmed' });
    await move(assigned.number, 'status', { status: 'confirmed' });
    const drivers = await consoleCall(t, 'GET', '/operator/drivers', { session });
    const booked = await consoleCall(t, 'GET', `/operator/bookings/${assigned.number}`, {
      session,
    });
    const companyId = (booked.json() as { data: { company_id: number } }).data.company_id;
    const driver = (
      drivers.json() as {
        data: { id: number; active: boolean; company_id: number; licence_state: string }[];
      }
    ).data.find(
      (each) => each.active && each.company_id === companyId && each.licence_state !== 'expired',
    )!;
    // In the driver's usual vehicle (issue 34).
    await move(assigned.number, 'assign', { driver_id: driver.id });

    // Three days ahead: only the Pending job waits on the office.
    let listed = await needsAction();
    expect(listed).toContain(waiting.number);
    for (const ref of [confirmed.number, assigned.number, later.number]) {
      expect(listed).not.toContain(ref);
    }

    // A day before the pickup: the Confirmed job with no driver needs one now; the job with a
    // driver does not, nor the one two days later.
    now = new Date(PICKUP.getTime() - NEEDS_DRIVER_WITHIN_HOURS * HOUR);
    listed = await needsAction();
    expect(listed).toContain(confirmed.number);
    expect(listed).not.toContain(assigned.number);
    expect(listed).not.toContain(later.number);

    // Past its pickup and still without a driver: overdue, still listed, and first of the two
    // days' jobs by pickup time.
    now = new Date(PICKUP.getTime() + 36 * HOUR);
    listed = await needsAction();
    expect(listed).toContain(confirmed.number);
    expect(listed).toContain(later.number);
    expect(listed.indexOf(confirmed.number)).toBeLessThan(listed.indexOf(later.number));
  });
});
