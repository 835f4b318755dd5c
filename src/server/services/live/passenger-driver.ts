import type { PassengerDriver } from '../../../contract/live';
import { CURRENT_LOCATION_TEXT } from '../../../domain/booking-form';
import { jobRef, type JobLeg } from '../../../domain/booking-jobs';
import { driverOnBooking } from '../../../domain/booking-lifecycle';
import { LIVE_MESSAGES, passengerSeesPosition } from '../../../domain/live-tracking';
import { firstName, vehicleLabel } from '../../../domain/vehicle-label';
import { HttpError } from '../../errors';
import type {
  JobTrackingRepository,
  PassengerJobRow,
} from '../../repositories/job-tracking-repository';
import type { RoutePoint } from '../distance/distance-provider';
import type { PricedJourney } from '../pricing/priced-journey';
import type { EtaCache } from './eta-cache';

export interface PassengerDriverDeps {
  tracking: Pick<JobTrackingRepository, 'passengerJob'>;
  eta: EtaCache;
}

/**
 * "Mercedes E-Class, silver" from the vehicle's record; the category ("Executive") while the
 * record names no make or model (a plate alone says nothing the registration does not).
 */
function vehicleText(job: PassengerJobRow): string {
  const vehicle = {
    make: job.make ?? '',
    model: job.model ?? '',
    colour: job.colour ?? '',
    registration: '',
  };
  return vehicle.make.trim() || vehicle.model.trim() ? vehicleLabel(vehicle) : job.category_name;
}

/** A position that stands for itself, whatever place it is near. */
const at = (field: string, lat: number, lng: number): RoutePoint => ({
  field,
  address: CURRENT_LOCATION_TEXT,
  location: { lat, lng },
});

/**
 * Where the job's pickup is: where it was priced (the booking's priced journey), else the
 * passenger's own pin, else its address for the provider to place.
 */
function pickupPoint(job: PassengerJobRow): RoutePoint {
  const field = job.leg === 'outward' ? 'pickup' : 'return_pickup';
  const journey = job.priced_journey as PricedJourney | null;
  const priced = journey?.points.find((point) => point.field === field);
  if (priced) return at('pickup', priced.lat, priced.lng);
  if (job.leg === 'outward' && job.pickup_lat !== null && job.pickup_lng !== null) {
    return at('pickup', job.pickup_lat, job.pickup_lng);
  }
  const address =
    job.leg === 'outward'
      ? job.pick_up_address
      : (job.return_pickup_address ?? job.drop_off_address);
  return { field: 'pickup', address };
}

/**
 * The passenger's driver on one job: who and in what once a driver is on it; the car's latest
 * position on this job and the minutes to the pickup only while it is On the way or Arrived
 * (0 once Arrived). Nothing of the position before On the way or from Passenger on board on.
 */
export async function passengerDriver(
  deps: PassengerDriverDeps,
  bookingId: number,
  leg: JobLeg,
): Promise<PassengerDriver> {
  const job = await deps.tracking.passengerJob(bookingId, leg);
  if (!job) throw new HttpError(404, LIVE_MESSAGES.legNotFound);
  const driverId = driverOnBooking(job.status) ? job.driver_id : null;
  const name = driverId === null ? null : job.driver_name;
  const shown: PassengerDriver = {
    job_ref: jobRef(job.booking_number, leg),
    status: job.status,
    driver_first_name: name === null ? null : firstName(name),
    vehicle: name === null ? null : vehicleText(job),
    registration: name === null ? null : (job.job_registration ?? job.driver_registration),
    position: null,
    eta_minutes: null,
  };
  const { lat, lng } = job;
  if (driverId === null || !passengerSeesPosition(job.status)) return shown;
  if (lat === null || lng === null || job.at === null) return shown;
  const eta =
    job.status === 'arrived'
      ? 0
      : await deps.eta.minutes(`${bookingId}:${leg}`, at('driver', lat, lng), pickupPoint(job));
  return {
    ...shown,
    position: { lat, lng, at: new Date(job.at).toISOString() },
    eta_minutes: eta,
  };
}
