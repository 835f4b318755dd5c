import type { Driver, DriverInput, DriverPatch } from '../../../contract/operator-drivers';
import { licenceState } from '../../../domain/booking-lifecycle';
import { OPERATOR_MESSAGES } from '../../../domain/messages';
import { VEHICLE_MESSAGES } from '../../../domain/vehicle-messages';
import { HttpError, RequestValidationError } from '../../errors';
import { todayInLondonFast } from '../../lib/uk-clock';
import type { Kysely, Transaction, Updateable } from 'kysely';
import type { Database, DriversTable } from '../../db/schema';
import type { ActivityRepository } from '../../repositories/activity-repository';
import type { DriverRow, DriversRepository } from '../../repositories/drivers-repository';
import type { DriverSessionsRepository } from '../../repositories/driver-sessions-repository';
import type { VehiclesRepository } from '../../repositories/vehicles-repository';
import { toVehicleSummary } from '../vehicles/vehicle-mapper';
import { usualVehicle, usualVehicleRequired, type DriverVehicleDeps } from './driver-vehicle';
import type { OperatorIdentity } from './operator-auth-service';

/**
 * The registration of the car sent on a booking: the one the dispatcher gave when assigning
 * (bookings.vehicle_registration), else the assigned driver's usual vehicle. The one place that
 * says so, for the console, the passenger's page and the CSV.
 */
export function registrationSent(
  booking: { vehicle_registration: string | null },
  driver: { vehicle_registration: string },
): string {
  return booking.vehicle_registration ?? driver.vehicle_registration;
}

export function toDriver(row: DriverRow, today: string): Driver {
  return {
    id: row.id,
    company_id: row.company_id,
    company_name: row.company_name,
    name: row.name,
    mobile: row.mobile,
    licence_number: row.licence_number,
    licence_expiry: row.licence_expiry,
    licence_state: licenceState(row.licence_expiry, today),
    vehicle_registration: row.vehicle_registration,
    category_id: row.category_id,
    category_name: row.category_name,
    active: row.active,
    email: row.email,
    vehicle_id: row.vehicle_id,
    vehicle: usualVehicleOf(row, today),
  };
}

/** The driver's usual vehicle with its documents, read with the driver's row. */
function usualVehicleOf(row: DriverRow, today: string) {
  if (row.vehicle_id === null || row.usual_registration === null) return null;
  return toVehicleSummary(
    {
      id: row.vehicle_id,
      registration: row.usual_registration,
      make: row.usual_make ?? '',
      model: row.usual_model ?? '',
      colour: row.usual_colour ?? '',
      active: row.usual_active ?? false,
      phv_licence_expiry: row.usual_phv_licence_expiry,
      mot_expiry: row.usual_mot_expiry,
      insurance_expiry: row.usual_insurance_expiry,
    },
    today,
  );
}

/** A driver as the activity log keeps them: what a person reads and changes. */
function driverRecord(row: DriverRow) {
  return {
    name: row.name,
    mobile: row.mobile,
    licence_number: row.licence_number,
    licence_expiry: row.licence_expiry,
    vehicle_registration: row.vehicle_registration,
    category: row.category_name,
    active: row.active,
    email: row.email,
  };
}

/** A driver's addition or change in the console's activity log, in the change's transaction. */
async function recordDriverChange(
  deps: { activity: Pick<ActivityRepository, 'record'>; clock: () => Date },
  trx: Transaction<Database>,
  operator: OperatorIdentity,
  change: { before: DriverRow | undefined; after: DriverRow },
) {
  await deps.activity.record(trx, {
    actor: { id: operator.id, name: operator.name },
    companyId: change.after.company_id,
    kind: 'drivers',
    subject: change.after.name,
    summary: change.before ? 'Driver changed' : 'Driver added',
    before: change.before ? driverRecord(change.before) : null,
    after: driverRecord(change.after),
    at: deps.clock(),
  });
}

export interface DriversDeps extends DriverVehicleDeps {
  db: Kysely<Database>;
  drivers: DriversRepository;
  vehicles: Pick<VehiclesRepository, 'find' | 'findByRegistration' | 'insert'>;
  driverSessions: Pick<DriverSessionsRepository, 'revokeAllOf'>;
  activity: Pick<ActivityRepository, 'record'>;
  clock: () => Date;
}

/**
 * The console's drivers: a dispatcher's own company's, every company's for the admin. Each
 * change is written with its activity row (before and after) in one transaction; a driver's
 * usual vehicle is one of the company's vehicles (driver-vehicle.ts).
 */
export function createDriversService(deps: DriversDeps) {
  const today = () => todayInLondonFast(deps.clock());
  return {
    async list(operator: OperatorIdentity): Promise<Driver[]> {
      const day = today();
      return (await deps.drivers.list(operator.companyId)).map((row) => toDriver(row, day));
    },
    add: async (operator: OperatorIdentity, input: DriverInput) =>
      toDriver(await addDriver(deps, operator, input), today()),
    update: async (operator: OperatorIdentity, id: number, patch: DriverPatch) =>
      toDriver(await updateDriver(deps, operator, id, patch), today()),
  };
}

