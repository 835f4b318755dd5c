import type { Transaction } from 'kysely';
import { flightNotFoundWarning, LIVE_HORIZON_MS, nextLookAt } from '../../../domain/flights';
import type { Database } from '../../db/schema';
import type {
  FlightTracksRepository,
  LockedTrack,
} from '../../repositories/flight-tracks-repository';
import type { JobQueue } from '../job-queue/job-queue';
import { announceFlight } from './flight-notices';
import { queueNextLook } from './next-look';
import type { ProviderFlight } from './flight-provider';

export interface TimetableLookDeps {
  flightTracks: FlightTracksRepository;
  queue: JobQueue;
  clock: () => Date;
  intervals: { farMs: number; nearMs: number };
}

/**
 * A look at a flight further ahead than the provider follows it (issue 35: checked at
 * booking), answered from the airline's timetable. Found: the track says Scheduled, with its
 * due time; not found: the passenger and the console are warned, and the flight is looked for
 * again once the provider follows it, since a timetable can miss a flight (a charter). The
 * meet time is left at the booked pickup: only the flight on the day moves it.
 */
export async function applyTimetable(
  deps: TimetableLookDeps,
  trx: Transaction<Database>,
  track: LockedTrack & { pickupAt: Date; pickupDate: string },
  flight: ProviderFlight | null | 'unknown',
): Promise<void> {
  const now = deps.clock();
  const followedFrom = new Date(track.pickupAt.getTime() - LIVE_HORIZON_MS);
  const found = flight === 'unknown' ? null : flight;
  const patch = found
    ? {
        state: 'scheduled' as const,
        warning: null,
        provider_id: found.providerId,
        scheduled_on: found.scheduledOn,
      }
    : {
        state: 'checking' as const,
        // A number the timetable cannot be asked about is not called wrong: the day will tell.
        warning:
          flight === 'unknown'
            ? null
            : flightNotFoundWarning(track.flight_no, track.airport_name, track.pickupDate),
      };
  await deps.flightTracks.update(track.booking_id, track.leg, { ...patch, checked_at: now }, trx);
  const due = found
    ? nextLookAt(
        now,
        'scheduled',
        { scheduledOn: found.scheduledOn, expected: null },
        deps.intervals,
      )
    : null;
  const next = Math.max(followedFrom.getTime(), due?.getTime() ?? 0);
  await queueNextLook(deps, trx, track, new Date(next));
  await announceFlight(trx, track);
}
