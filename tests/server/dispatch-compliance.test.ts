import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  jobsBoardResponseSchema,
  operatorBookingResponseSchema,
} from '../../src/contract/operator';
import { COMPLIANCE_MESSAGES, VEHICLE_MESSAGES } from '../../src/domain/vehicle-messages';
import { DEMO_OPERATORS } from '../../src/server/db/seed-data/operator-accounts';
import { startBookingApp } from './booking-fixtures';
import { testDatabaseKinds, type TestApp } from './helpers';
import { ADMIN, consoleCall, dispatcherOf, guestBooking, signIn } from './operator-fixtures';
import { FIXED_NOW } from './quote-fixtures';
import {
  addVehicle,
  driversOf,
  EXPIRED,
  IN_DATE,
  phoneBookingOf,
  vehicleBody,
  vehiclesOf,
} from './vehicle-fixtures';

const MANAGER = DEMO_OPERATORS.find((o) => o.role === 'manager')!;
const COMPANY = MANAGER.company!;
const DISPATCHER = dispatcherOf(COMPANY);

/**
 * Issue 34's compliance: Assign refuses a driver or a vehicle whose document has expired (or,
 * for a vehicle, was never recorded) with a 409 naming the document and whose it is; a job
 * keeps the vehicle it was sent in and who sent it, a booking who took it.
 */
