import { ROUTES } from '../../../config/routes';

/** The query parameter that carries where a visitor was going when sent to sign in. */
export const REDIRECT_PARAM = 'redirect';

/** /login with the intended path (path, query and hash of this site) to come back to. */
export function loginPathFor(intended: string): string {
  return `${ROUTES.login}?${new URLSearchParams({ [REDIRECT_PARAM]: intended }).toString()}`;
}

/**
 * Where to go after signing in: the `redirect` value when it is a path of this site, else the
 * bookings list. Anything that could leave the site ('//evil.example', '/\evil.example',
 * 'https://…', 'javascript:…') or lead back to the sign-in screen is ignored: an attacker's
 * link must not turn the sign-in screen into a jump to their page.
 */
export function afterLoginPath(redirect: string | null, origin = window.location.origin): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//')) return ROUTES.bookings;
  let url: URL;
  try {
    url = new URL(redirect, origin);
  } catch {
    return ROUTES.bookings;
  }
  // The URL parser also reads '/\host' and tab- or newline-broken slashes as another host.
  if (url.origin !== origin) return ROUTES.bookings;
  const path = url.pathname.replace(/\/+$/, '').toLowerCase();
  if (path === ROUTES.login) return ROUTES.bookings;
  return `${url.pathname}${url.search}${url.hash}`;
}
