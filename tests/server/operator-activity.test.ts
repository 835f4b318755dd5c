import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorResponseSchema } from '../../src/contract/operator';
import { driversResponseSchema } from '../../src/contract/operator-drivers';
import {
  activityResponseSchema,
  type ActivityEntry,
  type ActivityPage,
} from '../../src/contract/operator-activity';
import { manualBookingResponseSchema } from '../../src/contract/phone-booking';
import { ACTIVITY_PAGE_SIZE } from '../../src/domain/console-activity';
import { OPERATOR_MESSAGES } from '../../src/domain/messages';
import { DEMO_OPERATORS } from '../../src/server/db/seed-data/operator-accounts';
import { createActivityRepository } from '../../src/server/repositories/activity-repository';
import { offersFor, startBookingApp } from './booking-fixtures';
import { testDatabaseKinds, type TestApp } from './helpers';
import { ADMIN, consoleCall, forceStatusOf, guestBooking, signIn } from './operator-fixtures';
import { mileageForm } from './quote-fixtures';
import { addVehicle, vehicleBody } from './vehicle-fixtures';

const MANAGER = DEMO_OPERATORS.find((o) => o.role === 'manager')!;
const DISPATCHER = DEMO_OPERATORS.find(
  (o) => o.role === 'dispatcher' && o.company === MANAGER.company,
)!;

/**
 * Issue 33's Activity: every change made in the console, with who, when, what and the values
 * before and after; the admin reads all of it, a manager its own company's, a dispatcher none;
 * and nothing in it can be changed or deleted, not even by hand in SQL.
 */
