import type { Kysely } from 'kysely';
import type { DriverLocationRequest } from '../../../contract/driver';
import type { DriverOnMap, DriverLocationResponse } from '../../../contract/live';
import { jobRef } from '../../../domain/booking-jobs';
import { passengerSeesPosition, positionIssues } from '../../../domain/live-tracking';
import type { Database } from '../../db/schema';
import { RequestValidationError } from '../../errors';
import type { DriverPositionsRepository } from '../../repositories/driver-positions-repository';
import type {
  JobTrackingRepository,
  MapDriverRow,
} from '../../repositories/job-tracking-repository';
import type { OperatorIdentity } from '../operator/operator-auth-service';
import { publishLive } from './live-notices';

export interface PositionsDeps {
  db: Kysely<Database>;
  positions: DriverPositionsRepository;
  tracking: JobTrackingRepository;
  clock: () => Date;
}

type Position = { lat: number; lng: number; at: Date | string } & Partial<
  Record<'accuracy' | 'heading' | 'speed', number | null>
>;

/** A position row as the API shows it. */
export function toLivePosition(row: Position) {
  return {
    lat: row.lat,
    lng: row.lng,
    accuracy: row.accuracy ?? null,
    heading: row.heading ?? null,
    speed: row.speed ?? null,
    at: new Date(row.at).toISOString(),
  };
}

/**
 * Keeps a position from a driver's phone, with the job under way then (its trail), and tells
 * the company's console, and the job's passenger while they may see the car, that it moved.
 * An off-duty driver with no job under way is not followed: nothing is kept.
 */
export async function recordPosition(
  deps: PositionsDeps,
  driverId: number,
  sent: DriverLocationRequest,
): Promise<DriverLocationResponse['data']> {
  const now = deps.clock();
  const at = new Date(sent.at);
  const issues = positionIssues({ at, accuracy: sent.accuracy, speed: sent.speed }, now);
  if (issues.length > 0) throw new RequestValidationError(issues);
  const driver = await deps.tracking.driverNow(driverId);
  const job = driver?.job ?? null;
  if (!driver || (!job && !driver.on_duty)) return { recorded: false, job_ref: null };
  // One insert and its notice, each committed on its own: the notice follows the row, so a
  // screen that hears it finds the position; should the notice be lost, the next one (15 s on)
  // brings the screen up to date. Cheaper than a transaction, on the busiest call there is.
  await deps.positions.insert({
    driver_id: driverId,
    booking_id: job?.booking_id ?? null,
    leg: job?.leg ?? null,
    lat: sent.lat,
    lng: sent.lng,
    accuracy: sent.accuracy ?? null,
    heading: sent.heading ?? null,
    speed: sent.speed ?? null,
    at,
    received_at: now,
  });
  const ref = job ? jobRef(job.booking_number, job.leg) : null;
  await publishLive(deps.db, {
    companyId: driver.company_id,
    bookingId: job && passengerSeesPosition(job.status) ? job.booking_id : null,
    event: ref === null ? { type: 'position' } : { type: 'position', job_ref: ref },
  });
  return { recorded: true, job_ref: ref };
}

function toDriverOnMap(row: MapDriverRow): DriverOnMap {
  const { lat, lng, at } = row;
  return {
    driver_id: row.id,
    name: row.name,
    company_id: row.company_id,
    company_name: row.company_name,
    on_duty: row.on_duty,
    vehicle_registration: row.vehicle_registration,
    position:
      lat === null || lng === null || at === null ? null : toLivePosition({ ...row, lat, lng, at }),
    job:
      row.booking_number === null || row.leg === null || row.status === null
        ? null
        : { job_ref: jobRef(row.booking_number, row.leg), status: row.status },
  };
}

/** The console's map: the caller's company's drivers on duty or on a job (the admin: all). */
export async function driversOnMap(
  deps: Pick<PositionsDeps, 'tracking'>,
  operator: OperatorIdentity,
): Promise<DriverOnMap[]> {
  return (await deps.tracking.mapDrivers(operator.companyId)).map(toDriverOnMap);
}
