import * as z from 'zod/mini';
import { API_BASE, API_KEY_HEADERS, DEMO_API_KEYS } from '../../contract/paths';

/**
 * The only module that reads `import.meta.env`. The API keys ship inside the bundle, so they
 * identify the site rather than protect it (API.md, Headers); the demo keys are the defaults.
 */
const apiKey = z.string().check(z.trim(), z.minLength(1, 'must not be empty'));

const envSchema = z.object({
  VITE_PUBLIC_API_KEY: z._default(apiKey, DEMO_API_KEYS.public),
  VITE_SECRET_API_KEY: z._default(apiKey, DEMO_API_KEYS.secret),
});

export type WebEnv = {
  /**
   * X-Api-Public-Key and X-Api-Secret-Key as every API call sends them. Both ship in the bundle:
   * they name the site to the server and keep nothing secret, whatever the header is called.
   */
  apiKeyHeaders: Readonly<Record<(typeof API_KEY_HEADERS)[keyof typeof API_KEY_HEADERS], string>>;
  /**
   * Always the origin that serves the app: the server sends no CORS headers, its CSP allows
   * connect-src 'self', and vehicle images and the service worker's caches are same-origin.
   */
  apiBaseUrl: string;
  /** package.json version plus a per-build id, e.g. '0.1.0+m5x2k7qa' (vite.config.ts). */
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
  const { VITE_PUBLIC_API_KEY, VITE_SECRET_API_KEY } = parsed.data;
  return {
    apiKeyHeaders: {
      [API_KEY_HEADERS.public]: VITE_PUBLIC_API_KEY,
      [API_KEY_HEADERS.secret]: VITE_SECRET_API_KEY,
    },
    apiBaseUrl: API_BASE,
    appVersion: __APP_VERSION__,
    isProduction: raw.PROD === true,
  };
}

export const env: WebEnv = parseEnv(import.meta.env);