export type DriversService = ReturnType<typeof createDriversService>;

async function checkCategory(deps: DriversDeps, categoryId: number | undefined) {
  if (categoryId !== undefined && !(await deps.drivers.categoryExists(categoryId))) {
    throw new RequestValidationError([
      { path: 'category_id', message: OPERATOR_MESSAGES.notACategory },
    ]);
  }
}

/** The 400 when another driver signs in with this email. */
async function checkEmail(deps: DriversDeps, email: string | null | undefined, id: number | null) {
  if (email && (await deps.drivers.emailTaken(email, id))) {
    throw new RequestValidationError([{ path: 'email', message: VEHICLE_MESSAGES.emailTaken }]);
  }
}

async function found(
  deps: DriversDeps,
  operator: OperatorIdentity,
  id: number,
  trx?: Transaction<Database>,
): Promise<DriverRow> {
  const row = await deps.drivers.find(id, operator.companyId, trx);
  if (!row) throw new HttpError(404, OPERATOR_MESSAGES.driverNotFound);
  return row;
}

/** The company a new driver joins: a dispatcher's own, whatever the body says. */
async function companyFor(deps: DriversDeps, operator: OperatorIdentity, input: DriverInput) {
  const companyId = operator.companyId ?? input.company_id;
  if (companyId === undefined) {
    throw new RequestValidationError([
      { path: 'company_id', message: OPERATOR_MESSAGES.companyRequired },
    ]);
  }
  if (operator.companyId === null && !(await deps.drivers.companyExists(companyId))) {
    throw new RequestValidationError([
      { path: 'company_id', message: OPERATOR_MESSAGES.notACompany },
    ]);
  }
  return companyId;
}

async function addDriver(deps: DriversDeps, operator: OperatorIdentity, input: DriverInput) {
  const companyId = await companyFor(deps, operator, input);
  await checkCategory(deps, input.category_id);
  await checkEmail(deps, input.email, null);
  return deps.db.transaction().execute(async (trx) => {
    const context = { operator, companyId, categoryId: input.category_id };
    const vehicle = (await usualVehicle(deps, trx, context, input)) ?? usualVehicleRequired();
    const id = await deps.drivers.insert(
      {
        company_id: companyId,
        name: input.name,
        mobile: input.mobile,
        licence_number: input.licence_number.toUpperCase(),
        licence_expiry: input.licence_expiry,
        category_id: input.category_id,
        email: input.email ?? null,
        ...vehicle,
      },
      trx,
    );
    const after = await found(deps, operator, id, trx);
    await recordDriverChange(deps, trx, operator, { before: undefined, after });
    return after;
  });
}

async function updateDriver(
  deps: DriversDeps,
  operator: OperatorIdentity,
  id: number,
  patch: DriverPatch,
) {
  const current = await found(deps, operator, id);
  await checkCategory(deps, patch.category_id);
  // A driver's bookings and history stay with the company they drove for: one who moves
  // is added to the other company.
  if (patch.company_id !== undefined) {
    throw new RequestValidationError([
      { path: 'company_id', message: OPERATOR_MESSAGES.companyFixed },
    ]);
  }
  await checkEmail(deps, patch.email, id);
  return deps.db.transaction().execute(async (trx) => {
    const before = await found(deps, operator, id, trx);
    const context = {
      operator,
      companyId: current.company_id,
      categoryId: patch.category_id ?? current.category_id,
    };
    const vehicle = await usualVehicle(deps, trx, context, patch);
    await deps.drivers.update(id, { ...changesOf(patch, deps.clock()), ...vehicle }, trx);
    // Deactivating ends the driver's app sessions at once (issue 34), with the change.
    if (patch.active === false) await deps.driverSessions.revokeAllOf(id, deps.clock(), trx);
    const after = await found(deps, operator, id, trx);
    await recordDriverChange(deps, trx, operator, { before, after });
    return after;
  });
}

/** A patch as the driver's columns: only the fields it names, written as the list shows them. */
function changesOf(patch: DriverPatch, now: Date): Updateable<DriversTable> {
  return {
    ...(patch.name !== undefined ? { name: patch.name } : {}),
    ...(patch.mobile !== undefined ? { mobile: patch.mobile } : {}),
    ...(patch.licence_number !== undefined
      ? { licence_number: patch.licence_number.toUpperCase() }
      : {}),
    ...(patch.licence_expiry !== undefined ? { licence_expiry: patch.licence_expiry } : {}),
    ...(patch.category_id !== undefined ? { category_id: patch.category_id } : {}),
    ...(patch.active !== undefined ? { active: patch.active } : {}),
    ...(patch.email !== undefined ? { email: patch.email } : {}),
    updated_at: now,
  };
}
