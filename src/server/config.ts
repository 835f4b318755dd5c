import { z } from 'zod';
import { DEMO_API_KEYS } from '../contract/paths';
import {
  optionalText,
  optionalUrl,
  optionalPrefixed,
  textWithDefault,
  wholeNumber,
  base64UrlBytes,
  originList,
  pushHosts,
  trustProxy,
} from './config-values';
import { DEFAULT_LOCK_STALE_MS } from './db/data-dir-lock';
import { ATTEMPT_LIMITS } from './services/limits/attempt-counters';
import { RECIPIENT_DAILY_MAIL_CAP } from './services/mail/recipient-cap';
import { DEFAULT_OFFER_TIMEOUT_SECONDS } from '../domain/offer-messages';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const envSchema = z.object({
  PORT: textWithDefault('8080').pipe(
    z.coerce.number<string>({ message: 'must be a port number' }).int().min(0).max(65535),
  ),
  HOST: textWithDefault('0.0.0.0'),
  DATA_DIR: textWithDefault('./data'),
  // How long after a crash (kill -9) the embedded database's lock counts as abandoned, so the
  // next start waits about this long. A running server whose event loop stalls this long loses
  // the lock and exits, so keep it well above any stall; lower only where restarts are routine.
  // proper-lockfile's floor is 2000.
  DATA_DIR_LOCK_STALE_MS: textWithDefault(String(DEFAULT_LOCK_STALE_MS)).pipe(
    z.coerce.number<string>({ message: 'must be a whole number' }).int().min(2000),
  ),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
  PUBLIC_API_KEY: textWithDefault('demo-public-key'),
  SECRET_API_KEY: textWithDefault('demo-secret-key'),
  SMTP_URL: optionalUrl(['smtp', 'smtps']),
  STRIPE_SECRET_KEY: optionalPrefixed(['sk_', 'rk_']),
  STRIPE_PUBLISHABLE_KEY: optionalPrefixed(['pk_']),
  STRIPE_WEBHOOK_SECRET: optionalPrefixed(['whsec_']),
  // Where the Stripe SDK sends its calls; tests point it at a local server speaking Stripe's
  // wire format. Unset means Stripe itself.
  STRIPE_API_BASE_URL: optionalUrl(['https', 'http']),
  // Text messages (issue 35) through Twilio when all three are set (TWILIO_FROM: a number in
  // E.164 or an alphanumeric sender such as RIDEBOOK); otherwise each text is written as a file
  // under DATA_DIR/outbox/sms/. TWILIO_API_BASE_URL: where the SDK's calls go; tests point it
  // at a local server speaking Twilio's wire format. Unset means Twilio itself.
  TWILIO_ACCOUNT_SID: optionalPrefixed(['AC']),
  TWILIO_AUTH_TOKEN: optionalText,
  TWILIO_FROM: optionalText,
  TWILIO_API_BASE_URL: optionalUrl(['https', 'http']),
  // Texts one number may get in 24 hours; over it they are recorded as suppressed. 0 = off.
  SMS_DAILY_CAP: textWithDefault('10').pipe(
    z.coerce.number<string>({ message: 'must be a whole number' }).int().min(0),
  ),
  // Flight tracking (issue 35) through FlightAware AeroAPI v4 when the key is set; tests point
  // FLIGHTAWARE_API_BASE_URL at a local server speaking its wire format. The buffer is the
  // minutes from landing to meeting, for airport zones without their own; a tracked flight is
  // looked at every FAR seconds from 6 h before landing, every NEAR seconds in the last hour.
  FLIGHTAWARE_API_KEY: optionalText,
  FLIGHTAWARE_API_BASE_URL: optionalUrl(['https', 'http']),
  FLIGHT_BUFFER_MINUTES: wholeNumber('45', 0),
  FLIGHT_POLL_FAR_SECONDS: wholeNumber('1800', 1),
  FLIGHT_POLL_NEAR_SECONDS: wholeNumber('300', 1),
  // How long one Stripe call may take (ms) before it is given up (and retried once): a Stripe
  // that does not answer must end in a message to the visitor, not a hung page.
  STRIPE_TIMEOUT_MS: textWithDefault('10000').pipe(
    z.coerce.number<string>({ message: 'must be a whole number' }).int().min(1),
  ),
  // Which card payment provider takes payments; unset means stripe when STRIPE_SECRET_KEY is
  // set, else test (a local checkout page that charges nothing; see paymentProviderName).
  PAYMENT_PROVIDER: optionalText.pipe(z.enum(['stripe', 'test']).optional()),
  // This site's public origin (https://www.example.co.uk). Checkout returns only here; unset
  // means the origin the request came to (its Host header).
  PUBLIC_URL: optionalUrl(['https', 'http']),
  GOOGLE_MAPS_SERVER_KEY: optionalText,
  // Which distance provider measures journeys; unset means google when a server key is set,
  // else offline (see distanceProviderName).
  DISTANCE_PROVIDER: optionalText.pipe(z.enum(['offline', 'google']).optional()),
  // Overridable so tests can point the Google provider at a local server.
  GOOGLE_MAPS_API_BASE_URL: optionalUrl(['https', 'http']).transform(
    (value) => value ?? 'https://routes.googleapis.com',
  ),
  // Google's Geocoding API, which names a passenger's position; overridable as the one above.
  GOOGLE_GEOCODING_API_BASE_URL: optionalUrl(['https', 'http']).transform(
    (value) => value ?? 'https://maps.googleapis.com',
  ),
  EMBED_PARENT_ORIGINS: originList,
  REDIS_URL: optionalUrl(['redis', 'rediss']),
  // Behind a load balancer or reverse proxy: which proxies' X-Forwarded-For and
  // X-Forwarded-Proto to believe, so limits count the real client (see trustProxy above).
  TRUST_PROXY: trustProxy,
  // Bookings and checkout sessions an hour per passenger email and per client address (each
  // mails the passenger); 0 turns one off. Defaults: ATTEMPT_LIMITS.booking.
  BOOKING_LIMIT_PER_EMAIL: textWithDefault(String(ATTEMPT_LIMITS.booking.perEmail)).pipe(
    z.coerce.number<string>({ message: 'must be a whole number' }).int().min(0),
  ),
  BOOKING_LIMIT_PER_ADDRESS: textWithDefault(String(ATTEMPT_LIMITS.booking.perAddress)).pipe(
    z.coerce.number<string>({ message: 'must be a whole number' }).int().min(0),
  ),
  // A passenger's changes an hour per booking and per mailbox (CHANGE_LIMIT_PER_EMAIL) and per
  // client address (each mails the passenger and the operator); 0 turns one off. Defaults:
  // ATTEMPT_LIMITS.bookingChange.
  CHANGE_LIMIT_PER_EMAIL: textWithDefault(String(ATTEMPT_LIMITS.bookingChange.perEmail)).pipe(
    z.coerce.number<string>({ message: 'must be a whole number' }).int().min(0),
  ),
  CHANGE_LIMIT_PER_ADDRESS: textWithDefault(String(ATTEMPT_LIMITS.bookingChange.perAddress)).pipe(
    z.coerce.number<string>({ message: 'must be a whole number' }).int().min(0),
  ),
  LOG_LEVEL: optionalText.pipe(z.enum(LOG_LEVELS).default('info')),
  // Quote calls a minute from one client address (price calls measure routes, so they cost
  // more than a page load); 0 turns the limit off, for benchmarks.
  QUOTE_RATE_LIMIT_PER_MINUTE: textWithDefault('120').pipe(
    z.coerce.number<string>({ message: 'must be a whole number' }).int().min(0),
  ),
  // How often the job queue's outbox sweep runs for retries that came due (each mail also
  // brings its own delivery job); 0 turns background delivery off (tests drain the outbox).
  MAIL_POLL_INTERVAL_MS: textWithDefault('5000').pipe(
    z.coerce.number<string>({ message: 'must be a whole number' }).int().min(0),
  ),
  // Failed card refunds (issue 22) are tried again after this long, doubling each time (up to
  // 6 hours); the job queue looks for due refunds at the same interval. 0 turns retries off.
  REFUND_RETRY_MS: textWithDefault(String(60_000)).pipe(
    z.coerce.number<string>({ message: 'must be a whole number' }).int().min(0),
  ),
  // Mails one mailbox may get in 24 hours from requests nobody signed in to (confirmations,
  // acknowledgements, reset codes); over it they are recorded as suppressed, not sent. 0 = off.
  MAIL_RECIPIENT_DAILY_CAP: textWithDefault(String(RECIPIENT_DAILY_MAIL_CAP)).pipe(
    z.coerce.number<string>({ message: 'must be a whole number' }).int().min(0),
  ),
  // Retention (services/retention): how often the purge runs (0 turns it off), how long a sent
  // mail keeps its body, how long an expired quote and an expired unpaid checkout are kept.
  RETENTION_INTERVAL_MS: textWithDefault(String(60 * 60_000)).pipe(
    z.coerce.number<string>({ message: 'must be a whole number' }).int().min(0),
  ),
  MAIL_BODY_RETENTION_DAYS: textWithDefault('30').pipe(
    z.coerce.number<string>({ message: 'must be a whole number' }).int().min(1),
  ),
  QUOTE_RETENTION_HOURS: textWithDefault('24').pipe(
    z.coerce.number<string>({ message: 'must be a whole number' }).int().min(0),
  ),
  CHECKOUT_RETENTION_HOURS: textWithDefault('72').pipe(
    z.coerce.number<string>({ message: 'must be a whole number' }).int().min(0),
  ),
  // The driver's app (issue 34): how long a driver has to answer an offered job before it
  // goes back to Needs action, and how often the server looks for offers whose time ran out
  // (0 turns the sweep off; tests sweep themselves).
  OFFER_TIMEOUT_SECONDS: textWithDefault(String(DEFAULT_OFFER_TIMEOUT_SECONDS)).pipe(
    z.coerce.number<string>({ message: 'must be a whole number' }).int().min(10).max(86_400),
  ),
  OFFER_SWEEP_INTERVAL_MS: textWithDefault('5000').pipe(
    z.coerce.number<string>({ message: 'must be a whole number' }).int().min(0),
  ),
  // Web Push's VAPID key pair (base64url, as web-push generate-vapid-keys prints them). Unset:
  // made on first start and kept in DATA_DIR/vapid.json. VAPID_SUBJECT is the contact push
  // services are given (mailto: or https:); unset: mailto: the FROM_EMAIL setting.
  VAPID_PUBLIC_KEY: optionalText.refine(
    (value) => value === undefined || base64UrlBytes(value) === 65,
    { message: 'must be a P-256 public key, 65 bytes in base64url' },
  ),
  VAPID_PRIVATE_KEY: optionalText.refine(
    (value) => value === undefined || base64UrlBytes(value) === 32,
    { message: 'must be a P-256 private key, 32 bytes in base64url' },
  ),
  VAPID_SUBJECT: optionalUrl(['mailto', 'https']),
  // The hosts a push subscription's endpoint may name (the server posts to it, so any other
  // would let a subscriber aim the server at an address of theirs): a comma list, `*.` for any
  // subdomain. Unset: the browsers' push services (DEFAULT_PUSH_HOSTS, domain/push-hosts.ts).
  WEB_PUSH_HOSTS: pushHosts,
  DIST_DIR: textWithDefault('./dist'),
  STORAGE_DIR: textWithDefault('./storage'),
  // `production` refuses to start without what real bookings need (productionProblems below).
  NODE_ENV: optionalText,
  // 1 seeds the demo passenger (and its bookings) even on PostgreSQL; 0 never seeds it. Unset:
  // seeded on the embedded database only, and not with NODE_ENV=production (demoAccountsWanted);
  // production refuses 1 (productionProblems) and any account left with a demo password.
  SEED_DEMO: optionalText.pipe(z.enum(['0', '1'], { message: 'must be 1 or 0' }).optional()),
  // The whole request, headers and body, must arrive within this, so a client that dribbles
  // its body cannot hold a socket; bodies are at most 256 KB.
  REQUEST_TIMEOUT_MS: textWithDefault('30000').pipe(
    z.coerce.number<string>({ message: 'must be a whole number' }).int().min(1000),
  ),
  // A socket with no traffic either way for this long is closed. It must outlast the slowest
  // answer (a checkout waits on the card provider: 10 s and one retry), or a slow answer is cut.
  CONNECTION_TIMEOUT_MS: textWithDefault('60000').pipe(
    z.coerce.number<string>({ message: 'must be a whole number' }).int().min(1000),
  ),
});

