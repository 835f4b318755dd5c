import type { Kysely, Transaction, Updateable } from 'kysely';
import type { Vehicle, VehicleInput, VehiclePatch } from '../../../contract/operator-vehicles';
import { OPERATOR_MESSAGES } from '../../../domain/messages';
import { VEHICLE_MESSAGES } from '../../../domain/vehicle-messages';
import { normaliseRegistration } from '../../../domain/vehicle-plate';
import type { Database, VehiclesTable } from '../../db/schema';
import { HttpError, RequestValidationError } from '../../errors';
import { todayInLondonFast } from '../../lib/uk-clock';
import type { ActivityRepository } from '../../repositories/activity-repository';
import type { DriversRepository } from '../../repositories/drivers-repository';
import type { VehicleRow, VehiclesRepository } from '../../repositories/vehicles-repository';
import { activeSummary } from '../fleet/fleet-setup-service';
import type { OperatorIdentity } from '../operator/operator-auth-service';
import { toVehicle, vehicleRecord } from './vehicle-mapper';

export interface VehiclesDeps {
  db: Kysely<Database>;
  vehicles: VehiclesRepository;
  drivers: Pick<DriversRepository, 'categoryExists' | 'companyExists'>;
  activity: Pick<ActivityRepository, 'record'>;
  clock: () => Date;
}

/**
 * The console's Vehicles page (issue 34): the admin's every company's, a manager's own (another
 * company's is 404); a dispatcher only lists them (the routes refuse the rest). Each change is
 * written with its activity row (before and after) in one transaction, and a new registration
 * reaches the drivers whose usual vehicle it is.
 */
export function createVehiclesService(deps: VehiclesDeps) {
  const today = () => todayInLondonFast(deps.clock());
  return {
    async list(operator: OperatorIdentity): Promise<Vehicle[]> {
      const day = today();
      return (await deps.vehicles.list(operator.companyId)).map((row) => toVehicle(row, day));
    },
    async get(operator: OperatorIdentity, id: number): Promise<Vehicle> {
      return toVehicle(await found(deps, operator, id), today());
    },
    add: async (operator: OperatorIdentity, input: VehicleInput) =>
      toVehicle(await addVehicle(deps, operator, input), today()),
    change: async (operator: OperatorIdentity, id: number, patch: VehiclePatch) =>
      toVehicle(await changeVehicle(deps, operator, id, patch), today()),
  };
}

export type VehiclesService = ReturnType<typeof createVehiclesService>;

async function found(
  deps: Pick<VehiclesDeps, 'vehicles'>,
  operator: OperatorIdentity,
  id: number,
  trx?: Transaction<Database>,
): Promise<VehicleRow> {
  const row = await deps.vehicles.find(id, operator.companyId, trx);
  if (!row) throw new HttpError(404, VEHICLE_MESSAGES.vehicleNotFound);
  return row;
}

/** A vehicle's addition or change in the console's activity log, in the change's transaction. */
export async function recordVehicleChange(
  deps: Pick<VehiclesDeps, 'activity' | 'clock'>,
  trx: Transaction<Database>,
  operator: OperatorIdentity,
  change: { before: VehicleRow | undefined; after: VehicleRow },
) {
  const { before, after } = change;
  await deps.activity.record(trx, {
    actor: { id: operator.id, name: operator.name },
    companyId: after.company_id,
    kind: 'vehicles',
    subject: after.registration,
    summary: before ? activeSummary(before.active, after.active, 'Vehicle') : 'Vehicle added',
    before: before ? vehicleRecord(before) : null,
    after: vehicleRecord(after),
    at: deps.clock(),
  });
}

/** The 400 when another of the company's vehicles has this registration, however spaced. */
async function registrationFree(
  deps: Pick<VehiclesDeps, 'vehicles'>,
  companyId: number,
  registration: string,
  exceptId?: number,
) {
  if (await deps.vehicles.findByRegistration(companyId, registration, undefined, exceptId)) {
    throw new RequestValidationError([
      { path: 'registration', message: VEHICLE_MESSAGES.registrationTaken(registration) },
    ]);
  }
}

