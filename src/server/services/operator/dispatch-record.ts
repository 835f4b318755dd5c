import type { JobOffer, VehicleSummary } from '../../../contract/vehicle-documents';
import type { DispatchRecords } from '../../repositories/dispatch-records-repository';
import { toVehicleSummary } from '../vehicles/vehicle-mapper';

/**
 * A job's offer as the console shows it (issue 34): the driver it waits for and until when;
 * null when there is none or it has lapsed (the offer's sweep may not have run yet).
 */
export function openOffer(
  row: { offered_driver_name: string | null; offer_expires_at: Date | string | null },
  now: Date,
): JobOffer | null {
  if (row.offered_driver_name === null || row.offer_expires_at === null) return null;
  const expires = new Date(row.offer_expires_at);
  if (expires.getTime() <= now.getTime()) return null;
  return { driver_name: row.offered_driver_name, expires_at: expires.toISOString() };
}

/** A job's dispatch record: who sent it, in which vehicle, and an open offer. */
export function jobDispatch(
  record: DispatchRecords['jobs'][number] | undefined,
  now: Date,
  today: string,
): { vehicle: VehicleSummary | null; dispatched_by: string | null; offer: JobOffer | null } {
  if (!record) return { vehicle: null, dispatched_by: null, offer: null };
  const { vehicle_id: id, registration } = record;
  return {
    vehicle:
      id === null || registration === null
        ? null
        : toVehicleSummary(
            {
              id,
              registration,
              make: record.make ?? '',
              model: record.model ?? '',
              colour: record.colour ?? '',
              active: record.active ?? false,
              phv_licence_expiry: record.phv_licence_expiry,
              mot_expiry: record.mot_expiry,
              insurance_expiry: record.insurance_expiry,
            },
            today,
          ),
    dispatched_by: record.dispatched_by,
    offer: openOffer(record, now),
  };
}
