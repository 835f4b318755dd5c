import type { Transaction } from 'kysely';
import { dispatchRefusal } from '../../../domain/compliance';
import { OPERATOR_MESSAGES } from '../../../domain/messages';
import { VEHICLE_MESSAGES } from '../../../domain/vehicle-messages';
import { normaliseRegistration } from '../../../domain/vehicle-plate';
import type { Database } from '../../db/schema';
import { HttpError, RequestValidationError } from '../../errors';
import type { DriverRow, DriversRepository } from '../../repositories/drivers-repository';
import type { VehicleRow, VehiclesRepository } from '../../repositories/vehicles-repository';

/** What a dispatch is checked with: the company's drivers and vehicles. */
export interface DispatchDeps {
  drivers: Pick<DriversRepository, 'find'>;
  vehicles: Pick<VehiclesRepository, 'find' | 'findByRegistration'>;
}

/** Who would be sent on a job of `companyId`'s booking, and in which vehicle. */
export interface DispatchRequest {
  /** The booking's company: its drivers and vehicles only, whoever is asking. */
  companyId: number;
  driverId: number;
  /** The vehicle chosen; when not given, the one `registration` names, else the driver's usual one. */
  vehicleId?: number | undefined;
  /** A registration, as older clients name the vehicle. */
  registration?: string | undefined;
}

/** The vehicle a dispatch names, one of the company's; 400 naming the field otherwise. */
async function vehicleOf(
  deps: DispatchDeps,
  trx: Transaction<Database>,
  request: DispatchRequest,
  driver: DriverRow,
): Promise<VehicleRow> {
  const { companyId } = request;
  if (request.vehicleId !== undefined) {
    const chosen = await deps.vehicles.find(request.vehicleId, companyId, trx);
    if (chosen) return chosen;
    throw new RequestValidationError([
      { path: 'vehicle_id', message: VEHICLE_MESSAGES.notCompanyVehicle },
    ]);
  }
  if (request.registration !== undefined) {
    const named = await deps.vehicles.findByRegistration(companyId, request.registration, trx);
    if (named) return named;
    throw new RequestValidationError([
      {
        path: 'vehicle_registration',
        message: VEHICLE_MESSAGES.registrationNotKnown(normaliseRegistration(request.registration)),
      },
    ]);
  }
  const usual =
    driver.vehicle_id === null
      ? undefined
      : await deps.vehicles.find(driver.vehicle_id, companyId, trx);
  if (usual) return usual;
  throw new RequestValidationError([
    { path: 'vehicle_id', message: VEHICLE_MESSAGES.noUsualVehicle(driver.name) },
  ]);
}

/**
 * Whether a driver may be sent on a job in a vehicle (issue 34): the one check of Assign and
 * Offer. Loads the driver and the vehicle, both the booking's company's (400 naming driver_id
 * or vehicle_id otherwise), and refuses with 409 a deactivated driver or withdrawn vehicle,
 * and an expired or unrecorded document, naming which of whom (domain/compliance.ts).
 * `today` is the UK date. Answers the driver and the vehicle to send.
 */
export async function checkDispatchable(
  deps: DispatchDeps,
  trx: Transaction<Database>,
  request: DispatchRequest,
  today: string,
): Promise<{ driver: DriverRow; vehicle: VehicleRow }> {
  const driver = await deps.drivers.find(request.driverId, request.companyId, trx);
  if (!driver) {
    throw new RequestValidationError([
      { path: 'driver_id', message: OPERATOR_MESSAGES.driverNotCompany },
    ]);
  }
  if (!driver.active) throw new HttpError(409, OPERATOR_MESSAGES.driverInactive);
  const vehicle = await vehicleOf(deps, trx, request, driver);
  if (!vehicle.active)
    throw new HttpError(409, VEHICLE_MESSAGES.vehicleInactive(vehicle.registration));
  const refusal = dispatchRefusal({ driver, vehicle }, today);
  if (refusal) throw new HttpError(409, refusal);
  return { driver, vehicle };
}
