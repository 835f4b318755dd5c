import type { Repositories } from './repositories/all-repositories';
import type { Idempotency } from './lib/idempotency';
import type { OutboxRepository } from './repositories/outbox-repository';
import type { PushSender } from './services/driver-push/push-sender';
import { createDriverAuthService } from './services/driver/driver-auth-service';
import { createDriverInvitations } from './services/driver/driver-invitations';
import { createDriverJobs } from './services/driver/driver-jobs';
import type { ServicesOptions } from './services-options';
import { siteOrigin } from './lib/site-origin';

/** What a driver's status press needs beside the change path's dependencies (issue 34). */
export function driverStatusDeps(repositories: Repositories, shared: { idempotency: Idempotency }) {
  return {
    operatorBookings: repositories.operatorBookings,
    driverJobs: repositories.driverJobs,
    idempotency: shared.idempotency,
  };
}

/** The driver's app (issue 34): its sign-in, and the invitations the console sends. */
export function driverServices(
  options: ServicesOptions,
  repositories: Repositories,
  mail: { outbox: OutboxRepository; mailQueued: () => void; push: PushSender },
) {
  const { config, clock } = options;
  const { push, ...mailing } = mail;
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