describe.each(testDatabaseKinds())('the console activity log on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let manager: string;
  let managerId: number;
  let managerCompanyId: number;

  async function activity(session: string, query = ''): Promise<ActivityPage> {
    const res = await consoleCall(t, 'GET', `/operator/activity${query}`, { session });
    expect(res.statusCode, res.body).toBe(200);
    return activityResponseSchema.parse(res.json()).data;
  }

  const bySubject = (page: ActivityPage, subject: string) =>
    page.entries.filter((entry) => entry.subject === subject);

  /** A phone booking of the manager's company's vehicle, by the manager: Confirmed. */
  async function phoneBooking(passenger: string): Promise<string> {
    const form = mileageForm();
    const offer = (await offersFor(t, form)).find((o) => o.company_name === MANAGER.company);
    if (!offer) throw new Error(`No offer from ${MANAGER.company}`);
    const res = await consoleCall(t, 'POST', '/operator/bookings', {
      session: manager,
      body: {
        booking_type: 'milleage',
        form,
        selected_vehicle: { tbms_vid: offer.vehicle_id, company_id: offer.company_id },
        passenger: { name: passenger, email: 'activity.test@example.co.uk', phone: '07700 900556' },
        payment_method: 'car',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return manualBookingResponseSchema.parse(res.json()).data.booking_number;
  }

  async function driversOf(session: string) {
    const res = await consoleCall(t, 'GET', '/operator/drivers', { session });
    return driversResponseSchema.parse(res.json()).data;
  }

  beforeAll(async () => {
    t = await startBookingApp(kind, { MAIL_POLL_INTERVAL_MS: '0' });
    admin = await signIn(t, ADMIN);
    manager = await signIn(t, MANAGER);
    const me = await consoleCall(t, 'GET', '/operator/me', { session: manager });
    const operator = operatorResponseSchema.parse(me.json()).operator;
    managerId = operator.id;
    managerCompanyId = operator.company_id!;
  });
  afterAll(async () => t?.close());

  it('is refused to a dispatcher (403 naming who may) and to no session (401)', async () => {
    const dispatcher = await signIn(t, DISPATCHER);
    const refused = await consoleCall(t, 'GET', '/operator/activity', { session: dispatcher });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      message: OPERATOR_MESSAGES.onlyRoles(['admin', 'manager']),
    });
    const anonymous = await consoleCall(t, 'GET', '/operator/activity');
    expect(anonymous.statusCode).toBe(401);
  });

  it("records a driver's addition and change with the values before and after", async () => {
    const category = (await driversOf(manager))[0]!.category_id;
    const added = await consoleCall(t, 'POST', '/operator/drivers', {
      session: manager,
      body: {
        name: 'Ada Activity',
        mobile: '07700 900100',
        licence_number: 'pco123',
        licence_expiry: '2028-01-31',
        vehicle_registration: 'ab12 cde',
        category_id: category,
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    const id = (added.json() as { data: { id: number } }).data.id;
    const changed = await consoleCall(t, 'PATCH', `/operator/drivers/${id}`, {
      session: manager,
      body: { mobile: '07700 900200', active: false },
    });
    expect(changed.statusCode, changed.body).toBe(200);

    const rows = bySubject(await activity(manager, '?kind=drivers'), 'Ada Activity');
    // Newest first: the change, then the addition.
    expect(rows.map((row) => row.summary)).toEqual(['Driver changed', 'Driver added']);
    const [change, addition] = rows as [ActivityEntry, ActivityEntry];
    expect(addition).toMatchObject({
      operator_id: managerId,
      operator_name: 'Sam Patel',
      company_id: managerCompanyId,
      kind: 'drivers',
      before: null,
      after: { name: 'Ada Activity', licence_number: 'PCO123', vehicle_registration: 'AB12 CDE' },
    });
    expect(change.before).toMatchObject({ mobile: '07700 900100', active: true });
    expect(change.after).toMatchObject({ mobile: '07700 900200', active: false });
  });

  it('records a phone booking and each console step of its job, with status and driver before and after', async () => {
    const number = await phoneBooking('Peter Phone');
    const driver = (await driversOf(manager)).find(
      (d) => d.active && d.licence_state !== 'expired',
    )!;
    // A car from the company's pool (issue 34: one of its vehicles), named by registration.
    await addVehicle(t, manager, vehicleBody({ registration: 'XY99 ZZZ' }));
    const assigned = await consoleCall(t, 'POST', `/operator/jobs/${number}/assign`, {
      session: manager,
      body: { driver_id: driver.id, vehicle_registration: 'xy99 zzz' },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const cancelled = await consoleCall(t, 'POST', `/operator/bookings/${number}/status`, {
      session: manager,
      body: { status: 'cancelled', note: 'Passenger rang to cancel' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const rows = bySubject(await activity(manager, '?kind=bookings'), number);
    expect(rows.map((row) => row.summary)).toEqual([
      'Passenger rang to cancel',
      expect.stringContaining(driver.name),
      'Booked by phone',
    ]);
    const [cancel, assign, booked] = rows as [ActivityEntry, ActivityEntry, ActivityEntry];
    expect(booked).toMatchObject({
      company_id: managerCompanyId,
      before: null,
      after: { status: 'confirmed', passenger: 'Peter Phone' },
    });
    expect(assign.before).toEqual({
      status: 'confirmed',
      driver: null,
      vehicle_registration: null,
    });
    expect(assign.after).toEqual({
      status: 'driver_assigned',
      driver: driver.name,
      vehicle_registration: 'XY99 ZZZ',
    });
    expect(cancel.before).toMatchObject({ status: 'driver_assigned', driver: driver.name });
    expect(cancel.after).toMatchObject({ status: 'cancelled' });
  });

  it('records a plain status step by its job reference, and nothing for what passengers do', async () => {
    const number = await phoneBooking('Sally Step');
    await forceStatusOf(t, number, 'pending');
    const confirmed = await consoleCall(t, 'POST', `/operator/bookings/${number}/status`, {
      session: admin,
      body: { status: 'confirmed' },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [step] = bySubject(await activity(admin, '?kind=bookings'), number);
    expect(step).toMatchObject({
      subject: number,
      operator_name: 'Platform Admin',
      company_id: managerCompanyId,
      before: { status: 'pending' },
      after: { status: 'confirmed' },
    });
    // A passenger's own booking on the public site is not a console change.
    const guest = await guestBooking(t);
    expect(bySubject(await activity(admin), guest.number)).toEqual([]);
  });

  it("shows a manager only its own company's changes, and the admin every change", async () => {
    const log = createActivityRepository(t.db.handle.db);
    const at = new Date('2026-11-20T09:00:00Z');
    const actor = { id: managerId, name: 'Sam Patel' };
    await log.record(t.db.handle.db, {
      actor,
      companyId: null,
      kind: 'settings',
      subject: 'GRACE_TIME',
      before: 10,
      after: 15,
      at,
    });
    // Another company's dispatcher, whose change only the admin sees.
    const outsider = await t.db.handle.db
      .selectFrom('operators')
      .select(['id', 'name', 'company_id'])
      .where('company_id', 'is not', null)
      .where('company_id', '!=', managerCompanyId)
      .executeTakeFirstOrThrow();
    await log.record(t.db.handle.db, {
      actor: { id: outsider.id, name: outsider.name },
      companyId: outsider.company_id,
      kind: 'prices',
      subject: 'Another company card',
      before: { base_fare: 3 },
      after: { base_fare: 4 },
      at,
    });
    const seenByManager = await activity(manager);
    expect(seenByManager.entries.every((e) => e.company_id === managerCompanyId)).toBe(true);
    expect(bySubject(seenByManager, 'GRACE_TIME')).toEqual([]);
    expect(bySubject(seenByManager, 'Another company card')).toEqual([]);
    const seenByAdmin = await activity(admin);
    expect(bySubject(seenByAdmin, 'GRACE_TIME')).toHaveLength(1);
    expect(bySubject(seenByAdmin, 'Another company card')).toHaveLength(1);
    // The person filter offers the people whose changes the caller may see.
    // (The admin confirmed one of the manager's company's bookings above.)
    expect(seenByManager.people.map((p) => p.name).sort()).toEqual(['Platform Admin', 'Sam Patel']);
    expect(seenByAdmin.people.map((p) => p.name).sort()).toEqual(
      [outsider.name, 'Platform Admin', 'Sam Patel'].sort(),
    );
  });

  it('filters by person, kind and UK date (to takes in the whole of its day)', async () => {
    const log = createActivityRepository(t.db.handle.db);
    const entry = (subject: string, at: string) =>
      log.record(t.db.handle.db, {
        actor: { id: managerId, name: 'Sam Patel' },
        companyId: managerCompanyId,
        kind: 'fleet',
        subject,
        before: null,
        after: { seats: 4 },
        at: new Date(at),
      });
    // Summer time: 23:30 on 10 June in London is 22:30 UTC; 00:10 on 11 June is 23:10 UTC.
    await entry('before the day', '2025-06-09T22:59:00Z');
    await entry('first minute', '2025-06-09T23:00:00Z');
    await entry('late evening', '2025-06-10T22:30:00Z');
    await entry('next day', '2025-06-10T23:10:00Z');
    const day = await activity(manager, '?kind=fleet&from=2025-06-10&to=2025-06-10');
    expect(day.entries.map((e) => e.subject)).toEqual(['late evening', 'first minute']);

    const adminId = (await activity(admin, '?kind=bookings')).entries.find(
      (e) => e.operator_name === 'Platform Admin',
    )!.operator_id;
    const byAdmin = await activity(admin, `?operator_id=${adminId}`);
    expect(byAdmin.entries.length).toBeGreaterThan(0);
    expect(byAdmin.entries.every((e) => e.operator_id === adminId)).toBe(true);
    const drivers = await activity(admin, '?kind=drivers');
    expect(drivers.entries.every((e) => e.kind === 'drivers')).toBe(true);
  });

  it('pages newest first with a cursor: no change twice, none left out', async () => {
    const log = createActivityRepository(t.db.handle.db);
    const total = ACTIVITY_PAGE_SIZE + 5;
    for (let i = 0; i < total; i += 1) {
      await log.record(t.db.handle.db, {
        actor: { id: managerId, name: 'Sam Patel' },
        companyId: managerCompanyId,
        kind: 'mail',
        subject: `Message ${i}`,
        before: null,
        after: null,
        // Two changes in each second, as a busy console makes them: the id orders them.
        at: new Date(Date.UTC(2024, 0, 1, 12, 0, Math.floor(i / 2))),
      });
    }
    const first = await activity(manager, '?kind=mail');
    expect(first.entries).toHaveLength(ACTIVITY_PAGE_SIZE);
    expect(first.entries[0]!.subject).toBe(`Message ${total - 1}`);
    expect(first.next).not.toBeNull();
    const second = await activity(manager, `?kind=mail&before=${first.next}`);
    expect(second.next).toBeNull();
    const subjects = [...first.entries, ...second.entries].map((e) => e.subject);
    expect(subjects).toEqual(Array.from({ length: total }, (_, i) => `Message ${total - 1 - i}`));
  });

  it('refuses a bad filter with a 400 naming the field', async () => {
    for (const [query, path] of [
      ['?kind=parking', 'kind'],
      ['?from=2025-02-30', 'from'],
      ['?from=2025-06-10&to=2025-06-01', 'to'],
      ['?operator_id=abc', 'operator_id'],
      ['?before=1;drop table console_activity', 'before'],
    ] as const) {
      const res = await consoleCall(t, 'GET', `/operator/activity${query}`, { session: admin });
      expect(res.statusCode, query).toBe(400);
      const errors = (res.json() as { errors: { path: string }[] }).errors;
      expect(errors.map((e) => e.path)).toContain(path);
    }
  });

  it('cannot be edited or deleted: the database refuses UPDATE and DELETE', async () => {
    const { db } = t.db.handle;
    const row = await db
      .selectFrom('console_activity')
      .select(['id', 'subject'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await expect(
      sql`update console_activity set subject = 'rewritten' where id = ${row.id}`.execute(db),
    ).rejects.toThrow(/cannot be changed or deleted/);
    await expect(
      sql`delete from console_activity where id = ${row.id}`.execute(db),
    ).rejects.toThrow(/cannot be changed or deleted/);
    await expect(sql`delete from console_activity`.execute(db)).rejects.toThrow(
      /cannot be changed or deleted/,
    );
    const after = await db
      .selectFrom('console_activity')
      .select(['id', 'subject'])
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(row);
  });
});
