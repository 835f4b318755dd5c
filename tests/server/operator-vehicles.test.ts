import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverResponseSchema } from '../../src/contract/operator-drivers';
import { activityResponseSchema } from '../../src/contract/operator-activity';
import { vehicleResponseSchema } from '../../src/contract/operator-vehicles';
import { OPERATOR_MESSAGES } from '../../src/domain/messages';
import { VEHICLE_MESSAGES } from '../../src/domain/vehicle-messages';
import { DEMO_OPERATORS } from '../../src/server/db/seed-data/operator-accounts';
import { startBookingApp } from './booking-fixtures';
import { testDatabaseKinds, type TestApp } from './helpers';
import { ADMIN, consoleCall, dispatcherOf, signIn } from './operator-fixtures';
import {
  addVehicle,
  driversOf,
  EXPIRED,
  EXPIRING,
  IN_DATE,
  vehicleBody,
  vehiclesOf,
} from './vehicle-fixtures';

const MANAGER = DEMO_OPERATORS.find((o) => o.role === 'manager')!;
const OTHER_COMPANY = 'Thames Valley Private Hire';

/**
 * Issue 34's Vehicles: each company's private hire vehicles with their PHV licence, MOT and
 * insurance, each document's state in every answer; the admin's every company's, a manager's
 * own, a dispatcher's to read only; a driver's usual vehicle one of their company's.
 */
