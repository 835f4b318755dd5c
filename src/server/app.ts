import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import { API_BASE } from '../contract/paths';
import type { Config } from './config';
import { openDatabase, targetFromConfig } from './db/database';
import type { DatabaseHandle } from './db/database';
import { apiKeyCheck } from './plugins/api-key';
import { createAttemptCounters } from './plugins/attempt-counters';
import { createBookingLimits } from './plugins/booking-limits';
import { createRedisClient } from './lib/redis';
import { trustProxyOption } from './lib/trust-proxy';
import { registerDatabase } from './plugins/database';
import { registerErrorHandler } from './plugins/errors';
import { RequestLog } from './plugins/request-log';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerTextGuard } from './plugins/text-guard';
import { registerWebApp } from './plugins/web-app';
import { createFleetRepository } from './repositories/fleet-repository';
import { createOutboxRepository } from './repositories/outbox-repository';
import { createPassengersRepository } from './repositories/passengers-repository';
import { createResetCodesRepository } from './repositories/reset-codes-repository';
import { createPlacesRepository } from './repositories/places-repository';
import { createPricingRepository } from './repositories/pricing-repository';
import { createQuotesRepository } from './repositories/quotes-repository';
import { createSettingsRepository } from './repositories/settings-repository';
import { createBookingsRepository } from './repositories/bookings-repository';
import { createCheckoutSessionsRepository } from './repositories/checkout-sessions-repository';
import { accountRoutes } from './routes/accounts';
import { corporateRoutes } from './routes/corporate';
import { createCorporateService } from './services/accounts/corporate-service';
import { createSessionsRepository } from './repositories/sessions-repository';
import { createCorporateBookingsRepository } from './repositories/corporate-bookings-repository';
import { createCorporateProfileRepository } from './repositories/corporate-profile-repository';
import { bookingRoutes } from './routes/bookings';
import { paymentRoutes, stripeWebhookRoutes, testCheckoutRoutes } from './routes/payments';
import { catalogueRoutes } from './routes/catalogue';
import { embedRoutes } from './routes/embed';
import { quoteRoutes } from './routes/quotes';
import { submissionRoutes } from './routes/submissions';
import { createSubmissionsRepository } from './repositories/submissions-repository';
import { createSubmissionService } from './services/submissions/submission-service';
import { createAccountService } from './services/accounts/account-service';
import { createBookingPricing } from './services/bookings/booking-pricing';
import { createBookingService } from './services/bookings/booking-service';
import { createCatalogueService } from './services/catalogue/catalogue-service';
import { createDistanceProvider } from './services/distance/create-distance-provider';
import type { DistanceProvider } from './services/distance/distance-provider';
import { createMailSender } from './services/mail/mail-sender';
import type { MailSender } from './services/mail/mail-sender';
import { createMailTransport, emlOutboxDir } from './services/mail/mail-transport';
import { withRecipientCap } from './services/mail/recipient-cap';
import { createRetentionRepository } from './repositories/retention-repository';
import { createRetentionPurge } from './services/retention/retention-purge';
import type { RetentionPurge } from './services/retention/retention-purge';
import { createPaymentProvider } from './services/payments/create-payment-provider';
import { createPaymentService } from './services/payments/payment-service';
import { createQuoteService } from './services/pricing/quote-service';
import { createIdempotency } from './lib/idempotency';
import { appVersion } from './lib/app-version';
import { demoAccountsWanted } from './db/seed';
import { createHealthRepository } from './repositories/health-repository';
import { healthRoutes } from './routes/health';
import { createHealthService } from './services/health/health-service';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Forgets the settings and pricing tables quotes keep in memory, so the next quote reads
     * them again. Anything that writes those tables through this process calls it; a change
     * made elsewhere shows within the caches' TTLs (QUOTE_SETTINGS_TTL_MS, PRICING_TABLES_TTL_MS).
     */
    invalidateQuoteCaches(): void;
    /**
     * Forgets every copy of reference data this process keeps in memory: the quote caches,
     * the catalogue's lists (settings-flat, fleet, operators, popular places) and the measured
     * legs, and reads the offline gazetteer again; resolves once the new one is in use. A
     * change made elsewhere shows within the TTLs (CATALOGUE_TTL_MS, and GAZETTEER_CHECK_MS for
     * a seed run by another process).
     */
    invalidateReferenceData(): Promise<void>;
    /**
     * Sends the mail outbox. Code that queues mail in a transaction calls `kick()` after the
     * commit so it goes at once (the poll would find it anyway); tests call `drain()`.
     */
    mailSender: MailSender;
    /** The retention purge; tests call `runOnce()`. */
    retention: RetentionPurge;
  }
}

