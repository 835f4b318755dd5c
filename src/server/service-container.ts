import { randomBytes } from 'node:crypto';
import type { DatabaseHandle } from './db/database';
import { appVersion } from './lib/app-version';
import { createIdempotency } from './lib/idempotency';
import { createRedisClient } from './lib/redis';
import { createRepositories, type Repositories } from './repositories/all-repositories';
import { createAccountService } from './services/accounts/account-service';
import { createCorporateService } from './services/accounts/corporate-service';
import { createBookingPricing } from './services/bookings/booking-pricing';
import { createBookingService } from './services/bookings/booking-service';
import { createCatalogueService } from './services/catalogue/catalogue-service';
import { createDistanceProvider } from './services/distance/create-distance-provider';
import type { ServicesOptions } from './services-options';
import { createReverseGeocoder } from './services/distance/reverse-geocoder';
import { createHealthService } from './services/health/health-service';
import { cookieOptions } from './http/cookie-options';
import { createServerSecretsRepository } from './repositories/server-secrets-repository';
import { createAttemptCounters } from './services/limits/attempt-counters';
import { createBookingLimits } from './services/limits/booking-limits';
import { createMailSender } from './services/mail/mail-sender';
import { createMailTransport, emlOutboxDir } from './services/mail/mail-transport';
import { withRecipientCap } from './services/mail/recipient-cap';
import { createDriversService } from './services/operator/drivers-service';
import { createDriverStatus } from './services/driver/driver-status';
import { createOperatorAuthService } from './services/operator/operator-auth-service';
import { createPaymentService } from './services/payments/payment-service';
import { createManageBookingService } from './services/manage/manage-booking-service';
import { createQuoteService } from './services/pricing/quote-service';
import { createRetentionPurge } from './services/retention/retention-purge';
import { createLiveServices } from './services/live/live-services';
import { createSubmissionService } from './services/submissions/submission-service';
import { consoleSetupServices } from './console-setup-services';
import { createPushServices } from './services/web-push/push-services';
import type { PushSender } from './services/driver-push/push-sender';
import type { WebPush } from './services/web-push/web-push';
import { passengerPushServices } from './passenger-push-services';
import { consoleServices } from './console-booking-services';
import { driverServices, driverStatusDeps } from './driver-app-services';
import { createJobQueue, type JobQueue } from './services/job-queue/job-queue';
import { withDeliveryJob } from './services/mail/delivery-job';
import { textServices } from './text-services';
import { flightLooks, trackingDeps } from './flight-services';
import { changeDeps, moneyServices, textingDeps } from './change-services';

/** Places, prices and quotes: what the public site searches with. */
async function quoteServices(options: ServicesOptions, repositories: Repositories) {
  const { config, logger, clock } = options;
  const { settings } = repositories;
  const catalogue = createCatalogueService({
    settings,
    fleet: repositories.fleet,
    places: repositories.places,
  });
  const distance =
    options.distance ??
    (await createDistanceProvider({ config, places: repositories.places, logger }));
  const quotes = createQuoteService({
    pricing: repositories.pricing,
    quotes: repositories.quotes,
    settings,
    distance,
    clock,
  });
  return { catalogue, distance, geocoder: createReverseGeocoder(distance), quotes };
}