describe.each(testDatabaseKinds())('dispatch compliance and records on %s', (kind) => {
  let t: TestApp;
  let manager: string;
  let dispatcher: string;

  function assign(bookingNumber: string, body: Record<string, unknown>, session = dispatcher) {
    return consoleCall(t, 'POST', `/operator/jobs/${bookingNumber}/assign`, { session, body });
  }

  /** A driver of the company with a valid licence, and a fresh vehicle as their usual one. */
  async function driverWith(vehicle: Record<string, unknown>) {
    const car = await addVehicle(t, manager, vehicleBody(vehicle));
    const driver = (await driversOf(t, manager)).find(
      (d) => d.active && d.licence_state !== 'expired' && d.name !== 'Marek Nowak',
    )!;
    const usual = await consoleCall(t, 'PATCH', `/operator/drivers/${driver.id}`, {
      session: manager,
      body: { vehicle_id: car.id },
    });
    expect(usual.statusCode, usual.body).toBe(200);
    return { driver, car };
  }

  beforeAll(async () => {
    t = await startBookingApp(kind, { MAIL_POLL_INTERVAL_MS: '0' });
    manager = await signIn(t, MANAGER);
    dispatcher = await signIn(t, DISPATCHER);
  });
  afterAll(async () => t?.close());

  it("sends the driver's usual vehicle unless another is chosen, and records who dispatched it", async () => {
    const { driver, car } = await driverWith({ registration: 'US71 UAL' });
    const other = await addVehicle(t, manager, vehicleBody({ registration: 'CH05 SEN' }));
    const first = await phoneBookingOf(t, manager, COMPANY);
    const usual = await assign(first, { driver_id: driver.id });
    expect(usual.statusCode, usual.body).toBe(200);
    const shown = operatorBookingResponseSchema.parse(usual.json()).data;
    expect(shown.taken_by).toBe(MANAGER.name);
    expect(shown.jobs[0]).toMatchObject({
      vehicle_registration: 'US71 UAL',
      vehicle: { id: car.id, registration: 'US71 UAL', make: 'Toyota' },
      dispatched_by: DISPATCHER.name,
      offer: null,
    });

    const second = await phoneBookingOf(t, manager, COMPANY);
    const chosen = await assign(second, { driver_id: driver.id, vehicle_id: other.id });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const stored = await t.db.handle.db
      .selectFrom('booking_jobs')
      .innerJoin('bookings', 'bookings.id', 'booking_jobs.booking_id')
      .select([
        'booking_jobs.vehicle_id',
        'booking_jobs.vehicle_registration',
        'booking_jobs.dispatched_by_operator_id',
        'bookings.taken_by_operator_id',
      ])
      .where('bookings.booking_number', '=', second)
      .executeTakeFirstOrThrow();
    const ids = await t.db.handle.db
      .selectFrom('operators')
      .select(['id', 'email'])
      .where('email', 'in', [MANAGER.email, DISPATCHER.email])
      .execute();
    const idOf = (email: string) => ids.find((row) => row.email === email)!.id;
    expect(stored).toEqual({
      vehicle_id: other.id,
      vehicle_registration: 'CH05 SEN',
      dispatched_by_operator_id: idOf(DISPATCHER.email),
      taken_by_operator_id: idOf(MANAGER.email),
    });

    // An older client's registration names one of the company's vehicles, however spaced.
    const third = await phoneBookingOf(t, manager, COMPANY);
    expect(
      (await assign(third, { driver_id: driver.id, vehicle_registration: 'ch05sen' })).statusCode,
    ).toBe(200);
    const unknown = await assign(await phoneBookingOf(t, manager, COMPANY), {
      driver_id: driver.id,
      vehicle_registration: 'ZZ99 ZZZ',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].path).toBe('vehicle_registration');
  });

  it('refuses an expired driver or vehicle with a 409 naming the document, and a vehicle of another company with a 400', async () => {
    const number = await phoneBookingOf(t, manager, COMPANY);
    const cases: [Record<string, unknown>, (registration: string) => string][] = [
      [
        { registration: 'PH71 EXP', phv_licence_expiry: EXPIRED },
        (r) => COMPLIANCE_MESSAGES.vehicleDocumentExpired(r, 'PHV vehicle licence', '20/11/2026'),
      ],
      [
        { registration: 'MO71 EXP', mot_expiry: EXPIRED },
        (r) => COMPLIANCE_MESSAGES.vehicleDocumentExpired(r, 'MOT', '20/11/2026'),
      ],
      [
        { registration: 'IN71 EXP', insurance_expiry: EXPIRED },
        (r) => COMPLIANCE_MESSAGES.vehicleDocumentExpired(r, 'insurance', '20/11/2026'),
      ],
      [
        { registration: 'NO71 MOT', mot_expiry: null },
        (r) => COMPLIANCE_MESSAGES.vehicleDocumentMissing(r, 'MOT'),
      ],
    ];
    const driver = (await driversOf(t, manager)).find(
      (d) => d.active && d.licence_state !== 'expired',
    )!;
    for (const [vehicle, message] of cases) {
      const car = await addVehicle(t, manager, vehicleBody(vehicle));
      const refused = await assign(number, { driver_id: driver.id, vehicle_id: car.id });
      expect(refused.statusCode, car.registration).toBe(409);
      expect(refused.json().message).toBe(message(car.registration));
    }
    const withdrawn = await addVehicle(t, manager, vehicleBody({ registration: 'WD71 RWN' }));
    await consoleCall(t, 'PATCH', `/operator/vehicles/${withdrawn.id}`, {
      session: manager,
      body: { active: false },
    });
    const inactive = await assign(number, { driver_id: driver.id, vehicle_id: withdrawn.id });
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json().message).toBe(VEHICLE_MESSAGES.vehicleInactive('WD71 RWN'));

    // The driver's own licence is judged first, whatever the vehicle.
    const { driver: lapsed, car } = await driverWith({ registration: 'LA71 PSE' });
    await consoleCall(t, 'PATCH', `/operator/drivers/${lapsed.id}`, {
      session: manager,
      body: { licence_expiry: EXPIRED },
    });
    const expiredDriver = await assign(number, { driver_id: lapsed.id, vehicle_id: car.id });
    expect(expiredDriver.statusCode).toBe(409);
    expect(expiredDriver.json().message).toBe(
      COMPLIANCE_MESSAGES.driverLicenceExpired(lapsed.name, '20/11/2026'),
    );
    await consoleCall(t, 'PATCH', `/operator/drivers/${lapsed.id}`, {
      session: manager,
      body: { licence_expiry: IN_DATE },
    });

    const admin = await signIn(t, ADMIN);
    const theirs = (await vehiclesOf(t, admin)).find((v) => v.company_name !== COMPANY)!;
    const foreign = await assign(number, { driver_id: driver.id, vehicle_id: theirs.id }, admin);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual([
      { path: 'vehicle_id', message: VEHICLE_MESSAGES.notCompanyVehicle },
    ]);
    // Nothing refused was written: the job still waits for a driver.
    const page = await consoleCall(t, 'GET', `/operator/bookings/${number}`, {
      session: dispatcher,
    });
    expect(operatorBookingResponseSchema.parse(page.json()).data.jobs[0]).toMatchObject({
      status: 'confirmed',
      driver: null,
      vehicle: null,
      dispatched_by: null,
    });
  });

  it('shows an online booking as taken online, and an open offer on the board and the booking page', async () => {
    const online = await guestBooking(t);
    const session = await signIn(t, dispatcherOf(online.company));
    const page = await consoleCall(t, 'GET', `/operator/bookings/${online.number}`, { session });
    expect(operatorBookingResponseSchema.parse(page.json()).data.taken_by).toBeNull();

    const number = await phoneBookingOf(t, manager, COMPANY, 'Olivia Offer');
    const james = (await driversOf(t, manager)).find((d) => d.name === 'James Okafor')!;
    const until = new Date(FIXED_NOW.getTime() + 120_000);
    const offerFor = (expires: Date) =>
      t.db.handle.db
        .updateTable('booking_jobs')
        .set({ offered_driver_id: james.id, offer_expires_at: expires })
        .where('booking_id', '=', (eb) =>
          eb.selectFrom('bookings').select('id').where('booking_number', '=', number),
        )
        .execute();
    await offerFor(until);
    const board = await consoleCall(t, 'GET', '/operator/jobs?q=Olivia%20Offer', {
      session: dispatcher,
    });
    const row = jobsBoardResponseSchema.parse(board.json()).data[0]!;
    expect(row.offer).toEqual({ driver_name: 'James Okafor', expires_at: until.toISOString() });
    const detail = await consoleCall(t, 'GET', `/operator/bookings/${number}`, {
      session: dispatcher,
    });
    expect(operatorBookingResponseSchema.parse(detail.json()).data.jobs[0]!.offer).toEqual({
      driver_name: 'James Okafor',
      expires_at: until.toISOString(),
    });
    // A lapsed offer is not shown, whether or not the sweep has cleared it yet.
    await offerFor(new Date(FIXED_NOW.getTime() - 1_000));
    const later = await consoleCall(t, 'GET', '/operator/jobs?q=Olivia%20Offer', {
      session: dispatcher,
    });
    expect(jobsBoardResponseSchema.parse(later.json()).data[0]!.offer).toBeNull();
  });
});