describe.each(testDatabaseKinds())('the console vehicles on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let manager: string;
  let dispatcher: string;
  let otherDispatcher: string;

  beforeAll(async () => {
    t = await startBookingApp(kind, { MAIL_POLL_INTERVAL_MS: '0' });
    admin = await signIn(t, ADMIN);
    manager = await signIn(t, MANAGER);
    dispatcher = await signIn(t, dispatcherOf(MANAGER.company!));
    otherDispatcher = await signIn(t, dispatcherOf(OTHER_COMPANY));
  });
  afterAll(async () => t?.close());

  it("lets a manager add and change their company's vehicles, with each document's state", async () => {
    const added = await addVehicle(
      t,
      manager,
      vehicleBody({ registration: ' vx26  abc ', mot_expiry: EXPIRING, insurance_expiry: null }),
    );
    expect(added).toMatchObject({
      registration: 'VX26 ABC',
      company_name: MANAGER.company,
      phv_licence_number: 'PHV-1001',
      active: true,
      documents: {
        phv_licence: { expiry: IN_DATE, state: 'valid' },
        mot: { expiry: EXPIRING, state: 'expiring', days_left: 10 },
        insurance: { expiry: null, state: 'missing', days_left: null },
      },
    });
    // The company is the manager's own, whatever the body says.
    const elsewhere = await addVehicle(
      t,
      manager,
      vehicleBody({ registration: 'VX26 ABD', company_id: 999 }),
    );
    expect(elsewhere.company_name).toBe(MANAGER.company);

    const changed = await consoleCall(t, 'PATCH', `/operator/vehicles/${added.id}`, {
      session: manager,
      body: { insurance_expiry: EXPIRED, colour: 'Blue', active: false },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(vehicleResponseSchema.parse(changed.json()).data).toMatchObject({
      colour: 'Blue',
      active: false,
      documents: { insurance: { state: 'expired', days_left: -1 } },
    });
    const one = await consoleCall(t, 'GET', `/operator/vehicles/${added.id}`, {
      session: dispatcher,
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(vehicleResponseSchema.parse(one.json()).data.colour).toBe('Blue');

    // A dispatcher lists their own company's (to assign); the admin every company's.
    const listed = await vehiclesOf(t, dispatcher);
    expect(listed.map((v) => v.registration)).toEqual(
      expect.arrayContaining(['VX26 ABC', 'LB71 XKE']),
    );
    expect(new Set(listed.map((v) => v.company_name))).toEqual(new Set([MANAGER.company]));
    const all = new Set((await vehiclesOf(t, admin)).map((v) => v.company_name));
    expect(all).toEqual(new Set([MANAGER.company, OTHER_COMPANY, 'Northern Star Chauffeurs']));
  });

  it("refuses a dispatcher's changes (403), another company's vehicle (404) and names each bad field (400)", async () => {
    const mine = (await vehiclesOf(t, manager)).find((v) => v.registration === 'LB71 XKE')!;
    const refused = [
      await consoleCall(t, 'POST', '/operator/vehicles', {
        session: dispatcher,
        body: vehicleBody(),
      }),
      await consoleCall(t, 'PATCH', `/operator/vehicles/${mine.id}`, {
        session: dispatcher,
        body: { colour: 'Red' },
      }),
    ];
    for (const res of refused) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(OPERATOR_MESSAGES.onlyRoles(['admin', 'manager']));
    }
    expect((await consoleCall(t, 'GET', '/operator/vehicles', {})).statusCode).toBe(401);

    const theirs = (await vehiclesOf(t, admin)).find((v) => v.company_name === OTHER_COMPANY)!;
    const hidden = [
      await consoleCall(t, 'GET', `/operator/vehicles/${mine.id}`, { session: otherDispatcher }),
      await consoleCall(t, 'PATCH', `/operator/vehicles/${theirs.id}`, {
        session: manager,
        body: { colour: 'Red' },
      }),
      await consoleCall(t, 'GET', '/operator/vehicles/999999', { session: admin }),
    ];
    for (const res of hidden) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toBe(VEHICLE_MESSAGES.vehicleNotFound);
    }

    const bad = await consoleCall(t, 'POST', '/operator/vehicles', {
      session: manager,
      body: vehicleBody({ registration: 'AB-12', seats: 17, mot_expiry: '2027-02-30', make: '' }),
    });
    expect(bad.statusCode).toBe(400);
    const paths = (bad.json().errors as { path: string }[]).map((issue) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(['registration', 'seats', 'mot_expiry', 'make']));
    // The same registration however it is spaced, and a category that is not one.
    const taken = await consoleCall(t, 'POST', '/operator/vehicles', {
      session: manager,
      body: vehicleBody({ registration: 'lb71xke' }),
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors).toEqual([
      { path: 'registration', message: VEHICLE_MESSAGES.registrationTaken('LB71XKE') },
    ]);
    const noCategory = await consoleCall(t, 'POST', '/operator/vehicles', {
      session: manager,
      body: vehicleBody({ registration: 'CAT 1E', category_id: 9999 }),
    });
    expect(noCategory.json().errors[0].path).toBe('category_id');
    // The admin says which company.
    const noCompany = await consoleCall(t, 'POST', '/operator/vehicles', {
      session: admin,
      body: vehicleBody({ registration: 'ADM 1N' }),
    });
    expect(noCompany.statusCode).toBe(400);
    expect(noCompany.json().errors[0].path).toBe('company_id');
  });

  it("records each change in the activity log and keeps its drivers' registration in step", async () => {
    const vehicle = await addVehicle(t, manager, vehicleBody({ registration: 'AC71 LOG' }));
    const driver = (await driversOf(t, manager))[0]!;
    const usual = await consoleCall(t, 'PATCH', `/operator/drivers/${driver.id}`, {
      session: manager,
      body: { vehicle_id: vehicle.id },
    });
    expect(usual.statusCode, usual.body).toBe(200);
    expect(driverResponseSchema.parse(usual.json()).data).toMatchObject({
      vehicle_id: vehicle.id,
      vehicle_registration: 'AC71 LOG',
      vehicle: { registration: 'AC71 LOG', make: 'Toyota' },
    });
    const renamed = await consoleCall(t, 'PATCH', `/operator/vehicles/${vehicle.id}`, {
      session: manager,
      body: { registration: 'ac71 new' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = (await driversOf(t, manager)).find((d) => d.id === driver.id)!;
    expect(after.vehicle_registration).toBe('AC71 NEW');

    const log = await consoleCall(t, 'GET', '/operator/activity?kind=vehicles', { session: admin });
    const entries = activityResponseSchema.parse(log.json()).data.entries;
    const renaming = entries.find((entry) => entry.subject === 'AC71 NEW')!;
    expect(renaming).toMatchObject({
      kind: 'vehicles',
      summary: 'Vehicle changed',
      operator_name: MANAGER.name,
      before: { registration: 'AC71 LOG' },
      after: { registration: 'AC71 NEW', make: 'Toyota', mot_expiry: IN_DATE },
    });
    expect(entries.find((entry) => entry.subject === 'AC71 LOG')?.summary).toBe('Vehicle added');
  });

  it('gives drivers a unique email and a usual vehicle of their own company, flagged as it nears expiry', async () => {
    const [first, second] = await driversOf(t, manager);
    const vehicle = await addVehicle(
      t,
      manager,
      vehicleBody({ registration: 'FL46 AGS', phv_licence_expiry: EXPIRING }),
    );
    const set = await consoleCall(t, 'PATCH', `/operator/drivers/${first!.id}`, {
      session: manager,
      body: { email: ' Driver.One@Example.co.uk ', vehicle_id: vehicle.id },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(driverResponseSchema.parse(set.json()).data).toMatchObject({
      email: 'Driver.One@Example.co.uk',
      vehicle: { documents: { phv_licence: { state: 'expiring', days_left: 10 } } },
    });
    const taken = await consoleCall(t, 'PATCH', `/operator/drivers/${second!.id}`, {
      session: manager,
      body: { email: 'driver.one@example.co.uk' },
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors).toEqual([{ path: 'email', message: VEHICLE_MESSAGES.emailTaken }]);
    const theirs = (await vehiclesOf(t, admin)).find((v) => v.company_name === OTHER_COMPANY)!;
    const foreign = await consoleCall(t, 'PATCH', `/operator/drivers/${second!.id}`, {
      session: manager,
      body: { vehicle_id: theirs.id },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors[0]).toEqual({
      path: 'vehicle_id',
      message: VEHICLE_MESSAGES.notCompanyVehicle,
    });
    const cleared = await consoleCall(t, 'PATCH', `/operator/drivers/${first!.id}`, {
      session: manager,
      body: { email: '' },
    });
    expect(driverResponseSchema.parse(cleared.json()).data.email).toBeNull();

    // An older client's registration becomes one of the company's vehicles, its documents
    // not yet recorded; a driver with neither is refused.
    const added = await consoleCall(t, 'POST', '/operator/drivers', {
      session: manager,
      body: {
        name: 'Reg Only',
        mobile: '07700 900777',
        licence_number: 'PH-1',
        licence_expiry: IN_DATE,
        vehicle_registration: 'ro12 new',
        category_id: first!.category_id,
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(driverResponseSchema.parse(added.json()).data.vehicle).toMatchObject({
      registration: 'RO12 NEW',
      documents: { mot: { state: 'missing' } },
    });
    const neither = await consoleCall(t, 'POST', '/operator/drivers', {
      session: manager,
      body: {
        name: 'No Car',
        mobile: '07700 900778',
        licence_number: 'PH-2',
        licence_expiry: IN_DATE,
        category_id: first!.category_id,
      },
    });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().errors[0].path).toBe('vehicle_id');
  });
});
