import type { FastifyBaseLogger } from 'fastify';
import type { DriverLocationRequest } from '../../../contract/driver';
import type { JobLeg } from '../../../domain/booking-jobs';
import type { DatabaseHandle } from '../../db/database';
import type { BookingHistoryRepository } from '../../repositories/booking-history-repository';
import { createDriverPositionsRepository } from '../../repositories/driver-positions-repository';
import { createJobTrackingRepository } from '../../repositories/job-tracking-repository';
import type { DistanceProvider } from '../distance/distance-provider';
import type { OperatorIdentity } from '../operator/operator-auth-service';
import { createEtaCache } from './eta-cache';
import { jobTrail, trailGpx } from './job-trail';
import { createLiveHub } from './live-hub';
import { passengerDriver } from './passenger-driver';
import { driversOnMap, recordPosition } from './positions-service';

/** A job the console names by its reference. */
export interface TrailTarget {
  bookingNumber: string;
  leg: JobLeg;
}

/**
 * The live side of the driver's app (issue 34): this process's end of the event bus (the
 * notices themselves are published with publishLive, in the writer's transaction), the
 * drivers' positions, the passenger's view of their driver, and the console's map and trails.
 */
export function createLiveServices(options: {
  handle: DatabaseHandle;
  logger: FastifyBaseLogger;
  clock: () => Date;
  distance: DistanceProvider;
  history: BookingHistoryRepository;
}) {
  const { handle, logger, clock, history } = options;
  const { db } = handle;
  const positions = createDriverPositionsRepository(db);
  const tracking = createJobTrackingRepository(db);
  const eta = createEtaCache(options.distance, { logger });
  const trailDeps = { tracking, positions, history };
  return {
    hub: createLiveHub(handle, logger),
    /** POST /driver/location for the signed-in driver. */
    recordPosition: (driverId: number, sent: DriverLocationRequest) =>
      recordPosition({ db, positions, tracking, clock }, driverId, sent),
    driversOnMap: (operator: OperatorIdentity) => driversOnMap({ tracking }, operator),
    passengerDriver: (bookingId: number, leg: JobLeg) =>
      passengerDriver({ tracking, eta }, bookingId, leg),
    trail: (operator: OperatorIdentity, target: TrailTarget) =>
      jobTrail(trailDeps, operator, target),
    async trailGpx(operator: OperatorIdentity, target: TrailTarget): Promise<string> {
      return trailGpx(await jobTrail(trailDeps, operator, target), clock());
    },
  };
}

export type LiveServices = ReturnType<typeof createLiveServices>;