/** The mail outbox (capped per recipient, each mail with its delivery job), its sender, the purge. */
function mailServices(options: ServicesOptions, repositories: Repositories, queue: JobQueue) {
  const { config, logger, clock } = options;
  const { settings } = repositories;
  // Every mail is queued through the recipient cap (services/mail/recipient-cap.ts).
  const outbox = withDeliveryJob(
    withRecipientCap(repositories.outbox, { perDay: config.MAIL_RECIPIENT_DAILY_CAP, logger }),
    queue,
  );
  const mailSender = createMailSender({
    outbox,
    transport: createMailTransport({ smtpUrl: config.SMTP_URL, dataDir: config.DATA_DIR }),
    fromAddress: async () => {
      const [row] = await settings.listByName(['FROM_EMAIL']);
      return row?.setting_value.trim() || 'no-reply@localhost';
    },
    clock,
    logger,
  });
  const retention = createRetentionPurge({
    retention: repositories.retention,
    periods: {
      mailBodyDays: config.MAIL_BODY_RETENTION_DAYS,
      quoteHours: config.QUOTE_RETENTION_HOURS,
      checkoutHours: config.CHECKOUT_RETENTION_HOURS,
    },
    clock,
    logger,
    emlDir: config.SMTP_URL ? undefined : emlOutboxDir(config.DATA_DIR),
  });
  // After a commit that may have queued mail, a text, a notification or a flight's first look
  // (a booking, a change): this process's workers look at once.
  const mailQueued = () => {
    queue.nudge('mail-outbox');
    queue.nudge('sms-send');
    queue.nudge('passenger-push');
    queue.nudge('flight-look');
  };
  return { outbox, mailSender, mailQueued, retention };
}

/** Idempotency keys, the device cookie's secret, and the attempt counters every sign-in and booking checks. */
async function limitServices(
  options: ServicesOptions,
  db: DatabaseHandle['db'],
  redis: ReturnType<typeof createRedisClient> | undefined,
) {
  const { config, logger, clock } = options;
  const idempotency = createIdempotency(db);
  // Signs the device cookie (attempt-counters.ts); one per database, so every process agrees.
  const cookieSecret = await createServerSecretsRepository(db).findOrCreate(
    'cookie-secret',
    randomBytes(32).toString('base64url'),
  );
  // One set of counters for every route that checks a password or books.
  const counters = createAttemptCounters({
    cookieOptions: cookieOptions(config.PUBLIC_URL),
    redis,
    nameSpace: options.rateLimitNameSpace,
    logger,
    booking: {
      perEmail: config.BOOKING_LIMIT_PER_EMAIL,
      perAddress: config.BOOKING_LIMIT_PER_ADDRESS,
    },
    bookingChange: {
      perEmail: config.CHANGE_LIMIT_PER_EMAIL,
      perAddress: config.CHANGE_LIMIT_PER_ADDRESS,
    },
  });
  const bookingLimits = createBookingLimits({ counters, idempotency, clock });
  return { idempotency, cookieSecret, counters, bookingLimits };
}

/** What the booking services share: the outbox, the idempotency keys, the quotes. */
type Shared = Awaited<ReturnType<typeof quoteServices>> &
  ReturnType<typeof mailServices> &
  Awaited<ReturnType<typeof limitServices>> & {
    push: PushSender;
    webPush: WebPush;
    queue: JobQueue;
  };

/**
 * Bookings, from checkout to the last change: the payment provider, the ledger, the one change
 * path's dependencies (booking-changes/), and the passenger's and the console's services over it.
 */
function bookingServices(options: ServicesOptions, repositories: Repositories, shared: Shared) {
  const { config, clock } = options;
  const { db } = options.handle;
  const { outbox, mailQueued, idempotency } = shared;
  const { settings } = repositories;
  const { provider, links, ledger } = moneyServices(options, repositories);
  const pricing = createBookingPricing({
    quotes: shared.quotes,
    storedQuotes: repositories.quotes,
    clock,
  });
  const texting = textingDeps(options, repositories, shared, links);
  const bookings = createBookingService({
    ...texting,
    ...trackingDeps(options, repositories, shared.queue),
    pricing,
    ledger,
    manageLinks: links,
    providerName: provider.name,
    bookings: repositories.bookings,
    history: repositories.bookingHistory,
    passengers: repositories.passengers,
    outbox,
    messageTemplates: repositories.messageTemplates,
    settings,
    idempotency,
    clock,
    mailQueued,
  });
  // Every change to a booking is written with these, whoever makes it.
  const changes = changeDeps(options, repositories, shared, { ledger, texting });

  const { consoleBookings, jobOffers } = consoleServices(options, repositories, changes, {
    bookings,
    idempotency,
    push: shared.push,
  });
  const manageBooking = createManageBookingService({
    ...changes,
    tokens: repositories.manageTokens,
    pricing,
    provider,
    sessions: repositories.checkoutSessions,
    idempotency,
    publicUrl: config.PUBLIC_URL,
  });
  const payments = createPaymentService({
    db,
    provider,
    amendments: manageBooking,
    ledger,
    bookingService: bookings,
    bookings: repositories.bookings,
    sessions: repositories.checkoutSessions,
    idempotency,
    clock,
    publicUrl: config.PUBLIC_URL,
    mailQueued,
  });
  // The driver's status presses go through the same change path (issue 34).
  const driverStatus = createDriverStatus({
    ...changes,
    ...driverStatusDeps(repositories, shared),
  });
  // The flight-look job's work (issue 35), when a provider key is set.
  const lookAtFlight = flightLooks(options, repositories, { texting: changes, push: shared.push });
  return {
    bookings,
    payments,
    consoleBookings,
    manageBooking,
    ledger,
    jobOffers,
    driverStatus,
    lookAtFlight,
  };
}