/** The server's whole configuration, read from the environment once at start. */
export type Config = z.infer<typeof envSchema>;

/** The card payment provider: PAYMENT_PROVIDER, else stripe when a secret key is set, else test. */
export function paymentProviderName(
  config: Pick<Config, 'PAYMENT_PROVIDER' | 'STRIPE_SECRET_KEY'>,
): 'stripe' | 'test' {
  return config.PAYMENT_PROVIDER ?? (config.STRIPE_SECRET_KEY ? 'stripe' : 'test');
}

/** Thrown when one or more variables are malformed; the message lists every one of them. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((line) => `  - ${line}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses the environment into a Config. Every bad variable is reported at once, so an operator
 * fixes a deployment in one pass rather than one restart per mistake.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = envSchema.safeParse(env);
  const problems = result.success
    ? []
    : result.error.issues.map(
        (issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`,
      );
  if (result.success && !result.data.VAPID_PUBLIC_KEY !== !result.data.VAPID_PRIVATE_KEY) {
    problems.push('VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: give both keys of the pair, or neither');
  }
  // Read from the raw environment, so a malformed value and a missing one show in one list.
  problems.push(...productionProblems(env));
  if (result.success && problems.length === 0) return result.data;
  throw new ConfigError(problems);
}

/**
 * What NODE_ENV=production refuses: the defaults that make the demo work (published API keys,
 * a checkout that charges nothing, mail written to files, checkout returning to whatever Host
 * a request names) would each cost real bookings or money if they reached production silently.
 */
