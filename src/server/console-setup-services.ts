import type { Idempotency } from './lib/idempotency';
import type { Repositories } from './repositories/all-repositories';
import type { OutboxRepository } from './repositories/outbox-repository';
import { createActivityService } from './services/activity/activity-service';
import { createConfigChanges } from './services/config/config-changes';
import { createSettingsAdmin } from './services/config/settings-admin';
import { fleetAndCompanyServices } from './services/fleet/fleet-company-services';
import { createMailLogService } from './services/mail/mail-log-service';
import { createMessagesService } from './services/messages/messages-service';
import { siteOrigin } from './lib/site-origin';
import type { QuoteService } from './services/pricing/quote-service';
import { createPricesSetup } from './services/prices/prices-setup';
import { accountsServices } from './services/operator-accounts/accounts-setup';
import { createRequestsService } from './services/requests/requests-service';
import type { ServicesOptions } from './services-options';
import { createVehiclesService } from './services/vehicles/vehicles-service';

/** What the set-up pages share with the booking services: the capped outbox, idempotency keys. */
export interface ConsoleSetupShared {
  /** The outbox every mail is queued through (recipient-capped), and the sender's nudge. */
  outbox: OutboxRepository;
  mailQueued: () => void;
  idempotency: Idempotency;
  /** The quote service: Try a quote prices with it, today's tables and the proposed. */
  quotes: QuoteService;
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
  const { activity } = repositories;
  const { config, clock } = options;
  const db = options.handle.db;
  const configChanges = createConfigChanges(options.handle, options.logger);
  const settingsAdmin = createSettingsAdmin({
    db,
    settings: repositories.settings,
    activity,
    configChanges,
    clock,
  });
  const requests = createRequestsService({
    db,
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
    retentionDays: config.MAIL_BODY_RETENTION_DAYS,
    ...shared,
  });
  const prices = createPricesSetup({ db, activity, configChanges, quotes: shared.quotes, clock });
  return {
    configChanges,
    prices,
    activity,
    activityLog: createActivityService({ activity }),
    settingsAdmin,
    requests,
    mailLog,
    // The Messages page (issue 35): the passenger's mails and texts as the operator words them.
    messages: createMessagesService({
      db,
      templates: repositories.messageTemplates,
      activity,
      settings: repositories.settings,
      clock,
      siteOrigin: siteOrigin(config),
    }),
    // The Vehicles page (issue 34).
    vehicles: createVehiclesService({
      db,
      vehicles: repositories.vehicles,
      drivers: repositories.drivers,
      activity,
      clock,
    }),
    ...fleetAndCompanyServices(options, repositories, configChanges),
    ...accountsServices({ config, db, clock }, repositories, shared),
  };
}

export type ConsoleSetupServices = ReturnType<typeof consoleSetupServices>;
