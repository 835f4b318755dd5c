import { DRIVER_HOME, DRIVER_ROUTES } from '../../../config/routes';

/** The query parameter that carries where a signed-out driver was going. */
export const NEXT_PARAM = 'next';

/** /driver/login with the path (and query) to come back to. */
export function driverLoginPath(intended: string): string {
  return `${DRIVER_ROUTES.login}?${new URLSearchParams({ [NEXT_PARAM]: intended }).toString()}`;
}

/**
 * Where to go after signing in: `next` when it is a page of the driver's app on this site,
 * else My jobs. Anything else ('//evil.example', the console) is ignored, so a crafted link
 * cannot turn the sign-in page into a jump elsewhere.
 */
export function afterSignInPath(next: string | null, origin = window.location.origin): string {
  if (!next || !next.startsWith('/') || next.startsWith('//')) return DRIVER_HOME;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return DRIVER_HOME;
  }
  if (url.origin !== origin) return DRIVER_HOME;
  const path = url.pathname.replace(/\/+$/, '');
  const inApp = path.startsWith(`${DRIVER_ROUTES.root}/`);
  if (!inApp || path === DRIVER_ROUTES.login || path === DRIVER_ROUTES.setPassword) {
    return DRIVER_HOME;
  }
  return `${url.pathname}${url.search}${url.hash}`;
}
