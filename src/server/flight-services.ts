import type { Repositories } from './repositories/all-repositories';
import type { ServicesOptions } from './services-options';
import type { PushSender } from './services/driver-push/push-sender';
import type { JobQueue } from './services/job-queue/job-queue';
import { lookAtFlight, type FlightLookDeps } from './services/flights/flight-look';
import { createAeroApiProvider } from './services/flights/flight-provider';
import type { TrackFlightsDeps } from './services/flights/track-flights';
import type { NotifyDeps } from './services/messages/notify-passenger';

/** What a new booking starts tracking its flights with (issue 35). */
export function trackingDeps(
  options: ServicesOptions,
  repositories: Repositories,
  queue: JobQueue,
): TrackFlightsDeps {
  const { config } = options;
  return {
    flightTracks: repositories.flightTracks,
    queue,
    flightTracking: Boolean(config.FLIGHTAWARE_API_KEY),
    flightBufferMinutes: config.FLIGHT_BUFFER_MINUTES,
  };
}

/**
 * The flight-look job's work (issue 35) over FlightAware AeroAPI; undefined without
 * FLIGHTAWARE_API_KEY, when nothing is tracked. A move is told through the passenger's texts
 * and notifications (the change path's NotifyDeps) and the driver app's push sender.
 */
export function flightLooks(
  options: ServicesOptions,
  repositories: Repositories,
  shared: { texting: NotifyDeps; push: PushSender },
): ((job: Parameters<typeof lookAtFlight>[1]) => Promise<void>) | undefined {
  const { config, clock, logger } = options;
  if (!config.FLIGHTAWARE_API_KEY) return undefined;
  const deps: FlightLookDeps = {
    ...shared.texting,
    db: options.handle.db,
    flightTracks: repositories.flightTracks,
    provider: createAeroApiProvider({
      apiKey: config.FLIGHTAWARE_API_KEY,
      baseUrl: config.FLIGHTAWARE_API_BASE_URL,
    }),
    history: repositories.bookingHistory,
    drivers: repositories.drivers,
    push: shared.push,
    clock,
    logger,
    intervals: {
      farMs: config.FLIGHT_POLL_FAR_SECONDS * 1000,
      nearMs: config.FLIGHT_POLL_NEAR_SECONDS * 1000,
    },
  };
  return (job) => lookAtFlight(deps, job);
}
