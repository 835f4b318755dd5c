import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import type { FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import { API_BASE } from '../contract/paths';
import type { Config } from './config';
import { openDatabase, targetFromConfig } from './db/database';
import type { DatabaseHandle } from './db/database';
import { registerDatabase } from './db/register-database';
import { demoAccountsWanted } from './db/seed';
import { apiKeyCheck } from './http/api-key';
import { registerErrorHandler } from './http/error-handler';
import { RequestLog } from './http/request-log';
import { registerTextGuard } from './http/text-guard';
import { trustProxyOption } from './lib/trust-proxy';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerWebApp } from './plugins/web-app';
import { uploadsDir } from './services/fleet/picture-store';
import { accountRoutes } from './routes/accounts';
import { bookingRoutes } from './routes/bookings';
import { catalogueRoutes } from './routes/catalogue';
import { corporateRoutes } from './routes/corporate';
import { embedRoutes } from './routes/embed';
import { geocodingRoutes } from './routes/geocoding';
import { healthRoutes } from './routes/health';
import { liveRoutes } from './routes/live';
import { operatorRoutes } from './routes/operator';
import { driverRoutes } from './routes/driver';
import { manageBookingRoutes } from './routes/manage-booking';
import { paymentRoutes, stripeWebhookRoutes, testCheckoutRoutes } from './routes/payments';
import { twilioWebhookRoutes } from './routes/twilio-webhook';
import { quoteRoutes } from './routes/quotes';
import { submissionRoutes } from './routes/submissions';
import { createServices, type Services } from './service-container';
import type { ServicesOptions } from './services-options';
import type { DistanceProvider } from './services/distance/distance-provider';
import type { MailSender } from './services/mail/mail-sender';
import type { RetentionPurge } from './services/retention/retention-purge';
import type { JobQueue } from './services/job-queue/job-queue';
import { registerBackgroundJobs } from './background-jobs';
import type { JobOffersService } from './services/job-offers/job-offers-service';

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
    /** The one job queue (issue 35): tests add and wait for jobs through it. */
    jobQueue: JobQueue;
    /** Jobs offered to drivers (issue 34); tests sweep with `jobOffers.sweeper.runOnce()`. */
    jobOffers: JobOffersService;
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
  /** The HTTPS agent Web Push is sent through; tests give one trusting their push service. */
  pushAgent?: ServicesOptions['pushAgent'];
}

/**
 * Builds the whole server (API, web app, static files) without listening. The database is
 * migrated and seeded by the time this resolves. Routes may still be added before
 * `app.ready()` (or inject/listen), which tests use.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = createFastify(config, options.logger);
  await registerPlugins(app, config);

  const owned = options.db === undefined;
  const handle = options.db ?? (await openDatabase(targetFromConfig(config), { logger: app.log }));
  try {
    await registerDatabase(app, {
      handle,
      owned,
      demoAccounts: demoAccountsWanted(config, handle.kind),
      production: config.NODE_ENV === 'production',
    });

    const services = await createServices({
      config,
      handle,
      logger: app.log,
      clock: options.clock ?? (() => new Date()),
      distance: options.distance,
      rateLimitNameSpace: options.rateLimitNameSpace,
      pushAgent: options.pushAgent,
    });
    registerLifecycle(app, services, config);
    await registerRoutes(app, services, options);
    await registerWebApp(app, {
      distDir: config.DIST_DIR,
      storageDir: config.STORAGE_DIR,
      uploadsDir: uploadsDir(config.DATA_DIR),
    });
  } catch (error) {
    // The caller never gets the app, so nobody else can close what we opened; an open pool
    // or PGlite instance would keep the process alive (or leave PGlite's files unflushed).
    if (owned) await handle.close();
    throw error;
  }
  return app;
}

/** Fastify with our limits, request ids and one log line per request. */
function createFastify(config: Config, logger: BuildAppOptions['logger']): FastifyInstance {
  return Fastify({
    logger: logger ?? false,
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
}

/** What every response gets before any route: its request id, error shape and headers. */
async function registerPlugins(app: FastifyInstance, config: Config): Promise<void> {
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
}

/** The decorations tests and writers use, and the background jobs that start and stop with it. */
function registerLifecycle(app: FastifyInstance, services: Services, config: Config): void {
  const { redis, quotes, catalogue, distance, mailSender, retention } = services;
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => 'closed')));
  app.decorate('invalidateQuoteCaches', () => quotes.invalidate());
  app.decorate('invalidateReferenceData', async () => {
    quotes.invalidate();
    catalogue.invalidate();
    await distance.reload?.();
  });
  app.decorate('mailSender', mailSender);
  app.decorate('retention', retention);
  app.decorate('jobQueue', services.queue);
  // A set-up change saved by any process (issue 33): what this one keeps in memory is forgotten.
  const { configChanges } = services.setup;
  configChanges.onChange((topic, source) => {
    if (source === 'notice') app.log.info({ topic }, 'set-up change heard');
    quotes.invalidate();
    catalogue.invalidate();
  });
  app.addHook('onReady', async () => configChanges.start());
  app.addHook('onClose', async () => configChanges.stop());
  const { jobOffers, queue, ledger } = services;
  app.decorate('jobOffers', jobOffers);
  registerBackgroundJobs(
    queue,
    {
      mailSender,
      retention,
      ledger,
      sweeper: jobOffers.sweeper,
      sendText: services.textMessages.send,
      lookAtFlight: services.lookAtFlight,
      sendPassengerPush: services.passengerPush.send,
    },
    config,
  );
  app.addHook('onReady', async () => queue.start());
  // Registered after the database's own hook, so it runs first: jobs under way, a mail pass
  // and pushes end before the database closes.
  app.addHook('onClose', async () => {
    await queue.stop();
    await mailSender.close();
    await jobOffers.pushesSent();
  });
}

