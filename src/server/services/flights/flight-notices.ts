import type { Transaction } from 'kysely';
import { DRIVER_ROUTES } from '../../../contract/app-routes';
import { jobRef } from '../../../domain/booking-jobs';
import type { BookingStatus } from '../../../domain/booking-lifecycle';
import { londonTimeOfDay } from '../../../domain/uk-time';
import type { Database } from '../../db/schema';
import type { BookingHistoryRepository } from '../../repositories/booking-history-repository';
import type { DriversRepository } from '../../repositories/drivers-repository';
import type { LockedTrack } from '../../repositories/flight-tracks-repository';
import { recordStep } from '../booking-changes/move-jobs';
import { SYSTEM } from '../booking-changes/change-actor';
import type { PushSender } from '../driver-push/push-sender';
import { publishLive } from '../live/live-notices';
import { textNumber } from '../texts/text-number';
import { notifyPassenger, type NotifyDeps } from '../messages/notify-passenger';

/** A flight moved the meet time by 15 minutes or more. */
export interface MovedMeet {
  track: Omit<LockedTrack, 'job_status'> & { job_status: BookingStatus };
  landing: Date;
  meetAt: Date;
  /** Which move of this job's meet time it is (each is texted once). */
  occurrence: number;
}

/** What telling of a moved meet time is done with. */
export type FlightNoticeDeps = NotifyDeps & {
  history: BookingHistoryRepository;
  drivers: Pick<DriversRepository, 'find'>;
  /** The driver app's notifications; null when this process sends none. */
  push: PushSender | null;
};

/** How long a driver's notice of a moved pickup is worth delivering. */
const DRIVER_NOTICE_TTL_SECONDS = 3600;

/** The words the driver and the history get: "Flight BA117 now due 14:55; meet at 15:40". */
function moveWords(moved: MovedMeet): string {
  const { track } = moved;
  return `Flight ${track.flight_no} now due ${londonTimeOfDay(moved.landing)}; meet at ${londonTimeOfDay(moved.meetAt)}`;
}

/** Tells the console, the job's driver and the passenger's screen that the flight changed. */
export async function announceFlight(
  trx: Transaction<Database>,
  track: Pick<LockedTrack, 'booking_id' | 'leg' | 'booking_number' | 'company_id' | 'driver_id'>,
): Promise<void> {
  await publishLive(trx, {
    companyId: track.company_id,
    driverIds: [track.driver_id],
    bookingId: track.booking_id,
    event: { type: 'jobs', job_ref: jobRef(track.booking_number, track.leg) },
  });
}

/**
 * In the look's transaction: the job's history row (by the System), the passenger's text and
 * notifications (the operator's pickup_moved wording) and the driver's text. Each text is once
 * per move.
 */
export async function tellOfFlight(
  deps: FlightNoticeDeps,
  trx: Transaction<Database>,
  moved: MovedMeet,
): Promise<void> {
  const { track } = moved;
  const words = moveWords(moved);
  await recordStep(deps, trx, {
    bookingId: track.booking_id,
    job: { leg: track.leg, status: track.job_status },
    to: track.job_status,
    actor: SYSTEM,
    note: `${words} (was ${londonTimeOfDay(new Date(track.meet_at ?? track.pickup_at))})`,
  });
  await notifyPassenger(deps, trx, {
    bookingId: track.booking_id,
    leg: track.leg,
    event: 'pickup_moved',
    occurrence: moved.occurrence,
    values: {
      flight_arrival: londonTimeOfDay(moved.landing),
      pickup_time: londonTimeOfDay(moved.meetAt),
    },
  });
  if (track.driver_id === null) return;
  const driver = await deps.drivers.find(track.driver_id, null, trx);
  const checked = driver ? textNumber(driver.mobile) : undefined;
  if (!checked || !('number' in checked)) return;
  const id = await deps.texts.insert(
    {
      bookingId: track.booking_id,
      leg: track.leg,
      event: 'pickup_moved',
      recipient: 'driver',
      occurrence: moved.occurrence,
      to: checked.number,
      body: `${jobRef(track.booking_number, track.leg)}: ${words}.`,
    },
    trx,
  );
  if (id !== null) await deps.queue.add('sms-send', { smsId: id }, { trx });
}

/** After the commit: the texts' worker woken, and the driver's phone told. */
export function afterFlightMove(deps: FlightNoticeDeps, moved: MovedMeet): void {
  deps.queue.nudge('sms-send');
  const { track } = moved;
  if (track.driver_id === null || !deps.push) return;
  const ref = jobRef(track.booking_number, track.leg);
  deps.push.notify(
    track.driver_id,
    {
      title: `Pickup moved: ${ref}`,
      body: `${moveWords(moved)}.`,
      url: DRIVER_ROUTES.job.replace(':jobRef', encodeURIComponent(ref)),
    },
    DRIVER_NOTICE_TTL_SECONDS,
  );
}
