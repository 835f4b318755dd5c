import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { BookingStatus } from '../../../domain/booking-lifecycle';
import {
  expectedLanding,
  FLIGHT_FINAL_STATES,
  flightNotFoundWarning,
  flightStateOf,
  meetTime,
  meetTimeMoved,
  LIVE_HORIZON_MS,
  nextLookAt,
} from '../../../domain/flights';
import { addDays, londonWallClockToUtc } from '../../../domain/uk-time';
import type { Database } from '../../db/schema';
import type {
  FlightTracksRepository,
  LockedTrack,
} from '../../repositories/flight-tracks-repository';
import type { JobQueue } from '../job-queue/job-queue';
import type { JobData } from '../job-queue/job-kinds';
import type { FlightProvider, ProviderFlight } from './flight-provider';
import { queueNextLook } from './next-look';
import { applyTimetable } from './timetable-look';
import {
  afterFlightMove,
  announceFlight,
  tellOfFlight,
  type FlightNoticeDeps,
  type MovedMeet,
} from './flight-notices';

/** A journey over: its flight is no longer looked at. */
const OVER = new Set(['completed', 'cancelled', 'no_show']);

export interface FlightLookDeps extends FlightNoticeDeps {
  db: Kysely<Database>;
  flightTracks: FlightTracksRepository;
  provider: FlightProvider;
  queue: JobQueue;
  clock: () => Date;
  /** FLIGHT_POLL_FAR_SECONDS and FLIGHT_POLL_NEAR_SECONDS, in ms. */
  intervals: { farMs: number; nearMs: number };
  logger: FastifyBaseLogger;
}

/** One look: the job's track, and the start of tracking it was queued for. */
type LookJob = JobData<'flight-look'>;

const pickupOf = (track: LockedTrack) =>
  new Date(track.leg === 'return' && track.return_at ? track.return_at : track.pickup_at);
const pickupDateOf = (track: LockedTrack) =>
  track.leg === 'return' && track.return_date ? track.return_date : track.pick_up_date;

/**
 * The flight-look job (issue 35): asks the provider about one job's flight, outside any
 * transaction, then applies the answer under the track's lock: its state and times, the meet
 * time (a move of 15 minutes or more is told to everyone, flight-notices.ts), and the next
 * look, queued in the same transaction so each track has one live chain of looks (a look of
 * an earlier generation stops). A flight further ahead is checked against the timetable
 * (timetable-look.ts). A provider that fails is logged and asked again at the near interval
 * (the far one for a flight days ahead).
 */
export async function lookAtFlight(deps: FlightLookDeps, job: LookJob): Promise<void> {
  const seen = await deps.db.transaction().execute((trx) => lockOpen(deps, trx, job));
  if (!seen) return;
  const day = pickupDateOf(seen);
  const pickupAt = pickupOf(seen);
  // Further ahead than the provider follows flights: the airline's timetable says if it flies.
  const ahead = pickupAt.getTime() - deps.clock().getTime() > LIVE_HORIZON_MS;
  const query = {
    flightNo: seen.flight_no,
    airportCode: seen.airport_code,
    from: londonWallClockToUtc(day, 0, 0),
    to: londonWallClockToUtc(addDays(day, 1), 0, 0),
    near: new Date(pickupAt.getTime() - seen.buffer_minutes * 60_000),
  };
  let flight: ProviderFlight | null | 'unknown';
  try {
    flight = ahead ? await deps.provider.timetabled(query) : await deps.provider.arrival(query);
  } catch (error) {
    deps.logger.warn({ err: error, ...job }, 'flight provider failed: looking again later');
    // Days ahead, nothing is urgent: asked again at the far interval.
    const againMs = ahead ? deps.intervals.farMs : deps.intervals.nearMs;
    await deps.queue.add('flight-look', job, { startAfterSeconds: againMs / 1000 });
    return;
  }
  const moved = await deps.db.transaction().execute(async (trx) => {
    const track = await lockOpen(deps, trx, job);
    // Changed meanwhile (another flight, another pickup): that change queued its own look.
    if (!track || track.generation !== seen.generation) return null;
    if (!ahead && flight !== 'unknown') return apply(deps, trx, track, flight);
    await applyTimetable(deps, trx, { ...track, pickupAt, pickupDate: day }, flight);
    return null;
  });
  if (moved) afterFlightMove(deps, moved);
}

/** The track to look at, locked; null when its job is over, its flight settled, or it was started again. */
async function lockOpen(
  deps: FlightLookDeps,
  trx: Transaction<Database>,
  job: LookJob,
): Promise<LockedTrack | null> {
  const track = await deps.flightTracks.lock(job.bookingId, job.leg, trx);
  if (!track || FLIGHT_FINAL_STATES.includes(track.state) || OVER.has(track.job_status)) {
    return null;
  }
  return track.generation === (job.generation ?? 0) ? track : null;
}

async function apply(
  deps: FlightLookDeps,
  trx: Transaction<Database>,
  track: LockedTrack,
  flight: ProviderFlight | null,
): Promise<MovedMeet | null> {
  const now = deps.clock();
  if (!flight) {
    // Not landing there that day: the passenger and the console are warned, nothing is moved.
    const warning = flightNotFoundWarning(track.flight_no, track.airport_name, pickupDateOf(track));
    await deps.flightTracks.update(
      track.booking_id,
      track.leg,
      { state: 'not_found', warning, checked_at: now },
      trx,
    );
    await announceFlight(trx, track);
    return null;
  }
  const state = flightStateOf(flight);
  const landing = expectedLanding(flight);
  const before = track.meet_at ? new Date(track.meet_at) : pickupOf(track);
  const after = landing ? meetTime(landing, track.buffer_minutes, pickupOf(track)) : before;
  const moves = meetTimeMoved(before, after);
  await deps.flightTracks.update(
    track.booking_id,
    track.leg,
    {
      state,
      warning: null,
      provider_id: flight.providerId,
      scheduled_on: flight.scheduledOn,
      estimated_on: flight.estimatedOn,
      actual_on: flight.actualOn,
      checked_at: now,
      ...(moves ? { meet_at: after, moves: track.moves + 1 } : {}),
    },
    trx,
  );
  const next = nextLookAt(
    now,
    state,
    { scheduledOn: flight.scheduledOn, expected: landing },
    deps.intervals,
  );
  if (next) await queueNextLook(deps, trx, track, next);
  if (state !== track.state || moves) await announceFlight(trx, track);
  if (!moves || !landing) return null;
  const moved: MovedMeet = {
    track: { ...track, job_status: track.job_status as BookingStatus },
    landing,
    meetAt: after,
    occurrence: track.moves + 1,
  };
  await tellOfFlight(deps, trx, moved);
  return moved;
}
