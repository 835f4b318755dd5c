import type { Driver, DriverInput, DriverPatch } from '../../../contract/operator';
import { licenceState } from '../../../domain/booking-lifecycle';
import { OPERATOR_MESSAGES } from '../../../domain/messages';
import { HttpError, RequestValidationError } from '../../errors';
import { todayInLondonFast } from '../../lib/uk-clock';
import type { Kysely, Transaction, Updateable } from 'kysely';
import type { Database, DriversTable } from '../../db/schema';
import type { ActivityRepository } from '../../repositories/activity-repository';
import type { DriverRow, DriversRepository } from '../../repositories/drivers-repository';
import type { DriverSessionsRepository } from '../../repositories/driver-sessions-repository';
import type { OperatorIdentity } from './operator-auth-service';

/** A registration as plates show it: capitals, single spaces. */
export function normaliseRegistration(registration: string): string {
  return registration.trim().toUpperCase().replace(/\s+/g, ' ');
}

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
  };
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

/** A 400 naming category_id when it is given and is no vehicle category. */
async function checkCategory(drivers: DriversRepository, categoryId: number | undefined) {
  if (categoryId !== undefined && !(await drivers.categoryExists(categoryId))) {
    throw new RequestValidationError([
      { path: 'category_id', message: OPERATOR_MESSAGES.notACategory },
    ]);
  }
}

/**
 * The console's drivers: a dispatcher's own company's, every company's for the admin. Each
 * change is written with its activity row (before and after) in one transaction.
 */
export function createDriversService(deps: {
  db: Kysely<Database>;
  drivers: DriversRepository;
  driverSessions: Pick<DriverSessionsRepository, 'revokeAllOf'>;
  activity: Pick<ActivityRepository, 'record'>;
  clock: () => Date;
}) {
  const { drivers, clock } = deps;
  const today = () => todayInLondonFast(clock());

  async function found(
    operator: OperatorIdentity,
    id: number,
    trx?: Transaction<Database>,
  ): Promise<DriverRow> {
    const row = await drivers.find(id, operator.companyId, trx);
    if (!row) throw new HttpError(404, OPERATOR_MESSAGES.driverNotFound);
    return row;
  }

  return {
    async list(operator: OperatorIdentity): Promise<Driver[]> {
      const day = today();
      return (await drivers.list(operator.companyId)).map((row) => toDriver(row, day));
    },

    async add(operator: OperatorIdentity, input: DriverInput): Promise<Driver> {
      // A dispatcher adds to their own company whatever the body says.
      const companyId = operator.companyId ?? input.company_id;
      if (companyId === undefined) {
        throw new RequestValidationError([
          { path: 'company_id', message: OPERATOR_MESSAGES.companyRequired },
        ]);
      }
      if (operator.companyId === null && !(await drivers.companyExists(companyId))) {
        throw new RequestValidationError([
          { path: 'company_id', message: OPERATOR_MESSAGES.notACompany },
        ]);
      }
      await checkCategory(drivers, input.category_id);
      const row = await deps.db.transaction().execute(async (trx) => {
        const id = await drivers.insert(
          {
            company_id: companyId,
            name: input.name,
            mobile: input.mobile,
            licence_number: input.licence_number.toUpperCase(),
            licence_expiry: input.licence_expiry,
            vehicle_registration: normaliseRegistration(input.vehicle_registration),
            category_id: input.category_id,
          },
          trx,
        );
        const after = await found(operator, id, trx);
        await recordDriverChange(deps, trx, operator, { before: undefined, after });
        return after;
      });
      return toDriver(row, today());
    },

    async update(operator: OperatorIdentity, id: number, patch: DriverPatch): Promise<Driver> {
      await found(operator, id);
      await checkCategory(drivers, patch.category_id);
      // A driver's bookings and history stay with the company they drove for: one who moves
      // is added to the other company.
      if (patch.company_id !== undefined) {
        throw new RequestValidationError([
          { path: 'company_id', message: OPERATOR_MESSAGES.companyFixed },
        ]);
      }
      const row = await deps.db.transaction().execute(async (trx) => {
        const before = await found(operator, id, trx);
        await drivers.update(id, changesOf(patch, clock()), trx);
        // Deactivating ends the driver's app sessions at once (issue 34), with the change.
        if (patch.active === false) await deps.driverSessions.revokeAllOf(id, clock(), trx);
        const after = await found(operator, id, trx);
        await recordDriverChange(deps, trx, operator, { before, after });
        return after;
      });
      return toDriver(row, today());
    },
  };
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
    ...(patch.vehicle_registration !== undefined
      ? { vehicle_registration: normaliseRegistration(patch.vehicle_registration) }
      : {}),
    ...(patch.category_id !== undefined ? { category_id: patch.category_id } : {}),
    ...(patch.active !== undefined ? { active: patch.active } : {}),
    updated_at: now,
  };
}

export type DriversService = ReturnType<typeof createDriversService>;
