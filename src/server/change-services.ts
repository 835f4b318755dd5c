import type { Repositories } from './repositories/all-repositories';
import { trackingDeps } from './flight-services';
import type { ServicesOptions } from './services-options';
import type { ChangeDeps } from './services/booking-changes/change-deps';
import type { JobQueue } from './services/job-queue/job-queue';
import { createLedger, type Ledger } from './services/ledger/ledger';
import { createManageLinks, type ManageLinks } from './services/manage/manage-links';
import { createPaymentProvider } from './services/payments/create-payment-provider';
import type { WebPush } from './services/web-push/web-push';
import { siteOrigin } from './lib/site-origin';

/*
 * What the booking services are built on: the money (provider, ledger, manage links) and the
 * one change path's dependencies, with the passenger's texts and notifications.
 */

/** The card provider, the ledger over it, and the "Manage your booking" links mails carry. */
export function moneyServices(options: ServicesOptions, repositories: Repositories) {
  const { config, logger, clock } = options;
  const provider = createPaymentProvider(config, repositories.checkoutSessions);
  // Links in mails go to PUBLIC_URL; without it (the local demo), to where the server listens.
  const links = createManageLinks({
    tokens: repositories.manageTokens,
    siteOrigin: siteOrigin(config),
  });
  const ledger = createLedger({
    payments: repositories.bookingPayments,
    provider,
    clock,
    logger,
    retryBaseMs: config.REFUND_RETRY_MS,
  });
  return { provider, links, ledger };
}

/**
 * What the passenger's texts and notifications are queued with, in the change's transaction
 * (issue 35), and the sender whose VAPID key the booking page subscribes with (and whose
 * push-service hosts its endpoint must be on).
 */
export function textingDeps(
  options: ServicesOptions,
  repositories: Repositories,
  shared: { queue: JobQueue; webPush: Pick<WebPush, 'publicKey' | 'checkEndpoint'> },
  links: ManageLinks,
) {
  return {
    texts: repositories.texts,
    passengerPush: repositories.passengerPush,
    webPush: shared.webPush,
    queue: shared.queue,
    links,
    smsDailyCap: options.config.SMS_DAILY_CAP,
  };
}

/** What every change to a booking is written with, whoever makes it (ChangeDeps). */
export function changeDeps(
  options: ServicesOptions,
  repositories: Repositories,
  shared: Pick<ChangeDeps, 'outbox' | 'mailQueued'>,
  made: { ledger: Ledger; texting: ReturnType<typeof textingDeps> },
) {
  const { outbox, mailQueued } = shared;
  const { ledger, texting } = made;
  const { settings } = repositories;
  const { clock, handle } = options;
  return {
    db: handle.db,
    jobs: repositories.bookingJobs,
    history: repositories.bookingHistory,
    bookings: repositories.bookings,
    drivers: repositories.drivers,
    vehicles: repositories.vehicles,
    payments: repositories.bookingPayments,
    manage: repositories.manageBookings,
    ledger,
    outbox,
    messageTemplates: repositories.messageTemplates,
    settings,
    clock,
    activity: repositories.activity,
    mailQueued,
    ...texting,
    ...trackingDeps(options, repositories, texting.queue),
  };
}