async function checkCategory(deps: Pick<VehiclesDeps, 'drivers'>, categoryId: number | undefined) {
  if (categoryId !== undefined && !(await deps.drivers.categoryExists(categoryId))) {
    throw new RequestValidationError([
      { path: 'category_id', message: OPERATOR_MESSAGES.notACategory },
    ]);
  }
}

/** The company a new vehicle joins: a manager's own, whatever the body says; the admin's choice. */
async function companyFor(deps: VehiclesDeps, operator: OperatorIdentity, input: VehicleInput) {
  const companyId = operator.companyId ?? input.company_id;
  if (companyId === undefined) {
    throw new RequestValidationError([
      { path: 'company_id', message: VEHICLE_MESSAGES.companyRequired },
    ]);
  }
  if (operator.companyId === null && !(await deps.drivers.companyExists(companyId))) {
    throw new RequestValidationError([
      { path: 'company_id', message: OPERATOR_MESSAGES.notACompany },
    ]);
  }
  return companyId;
}

async function addVehicle(deps: VehiclesDeps, operator: OperatorIdentity, input: VehicleInput) {
  const companyId = await companyFor(deps, operator, input);
  const registration = normaliseRegistration(input.registration);
  await checkCategory(deps, input.category_id);
  await registrationFree(deps, companyId, registration);
  return deps.db.transaction().execute(async (trx) => {
    const id = await deps.vehicles.insert(
      {
        company_id: companyId,
        registration,
        make: input.make,
        model: input.model,
        colour: input.colour,
        seats: input.seats,
        category_id: input.category_id,
        phv_licence_number: (input.phv_licence_number ?? '').toUpperCase(),
        phv_licence_expiry: input.phv_licence_expiry ?? null,
        mot_expiry: input.mot_expiry ?? null,
        insurance_expiry: input.insurance_expiry ?? null,
      },
      trx,
    );
    const after = await found(deps, operator, id, trx);
    await recordVehicleChange(deps, trx, operator, { before: undefined, after });
    return after;
  });
}

async function changeVehicle(
  deps: VehiclesDeps,
  operator: OperatorIdentity,
  id: number,
  patch: VehiclePatch,
) {
  const current = await found(deps, operator, id);
  // A vehicle's jobs stay with the company it drove for: one that moves is added to the other.
  if (patch.company_id !== undefined && patch.company_id !== current.company_id) {
    throw new RequestValidationError([
      { path: 'company_id', message: VEHICLE_MESSAGES.companyFixed },
    ]);
  }
  await checkCategory(deps, patch.category_id);
  const changes = changesOf(patch, deps.clock());
  if (changes.registration !== undefined) {
    await registrationFree(deps, current.company_id, changes.registration, id);
  }
  return deps.db.transaction().execute(async (trx) => {
    const before = await found(deps, operator, id, trx);
    await deps.vehicles.update(id, changes, trx);
    if (changes.registration !== undefined) {
      await deps.vehicles.syncDriverRegistrations(id, changes.registration, trx);
    }
    const after = await found(deps, operator, id, trx);
    await recordVehicleChange(deps, trx, operator, { before, after });
    return after;
  });
}

/** A patch as the vehicle's columns: only the fields it names, written as the list shows them. */
function changesOf(patch: VehiclePatch, now: Date): Updateable<VehiclesTable> {
  const given = <K extends keyof VehiclePatch>(field: K) =>
    patch[field] === undefined ? {} : { [field]: patch[field] };
  return {
    ...(patch.registration !== undefined
      ? { registration: normaliseRegistration(patch.registration) }
      : {}),
    ...given('make'),
    ...given('model'),
    ...given('colour'),
    ...given('seats'),
    ...given('category_id'),
    ...(patch.phv_licence_number !== undefined
      ? { phv_licence_number: patch.phv_licence_number.toUpperCase() }
      : {}),
    ...given('phv_licence_expiry'),
    ...given('mot_expiry'),
    ...given('insurance_expiry'),
    ...given('active'),
    updated_at: now,
  };
}