export function productionProblems(env: Record<string, string | undefined>): string[] {
  const value = (name: string) => env[name]?.trim() || undefined;
  if (value('NODE_ENV') !== 'production') return [];
  const problems: string[] = [];
  const demoKeys = { PUBLIC_API_KEY: DEMO_API_KEYS.public, SECRET_API_KEY: DEMO_API_KEYS.secret };
  for (const [name, demo] of Object.entries(demoKeys)) {
    const key = value(name);
    if (key === undefined || key === demo) {
      problems.push(`${name}: must be set to this site's own key in production, not the demo key`);
    }
  }
  const provider = paymentProviderName({
    PAYMENT_PROVIDER: value('PAYMENT_PROVIDER') as Config['PAYMENT_PROVIDER'],
    STRIPE_SECRET_KEY: value('STRIPE_SECRET_KEY'),
  });
  if (provider === 'test') {
    problems.push(
      'PAYMENT_PROVIDER: the test checkout charges nothing; production takes cards with stripe ' +
        '(set STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET)',
    );
  }
  if (provider === 'stripe') {
    // The webhook records a payment whose browser never came back; without it that is lost.
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET']) {
      if (value(name) === undefined) problems.push(`${name}: required for stripe in production`);
    }
  }
  if (value('SEED_DEMO') === '1') {
    problems.push(
      'SEED_DEMO: 1 seeds accounts whose passwords the README publishes; never in production',
    );
  }
  if (value('SMTP_URL') === undefined) {
    problems.push('SMTP_URL: required in production (without it mail is only written to files)');
  }
  if (value('PUBLIC_URL') === undefined) {
    problems.push(
      "PUBLIC_URL: required in production (this site's origin, where card checkout returns)",
    );
  }
  return problems;
}