export interface BuildAppOptions {
  config: Config;
  /** Fastify's logger option; `false` (quiet) unless given. */
  logger?: FastifyServerOptions['logger'];
  /**
   * An open database. The caller keeps it and closes it after the app. Without one, the app
   * opens the configured database (DATABASE_URL, else PGlite under DATA_DIR) and closes it
   * on `app.close()`.
   */
  db?: DatabaseHandle;
  /** Now, for the grace period and quote expiry; tests fix it so dates in them never age. */
  clock?: () => Date;
  /** Measures journeys; by default the one DISTANCE_PROVIDER configures. */
  distance?: DistanceProvider;
  /** Prefix of the rate-limit keys in Redis; tests give each app its own. */
  rateLimitNameSpace?: string;
}

/**
 * Builds the whole server (API, web app, static files) without listening. The database is
 * migrated and seeded by the time this resolves. Routes may still be added before
 * `app.ready()` (or inject/listen), which tests use.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    // One line per request, on response, in place of Fastify's two.
    logController: new RequestLog(),
    genReqId: () => randomUUID(),
    // A price or booking body is small; anything near this is abuse.
    bodyLimit: 256 * 1024,
    // Slow clients cannot hold sockets: the whole request (headers too) within
    // REQUEST_TIMEOUT_MS, checked every second rather than Node's 30 s; a silent socket closed
    // after CONNECTION_TIMEOUT_MS. An idle keep-alive socket keeps Fastify's 72 s, longer than
    // a load balancer's usual 60 s, so the balancer closes first and never reuses a dead one.
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    connectionTimeout: config.CONNECTION_TIMEOUT_MS,
    http: {
      // Node 20 enforces the later of the two, so headers get no longer than the request.
      headersTimeout: config.REQUEST_TIMEOUT_MS,
      connectionsCheckingInterval: Math.min(1_000, config.REQUEST_TIMEOUT_MS),
    },
    // Behind a load balancer (TRUST_PROXY): request.ip and request.protocol, which the limits
    // and checkout's return address read, come from X-Forwarded-For and -Proto.
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    // A URL the router cannot decode ('%C0%AF') gets the API envelope, not Fastify's own shape.
    frameworkErrors: (error, _request, reply) => {
      // Generic over every route's types, so typed here as a plain reply.
      const plain = reply as unknown as FastifyReply;
      void plain
        .code(error.statusCode ?? 400)
        .header('cache-control', 'no-store')
        .send({ success: false, message: error.message });
    },
  });

  // Hooks on every request take `done` rather than returning a promise: one less promise and
  // microtask turn per request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  registerErrorHandler(app);
  registerTextGuard(app);
  await registerSecurityHeaders(app, { embedParentOrigins: config.EMBED_PARENT_ORIGINS });
  // Before @fastify/static, so its global hook sees file responses too (and skips .br/.gz).
  await app.register(compress, { global: true, threshold: 1024 });

  const owned = options.db === undefined;
  const handle = options.db ?? (await openDatabase(targetFromConfig(config), { logger: app.log }));
  try {
    await registerDatabase(app, {
      handle,
      owned,
      demoAccounts: demoAccountsWanted(config, handle.kind),
    });

    const settings = createSettingsRepository(handle.db);
    const places = createPlacesRepository(handle.db);
    const catalogue = createCatalogueService({
      settings,
      fleet: createFleetRepository(handle.db),
      places,
    });
    const redis = config.REDIS_URL ? createRedisClient(config.REDIS_URL, app.log) : undefined;
    if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => 'closed')));
    const distance =
      options.distance ?? (await createDistanceProvider({ config, places, logger: app.log }));
    const quotes = createQuoteService({
      pricing: createPricingRepository(handle.db),
      quotes: createQuotesRepository(handle.db),
      settings,
      distance,
      clock: options.clock ?? (() => new Date()),
    });
    app.decorate('invalidateQuoteCaches', () => quotes.invalidate());
    app.decorate('invalidateReferenceData', async () => {
      quotes.invalidate();
      catalogue.invalidate();
      await distance.reload?.();
    });

    const clock = options.clock ?? (() => new Date());
    // Every mail is queued through the recipient cap (services/mail/recipient-cap.ts).
    const outbox = withRecipientCap(createOutboxRepository(handle.db), {
      perDay: config.MAIL_RECIPIENT_DAILY_CAP,
      logger: app.log,
    });
    const mailSender = createMailSender({
      outbox,
      transport: createMailTransport({ smtpUrl: config.SMTP_URL, dataDir: config.DATA_DIR }),
      fromAddress: async () => {
        const [row] = await settings.listByName(['FROM_EMAIL']);
        return row?.setting_value.trim() || 'no-reply@localhost';
      },
      clock,
      logger: app.log,
      pollIntervalMs: config.MAIL_POLL_INTERVAL_MS,
    });
    app.decorate('mailSender', mailSender);
    app.addHook('onReady', async () => mailSender.start());
    // Registered after the database's own hook, so it runs first: a pass in progress ends
    // before the database closes.
    app.addHook('onClose', async () => mailSender.stop());
    const retention = createRetentionPurge({
      retention: createRetentionRepository(handle.db),
      periods: {
        mailBodyDays: config.MAIL_BODY_RETENTION_DAYS,
        quoteHours: config.QUOTE_RETENTION_HOURS,
        checkoutHours: config.CHECKOUT_RETENTION_HOURS,
      },
      clock,
      logger: app.log,
      intervalMs: config.RETENTION_INTERVAL_MS,
      emlDir: config.SMTP_URL ? undefined : emlOutboxDir(config.DATA_DIR),
    });
    app.decorate('retention', retention);
    app.addHook('onReady', async () => retention.start());
    app.addHook('onClose', async () => retention.stop());
    const sessions = createSessionsRepository(handle.db);
    const accounts = createAccountService({
      db: handle.db,
      passengers: createPassengersRepository(handle.db),
      resetCodes: createResetCodesRepository(handle.db),
      sessions,
      outbox,
      clock,
      mailQueued: () => mailSender.kick(),
    });
    const idempotency = createIdempotency(handle.db);
    // One set of counters for every route that checks a password or books.
    const counters = createAttemptCounters({
      redis,
      nameSpace: options.rateLimitNameSpace,
      logger: app.log,
      booking: {
        perEmail: config.BOOKING_LIMIT_PER_EMAIL,
        perAddress: config.BOOKING_LIMIT_PER_ADDRESS,
      },
    });
    const bookingLimits = createBookingLimits({ counters, idempotency, clock });
    const bookingsRepository = createBookingsRepository(handle.db);
    const checkoutSessions = createCheckoutSessionsRepository(handle.db);
    const bookings = createBookingService({
      pricing: createBookingPricing({
        quotes,
        storedQuotes: createQuotesRepository(handle.db),
        clock,
      }),
      bookings: bookingsRepository,
      passengers: createPassengersRepository(handle.db),
      outbox,
      settings,
      idempotency,
      clock,
      mailQueued: () => mailSender.kick(),
    });
    const payments = createPaymentService({
      db: handle.db,
      provider: createPaymentProvider(config, checkoutSessions),
      bookingService: bookings,
      bookings: bookingsRepository,
      sessions: checkoutSessions,
      idempotency,
      clock,
      publicUrl: config.PUBLIC_URL,
      mailQueued: () => mailSender.kick(),
    });

    await app.register(
      async (api) => {
        api.addHook(
          'onRequest',
          apiKeyCheck({ publicKey: config.PUBLIC_API_KEY, secretKey: config.SECRET_API_KEY }),
        );
        await api.register(catalogueRoutes, { catalogue });
        await api.register(embedRoutes, { parentOrigins: config.EMBED_PARENT_ORIGINS });
        await api.register(accountRoutes, { accounts, counters });
        await api.register(corporateRoutes, {
          corporate: createCorporateService({
            db: handle.db,
            passengers: createPassengersRepository(handle.db),
            sessions,
            bookings: createCorporateBookingsRepository(handle.db),
            profile: createCorporateProfileRepository(handle.db),
            outbox,
            settings,
            clock,
            mailQueued: () => mailSender.kick(),
          }),
          counters,
        });
        await api.register(bookingRoutes, { bookings, payments, limits: bookingLimits });
        await api.register(paymentRoutes, { payments, limits: bookingLimits });
        await api.register(submissionRoutes, {
          submissions: createSubmissionService({
            submissions: createSubmissionsRepository(handle.db),
            outbox,
            settings,
            idempotency,
            clock,
            mailQueued: () => mailSender.kick(),
          }),
          redis,
          nameSpace: options.rateLimitNameSpace,
        });
        await api.register(quoteRoutes, {
          quotes,
          rateLimit: {
            perMinute: config.QUOTE_RATE_LIMIT_PER_MINUTE,
            redis,
            nameSpace: options.rateLimitNameSpace,
          },
        });
      },
      { prefix: API_BASE },
    );
    // Stripe signs its calls instead of sending our API keys.
    await app.register(stripeWebhookRoutes, { prefix: API_BASE, payments });
    await app.register(testCheckoutRoutes, { payments });
    await app.register(healthRoutes, {
      health: createHealthService({
        health: createHealthRepository(handle.db),
        version: await appVersion(),
        logger: app.log,
      }),
    });

    await registerWebApp(app, { distDir: config.DIST_DIR, storageDir: config.STORAGE_DIR });
  } catch (error) {
    // The caller never gets the app, so nobody else can close what we opened; an open pool
    // or PGlite instance would keep the process alive (or leave PGlite's files unflushed).
    if (owned) await handle.close();
    throw error;
  }
  return app;
}
