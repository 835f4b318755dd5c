import * as z from 'zod/mini';
import { API_BASE, DEMO_API_KEYS } from '../../contract/paths';

/**
 * The only module that reads `import.meta.env`. The API keys ship inside the bundle, so they
 * identify the site rather than protect it (API.md, Headers); the demo keys are the defaults.
 */
const apiKey = z.string().check(z.trim(), z.minLength(1, 'must not be empty'));

const envSchema = z.object({
  VITE_PUBLIC_API_KEY: z._default(apiKey, DEMO_API_KEYS.public),
  VITE_SECRET_API_KEY: z._default(apiKey, DEMO_API_KEYS.secret),
  /** Origin of the API host; empty means the same origin that serves the app. */
  VITE_API_ORIGIN: z.pipe(
    z._default(
      z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' })]),
      '',
    ),
    z.transform((origin: string) => origin.replace(/\/+$/, '')),
  ),
});

export type WebEnv = {
  publicApiKey: string;
  secretApiKey: string;
  apiOrigin: string;
  apiBaseUrl: string;
  appVersion: string;
  isProduction: boolean;
};

/** Parses the raw env; throws one error naming every bad variable. Exported for tests. */
export function parseEnv(raw: Record<string, unknown>): WebEnv {
  // An empty variable (e.g. `VITE_PUBLIC_API_KEY=` in .env) means "not set", not "empty key".
  const cleaned = Object.fromEntries(
    Object.entries(raw).filter(([, value]) => value !== '' && value !== undefined),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `- ${issue.path.join('.')}: ${issue.message}`)
      .join('\n');
    throw new Error(`Invalid environment variables:\n${problems}`);
  }
  const { VITE_PUBLIC_API_KEY, VITE_SECRET_API_KEY, VITE_API_ORIGIN } = parsed.data;
  return {
    publicApiKey: VITE_PUBLIC_API_KEY,
    secretApiKey: VITE_SECRET_API_KEY,
    apiOrigin: VITE_API_ORIGIN,
    apiBaseUrl: `${VITE_API_ORIGIN}${API_BASE}`,
    appVersion: __APP_VERSION__,
    isProduction: raw.PROD === true,
  };
}

export const env: WebEnv = parseEnv(import.meta.env);
