import type { Config } from '../config';

/**
 * Where links in mails point: PUBLIC_URL's origin, or where the server listens when it is not
 * set (the local demo).
 */
export function siteOrigin(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): string {
  return config.PUBLIC_URL ? new URL(config.PUBLIC_URL).origin : `http://localhost:${config.PORT}`;
}