/** The API under its key check, then the routes that live outside it. */
async function registerRoutes(
  app: FastifyInstance,
  services: Services,
  options: BuildAppOptions,
): Promise<void> {
  await app.register(async (api) => registerApiRoutes(api, services, options), {
    prefix: API_BASE,
  });
  // Stripe signs its calls instead of sending our API keys.
  await app.register(stripeWebhookRoutes, { prefix: API_BASE, payments: services.payments });
  // Twilio signs its delivery reports instead (issue 35).
  await app.register(twilioWebhookRoutes, {
    prefix: API_BASE,
    report: services.textMessages.report,
  });
  await app.register(testCheckoutRoutes, { payments: services.payments });
  await app.register(healthRoutes, { health: services.health });
}

/** Every route behind the API keys, with the limits and cookies they share. */
async function registerApiRoutes(
  api: FastifyInstance,
  services: Services,
  options: BuildAppOptions,
): Promise<void> {
  const { config } = options;
  const { redis, quotes, catalogue, payments, counters, bookingLimits: limits } = services;
  api.addHook(
    'onRequest',
    apiKeyCheck({ publicKey: config.PUBLIC_API_KEY, secretKey: config.SECRET_API_KEY }),
  );
  // The console's and the driver app's sessions and the device cookie (services/limits/known-devices.ts),
  // which is signed with the database's own secret.
  await api.register(cookie, { secret: services.cookieSecret });
  await api.register(catalogueRoutes, { catalogue });
  await api.register(embedRoutes, { parentOrigins: config.EMBED_PARENT_ORIGINS });
  await api.register(accountRoutes, { accounts: services.accounts, counters });
  await api.register(corporateRoutes, { corporate: services.corporate, counters });
  await api.register(bookingRoutes, { bookings: services.bookings, payments, limits });
  await api.register(operatorRoutes, {
    auth: services.operatorAuth,
    consoleBookings: services.consoleBookings,
    drivers: services.drivers,
    driverInvitations: services.driverInvitations,
    setup: services.setup,
    counters,
    publicUrl: config.PUBLIC_URL,
    jobOffers: services.jobOffers,
  });
  // The driver's app (issue 34): its own session cookie, the console's same-origin rule.
  await api.register(driverRoutes, {
    auth: services.driverAuth,
    invitations: services.driverInvitations,
    jobOffers: services.jobOffers,
    jobs: services.driverJobs,
    status: services.driverStatus,
    counters,
    publicUrl: config.PUBLIC_URL,
  });
  await api.register(paymentRoutes, { payments, limits });
  await api.register(manageBookingRoutes, {
    manage: services.manageBooking,
    corporate: services.corporate,
    counters,
  });
  await api.register(liveRoutes, {
    live: services.live,
    operatorAuth: services.operatorAuth,
    driverAuth: services.driverAuth,
    manage: services.manageBooking,
    corporate: services.corporate,
    publicUrl: config.PUBLIC_URL,
  });
  await api.register(submissionRoutes, {
    submissions: services.submissions,
    redis,
    nameSpace: options.rateLimitNameSpace,
  });
  const rateLimit = {
    perMinute: config.QUOTE_RATE_LIMIT_PER_MINUTE,
    redis,
    nameSpace: options.rateLimitNameSpace,
  };
  await api.register(quoteRoutes, { quotes, rateLimit });
  await api.register(geocodingRoutes, {
    geocoder: services.geocoder,
    // Its own count, in memory and in Redis alike.
    rateLimit: {
      ...rateLimit,
      nameSpace: `${options.rateLimitNameSpace ?? 'ridebook-'}reverse-geocode-`,
    },
  });
}
