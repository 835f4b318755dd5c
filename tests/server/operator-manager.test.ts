import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  boardResponseSchema,
  jobsBoardResponseSchema,
  operatorBookingResponseSchema,
  operatorResponseSchema,
} from '../../src/contract/operator';
import { driversResponseSchema } from '../../src/contract/operator-drivers';
import { manualBookingResponseSchema } from '../../src/contract/phone-booking';
import { OPERATOR_MESSAGES } from '../../src/domain/messages';
import { DEMO_OPERATORS } from '../../src/server/db/seed-data/operator-accounts';
import { offersFor, startBookingApp } from './booking-fixtures';
import type { TestApp } from './helpers';
import { testDatabaseKinds } from './helpers';
import { ADMIN, consoleCall, dispatcherOf, signIn } from './operator-fixtures';
import { mileageForm } from './quote-fixtures';

const MANAGER = DEMO_OPERATORS.find((o) => o.role === 'manager')!;

/**
 * Issue 33's manager: everything a dispatcher does in the bookings console, for its own company
 * only — another company's booking or job is a 404, exactly as if it did not exist.
 */
describe.each(testDatabaseKinds())('the manager in the bookings console on %s', (kind) => {
  let t: TestApp;
  let session: string;
  let otherCompany: string;

  /** A phone booking of `company`'s vehicle made with `as`'s session; its number. */
  async function phoneBooking(as: string, company: string, passenger: string): Promise<string> {
    const form = mileageForm();
    const offer = (await offersFor(t, form)).find((o) => o.company_name === company);
    if (!offer) throw new Error(`No offer from ${company}`);
    const res = await consoleCall(t, 'POST', '/operator/bookings', {
      session: as,
      body: {
        booking_type: 'milleage',
        form,
        selected_vehicle: { tbms_vid: offer.vehicle_id, company_id: offer.company_id },
        passenger: { name: passenger, email: 'manager.test@example.co.uk', phone: '07700 900555' },
        payment_method: 'car',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return manualBookingResponseSchema.parse(res.json()).data.booking_number;
  }

  beforeAll(async () => {
    t = await startBookingApp(kind, { MAIL_POLL_INTERVAL_MS: '0' });
    session = await signIn(t, MANAGER);
    otherCompany = DEMO_OPERATORS.find((o) => o.company && o.company !== MANAGER.company)!.company!;
  });
  afterAll(async () => t?.close());

  it("signs in as its company's manager", async () => {
    const me = await consoleCall(t, 'GET', '/operator/me', { session });
    expect(me.statusCode, me.body).toBe(200);
    expect(operatorResponseSchema.parse(me.json()).operator).toMatchObject({
      email: MANAGER.email,
      name: 'Sam Patel',
      role: 'manager',
      company_name: 'Heathrow Executive Cars',
    });
  });

  it("books by phone, then finds, moves, assigns, cancels and exports its own company's bookings and jobs", async () => {
    const number = await phoneBooking(session, MANAGER.company!, 'Maggie Manager');
    const board = await consoleCall(t, 'GET', `/operator/bookings?q=${number}`, { session });
    expect(board.statusCode, board.body).toBe(200);
    expect(boardResponseSchema.parse(board.json()).data.map((b) => b.booking_number)).toEqual([
      number,
    ]);
    const jobs = await consoleCall(t, 'GET', `/operator/jobs?q=${number}`, { session });
    expect(jobsBoardResponseSchema.parse(jobs.json()).data.map((j) => j.job_ref)).toEqual([number]);

    // Its own company's drivers, and no other's.
    const drivers = driversResponseSchema.parse(
      (await consoleCall(t, 'GET', '/operator/drivers', { session })).json(),
    ).data;
    expect(new Set(drivers.map((d) => d.company_name))).toEqual(new Set([MANAGER.company]));
    const driver = drivers.find((d) => d.active && d.licence_state !== 'expired')!;
    const assigned = await consoleCall(t, 'POST', `/operator/jobs/${number}/assign`, {
      session,
      body: { driver_id: driver.id, vehicle_registration: driver.vehicle_registration },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const onTheWay = await consoleCall(t, 'POST', `/operator/bookings/${number}/status`, {
      session,
      body: { status: 'en_route' },
    });
    expect(onTheWay.statusCode, onTheWay.body).toBe(200);
    const detail = await consoleCall(t, 'GET', `/operator/bookings/${number}`, { session });
    const data = operatorBookingResponseSchema.parse(detail.json()).data;
    expect(data.status).toBe('en_route');
    expect(data.driver?.id).toBe(driver.id);
    expect(data.history.map((h) => [h.to_status, h.actor_name])).toEqual([
      ['confirmed', 'Sam Patel'],
      ['driver_assigned', 'Sam Patel'],
      ['en_route', 'Sam Patel'],
    ]);

    const second = await phoneBooking(session, MANAGER.company!, 'Connie Cancel');
    const cancelled = await consoleCall(t, 'POST', `/operator/bookings/${second}/status`, {
      session,
      body: { status: 'cancelled', note: 'Passenger rang to cancel' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const csv = await consoleCall(t, 'GET', '/operator/bookings.csv?q=manager.test', { session });
    expect(csv.statusCode, csv.body).toBe(200);
    const rows = csv.body.trim().split('\n').slice(1);
    expect(rows.map((row) => row.split(',')[0]).sort()).toEqual([number, second].sort());
  });

  it("gets a 404 for another company's booking and job, as if it did not exist, and changes nothing", async () => {
    const admin = await signIn(t, ADMIN);
    const theirs = await phoneBooking(admin, otherCompany, 'Otto Other');
    const ownDriver = driversResponseSchema.parse(
      (await consoleCall(t, 'GET', '/operator/drivers', { session })).json(),
    ).data[0]!;
    const missing = await consoleCall(t, 'GET', '/operator/bookings/99999999', { session });
    expect(missing.statusCode).toBe(404);
    const tries = [
      await consoleCall(t, 'GET', `/operator/bookings/${theirs}`, { session }),
      await consoleCall(t, 'GET', `/operator/jobs/${theirs}`, { session }),
      await consoleCall(t, 'POST', `/operator/bookings/${theirs}/status`, {
        session,
        body: { status: 'cancelled', note: 'Not ours' },
      }),
      await consoleCall(t, 'POST', `/operator/jobs/${theirs}/status`, {
        session,
        body: { status: 'en_route' },
      }),
      await consoleCall(t, 'POST', `/operator/jobs/${theirs}/assign`, {
        session,
        body: { driver_id: ownDriver.id, vehicle_registration: ownDriver.vehicle_registration },
      }),
    ];
    for (const res of tries) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toBe(OPERATOR_MESSAGES.bookingNotFound);
    }
    expect(tries[0]!.body).toBe(missing.body);
    const listed = await consoleCall(t, 'GET', `/operator/bookings?q=${theirs}`, { session });
    expect(boardResponseSchema.parse(listed.json()).total).toBe(0);
    // The other company's own dispatcher sees it untouched.
    const owner = await signIn(t, dispatcherOf(otherCompany));
    const seen = await consoleCall(t, 'GET', `/operator/bookings/${theirs}`, { session: owner });
    const data = operatorBookingResponseSchema.parse(seen.json()).data;
    expect(data.status).toBe('confirmed');
    expect(data.history).toHaveLength(1);
  });
});
