import type { Transaction } from 'kysely';
import { VEHICLE_MESSAGES } from '../../../domain/vehicle-messages';
import { normaliseRegistration } from '../../../domain/vehicle-plate';
import type { Database } from '../../db/schema';
import { RequestValidationError } from '../../errors';
import type { ActivityRepository } from '../../repositories/activity-repository';
import type { VehiclesRepository } from '../../repositories/vehicles-repository';
import { recordVehicleChange } from '../vehicles/vehicles-service';
import type { OperatorIdentity } from './operator-auth-service';

/** What a driver's usual vehicle is written with. */
export interface DriverVehicleDeps {
  vehicles: Pick<VehiclesRepository, 'find' | 'findByRegistration' | 'insert'>;
  activity: Pick<ActivityRepository, 'record'>;
  clock: () => Date;
}

/** How a driver's form names their usual vehicle: a vehicle record, or (older clients) a registration. */
export interface UsualVehicleChoice {
  vehicle_id?: number | undefined;
  vehicle_registration?: string | undefined;
}

/**
 * A driver's usual vehicle (issue 34), one of the company's: the one `vehicle_id` names (400
 * naming it otherwise), else the company's vehicle with the registration given, which is
 * added as a vehicle record (its documents not yet recorded) when there is none, as migration
 * 0026 did for every driver's registration. Undefined when the choice names neither. The
 * driver keeps the registration too, for older code.
 */
export async function usualVehicle(
  deps: DriverVehicleDeps,
  trx: Transaction<Database>,
  context: { operator: OperatorIdentity; companyId: number; categoryId: number },
  choice: UsualVehicleChoice,
): Promise<{ vehicle_id: number; vehicle_registration: string } | undefined> {
  const { companyId } = context;
  if (choice.vehicle_id !== undefined) {
    const vehicle = await deps.vehicles.find(choice.vehicle_id, companyId, trx);
    if (!vehicle) {
      throw new RequestValidationError([
        { path: 'vehicle_id', message: VEHICLE_MESSAGES.notCompanyVehicle },
      ]);
    }
    return { vehicle_id: vehicle.id, vehicle_registration: vehicle.registration };
  }
  if (choice.vehicle_registration === undefined) return undefined;
  const registration = normaliseRegistration(choice.vehicle_registration);
  const known = await deps.vehicles.findByRegistration(companyId, registration, trx);
  if (known) return { vehicle_id: known.id, vehicle_registration: known.registration };
  const id = await deps.vehicles.insert(
    { company_id: companyId, registration, category_id: context.categoryId },
    trx,
  );
  const after = await deps.vehicles.find(id, companyId, trx);
  if (!after) throw new Error(`Vehicle ${id} vanished in its own transaction`);
  await recordVehicleChange(deps, trx, context.operator, { before: undefined, after });
  return { vehicle_id: id, vehicle_registration: registration };
}

/** The 400 of a driver with neither a vehicle nor a registration. */
export function usualVehicleRequired(): never {
  throw new RequestValidationError([
    { path: 'vehicle_id', message: VEHICLE_MESSAGES.usualVehicleRequired },
  ]);
}
