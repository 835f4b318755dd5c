import { z } from 'zod';

/** An unset variable and an empty one mean the same: use the default (or nothing). */
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

/** A URL whose scheme is one of `protocols` (without the colon), e.g. ['smtp', 'smtps']. */
const optionalUrl = (protocols: string[]) =>
  optionalText.refine(
    (value) =>
      value === undefined ||
      (URL.canParse(value) && protocols.includes(new URL(value).protocol.replace(/:$/, ''))),
    { message: `must be a URL starting ${protocols.map((p) => `${p}://`).join(' or ')}` },
  );

/** Stripe keys carry their kind in a prefix; a swapped pair fails at start, not at payment. */
const optionalPrefixed = (prefixes: string[]) =>
  optionalText.refine(
    (value) => value === undefined || prefixes.some((prefix) => value.startsWith(prefix)),
    { message: `must start with ${prefixes.join(' or ')}` },
  );

const textWithDefault = (fallback: string) => optionalText.transform((value) => value ?? fallback);

/** A comma list of origins such as `https://www.example.co.uk`; each must be a bare origin. */
const originList = optionalText
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  )
  .superRefine((origins, ctx) => {
    for (const origin of origins) {
      if (!URL.canParse(origin) || new URL(origin).origin !== origin.replace(/\/$/, '')) {
        ctx.addIssue({ code: 'custom', message: `"${origin}" is not an origin like https://host` });
      }
    }
  })
  .transform((origins) => origins.map((origin) => new URL(origin).origin));

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const envSchema = z.object({
  PORT: textWithDefault('8080').pipe(
    z.coerce.number<string>({ message: 'must be a port number' }).int().min(0).max(65535),
  ),
  HOST: textWithDefault('0.0.0.0'),
  DATA_DIR: textWithDefault('./data'),
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
  EMBED_PARENT_ORIGINS: originList,
  REDIS_URL: optionalUrl(['redis', 'rediss']),
  LOG_LEVEL: optionalText.pipe(z.enum(LOG_LEVELS).default('info')),
  // Quote calls a minute from one client address (price calls measure routes, so they cost
  // more than a page load); 0 turns the limit off, for benchmarks.
  QUOTE_RATE_LIMIT_PER_MINUTE: textWithDefault('120').pipe(
    z.coerce.number<string>({ message: 'must be a whole number' }).int().min(0),
  ),
  // How often the mail sender looks for due outbox rows (it is also nudged after each
  // enqueue); 0 turns background delivery off (tests drain the outbox themselves).
  MAIL_POLL_INTERVAL_MS: textWithDefault('5000').pipe(
    z.coerce.number<string>({ message: 'must be a whole number' }).int().min(0),
  ),
  DIST_DIR: textWithDefault('./dist'),
  STORAGE_DIR: textWithDefault('./storage'),
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
  if (result.success) return result.data;
  const problems = result.error.issues.map(
    (issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`,
  );
  throw new ConfigError(problems);
}
