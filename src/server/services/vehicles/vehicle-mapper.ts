import type { Vehicle } from '../../../contract/operator-vehicles';
import type { VehicleDocuments, VehicleSummary } from '../../../contract/vehicle-documents';
import {
  daysUntil,
  documentState,
  VEHICLE_DOCUMENT_EXPIRY,
  VEHICLE_DOCUMENTS,
  type VehicleExpiries,
} from '../../../domain/compliance';
import type { VehicleRow } from '../../repositories/vehicles-repository';

/** Each document of a vehicle as the console shows it on `today` (UK). */
export function vehicleDocuments(vehicle: VehicleExpiries, today: string): VehicleDocuments {
  const entries = VEHICLE_DOCUMENTS.map((document) => {
    const expiry = vehicle[VEHICLE_DOCUMENT_EXPIRY[document]];
    return [
      document,
      {
        expiry,
        state: documentState(expiry, today),
        days_left: expiry ? daysUntil(expiry, today) : null,
      },
    ] as const;
  });
  return Object.fromEntries(entries) as VehicleDocuments;
}

/** A vehicle's columns as a driver's or a job's vehicle is read. */
export type VehicleColumns = VehicleExpiries & {
  id: number;
  registration: string;
  make: string;
  model: string;
  colour: string;
  active: boolean;
};

/** Which car, and its documents: a driver's usual vehicle, a job's vehicle. */
export function toVehicleSummary(vehicle: VehicleColumns, today: string): VehicleSummary {
  return {
    id: vehicle.id,
    registration: vehicle.registration,
    make: vehicle.make,
    model: vehicle.model,
    colour: vehicle.colour,
    active: vehicle.active,
    documents: vehicleDocuments(vehicle, today),
  };
}

/** A vehicle as the Vehicles page shows it. */
export function toVehicle(row: VehicleRow, today: string): Vehicle {
  return {
    id: row.id,
    company_id: row.company_id,
    company_name: row.company_name,
    registration: row.registration,
    make: row.make,
    model: row.model,
    colour: row.colour,
    seats: row.seats,
    category_id: row.category_id,
    category_name: row.category_name,
    phv_licence_number: row.phv_licence_number,
    phv_licence_expiry: row.phv_licence_expiry,
    mot_expiry: row.mot_expiry,
    insurance_expiry: row.insurance_expiry,
    active: row.active,
    documents: vehicleDocuments(row, today),
  };
}

/** A vehicle as the activity log keeps it: what a person reads and changes. */
export function vehicleRecord(row: VehicleRow) {
  return {
    registration: row.registration,
    make: row.make,
    model: row.model,
    colour: row.colour,
    seats: row.seats,
    category: row.category_name,
    phv_licence_number: row.phv_licence_number,
    phv_licence_expiry: row.phv_licence_expiry,
    mot_expiry: row.mot_expiry,
    insurance_expiry: row.insurance_expiry,
    active: row.active,
  };
}

/** "Mercedes-Benz E-Class, black, LB71 XKE"; the registration alone when nothing else is known. */
export function vehicleDescription(vehicle: {
  registration: string;
  make: string;
  model: string;
  colour: string;
}): string {
  const car = [vehicle.make, vehicle.model].filter(Boolean).join(' ');
  return [car, vehicle.colour, vehicle.registration].filter(Boolean).join(', ');
}
