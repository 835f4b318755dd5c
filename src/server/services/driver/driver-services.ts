import { siteOrigin } from '../../lib/site-origin';
import type { Idempotency } from '../../lib/idempotency';
import type { Repositories } from '../../repositories/all-repositories';
import type { OutboxRepository } from '../../repositories/outbox-repository';
import type { ServicesOptions } from '../../services-options';
import type { PushSender } from '../driver-push/push-sender';
import { createDriverAuthService } from './driver-auth-service';
import { createDriverInvitations } from './driver-invitations';
import { createDriverJobs } from './driver-jobs';

/** The driver's app (issue 34): its sign-in, its jobs, and the invitations the console sends. */
export function driverServices(
  options: ServicesOptions,
  repositories: Repositories,
  shared: {
    outbox: OutboxRepository;
    mailQueued: () => void;
    push: Pick<PushSender, 'publicKey'>;
  },
) {
  const { config, clock } = options;
  const { push, ...mailing } = shared;
  return {
    driverAuth: createDriverAuthService({
      sessions: repositories.driverSessions,
      settings: repositories.settings,
      clock,
      pushPublicKey: () => push.publicKey,
    }),
    driverJobs: createDriverJobs({
      driverJobs: repositories.driverJobs,
      settings: repositories.settings,
      clock,
    }),
    driverInvitations: createDriverInvitations({
      db: options.handle.db,
      drivers: repositories.drivers,
      invitations: repositories.driverInvitations,
      activity: repositories.activity,
      clock,
      siteOrigin: siteOrigin(config),
      ...mailing,
    }),
  };
}

/** What a driver's status press needs beside the change path's dependencies. */
export function driverStatusDeps(repositories: Repositories, shared: { idempotency: Idempotency }) {
  return {
    operatorBookings: repositories.operatorBookings,
    driverJobs: repositories.driverJobs,
    idempotency: shared.idempotency,
  };
}
