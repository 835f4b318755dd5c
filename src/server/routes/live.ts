import type { FastifyInstance } from 'fastify';
import { createEventStreams } from '../http/event-stream';
import type { CorporateService } from '../services/accounts/corporate-service';
import type { DriverAuthService } from '../services/driver/driver-auth-service';
import type { LiveServices } from '../services/live/live-services';
import type { ManageBookingService } from '../services/manage/manage-booking-service';
import type { OperatorAuthService } from '../services/operator/operator-auth-service';
import { driverLiveRoutes } from './live-driver';
import { operatorLiveRoutes } from './live-operator';
import { passengerLiveRoutes } from './live-passenger';

export interface LiveRoutesOptions {
  live: LiveServices;
  operatorAuth: OperatorAuthService;
  driverAuth: DriverAuthService;
  manage: ManageBookingService;
  corporate: CorporateService;
  publicUrl: string | undefined;
}

/**
 * Live updates and positions (issue 34): this process LISTENs for the bus's notices from
 * ready to close, and its event streams end before the server waits for requests in flight,
 * so an open screen never holds up a SIGTERM (the screen connects again, to another process).
 */
export async function liveRoutes(fastify: FastifyInstance, options: LiveRoutesOptions) {
  const { live } = options;
  const streams = createEventStreams(live.hub);
  fastify.addHook('onReady', async () => live.hub.start());
  fastify.addHook('preClose', (done) => {
    streams.closeAll();
    done();
  });
  fastify.addHook('onClose', async () => live.hub.stop());

  await fastify.register(operatorLiveRoutes, {
    auth: options.operatorAuth,
    live,
    streams,
    publicUrl: options.publicUrl,
  });
  await fastify.register(driverLiveRoutes, {
    auth: options.driverAuth,
    live,
    streams,
    publicUrl: options.publicUrl,
  });
  await fastify.register(passengerLiveRoutes, {
    live,
    streams,
    manage: options.manage,
    corporate: options.corporate,
  });
}