/**
 * Builds every service the routes call, over one set of repositories and one clock. Nothing
 * here starts work or listens: the app starts the mail sender and the retention purge when it
 * is ready, and closes Redis, which this opens when REDIS_URL is set.
 */
export async function createServices(options: ServicesOptions) {
  const { config, logger, clock } = options;
  const { db } = options.handle;
  const repositories = createRepositories(db);
  const redis = config.REDIS_URL ? createRedisClient(config.REDIS_URL, logger) : undefined;
  const search = await quoteServices(options, repositories);
  // Every background job, in this database (issue 35); the app registers the handlers.
  const queue = createJobQueue({ handle: options.handle, logger });
  const mail = mailServices(options, repositories, queue);
  const limits = await limitServices(options, db, redis);
  const { push, webPush } = await createPushServices(options, repositories);
  const shared = { ...search, ...mail, ...limits, push, webPush, queue };
  const { outbox, mailQueued, idempotency } = shared;
  const accounts = createAccountService({
    db,
    passengers: repositories.passengers,
    resetCodes: repositories.resetCodes,
    sessions: repositories.sessions,
    outbox,
    clock,
    mailQueued,
  });
  const corporate = createCorporateService({
    db,
    passengers: repositories.passengers,
    sessions: repositories.sessions,
    bookings: repositories.corporateBookings,
    profile: repositories.corporateProfile,
    outbox,
    settings: repositories.settings,
    clock,
    mailQueued,
  });
  const submissions = createSubmissionService({
    submissions: repositories.submissions,
    outbox,
    settings: repositories.settings,
    idempotency,
    clock,
    mailQueued,
  });
  return {
    redis,
    cookieSecret: limits.cookieSecret,
    textMessages: textServices(options, repositories),
    passengerPush: passengerPushServices(options, repositories, webPush),
    // The catalogue, the distance provider, the reverse geocoder and the quotes.
    ...search,
    queue,
    mailSender: mail.mailSender,
    retention: mail.retention,
    accounts,
    corporate,
    counters: limits.counters,
    bookingLimits: limits.bookingLimits,
    ...bookingServices(options, repositories, shared),
    submissions,
    health: createHealthService({
      health: repositories.health,
      version: await appVersion(),
      logger,
    }),
    operatorAuth: createOperatorAuthService({ operators: repositories.operators, clock }),
    drivers: createDriversService({
      db,
      drivers: repositories.drivers,
      driverSessions: repositories.driverSessions,
      vehicles: repositories.vehicles,
      activity: repositories.activity,
      clock,
    }),
    ...driverServices(options, repositories, { outbox, mailQueued, push }),
    // Live updates and positions (issue 34).
    live: createLiveServices({ ...options, ...search, history: repositories.bookingHistory }),
    setup: consoleSetupServices(options, repositories, {
      outbox,
      mailQueued,
      idempotency,
      quotes: search.quotes,
    }),
  };
}

/** What the routes and the app's lifecycle hooks are given. */
export type Services = Awaited<ReturnType<typeof createServices>>;
