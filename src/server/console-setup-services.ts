import type { Repositories } from './repositories/all-repositories';
import type { Idempotency } from './lib/idempotency';
import type { OutboxRepository } from './repositories/outbox-repository';
import { createConfigChanges } from './services/config/config-changes';
import { createMailLogService } from './services/mail/mail-log-service';
import { createRequestsService } from './services/requests/requests-service';
import type { ServicesOptions } from './service-container';

/** What the set-up pages share with the booking services: the capped outbox, idempotency keys. */
export interface ConsoleSetupShared {
  outbox: OutboxRepository;
  mailQueued: () => void;
  idempotency: Idempotency;
}

/**
 * What the console sets the business up with (issue 33): the notice every process hears when
 * the set-up changes, the activity log every change is written to, and the services of the
 * console's set-up pages over them.
 */
export function consoleSetupServices(
  options: ServicesOptions,
  repositories: Repositories,
  shared: ConsoleSetupShared,
) {
  const configChanges = createConfigChanges(options.handle, options.logger);
  const { clock } = options;
  const { activity } = repositories;
  const requests = createRequestsService({
    db: options.handle.db,
    requests: repositories.requests,
    activity,
    settings: repositories.settings,
    clock,
    ...shared,
  });
  const mailLog = createMailLogService({
    mailLog: repositories.mailLog,
    activity,
    clock,
    retentionDays: options.config.MAIL_BODY_RETENTION_DAYS,
    ...shared,
  });
  return { configChanges, activity, requests, mailLog };
}

export type ConsoleSetupServices = ReturnType<typeof consoleSetupServices>;
