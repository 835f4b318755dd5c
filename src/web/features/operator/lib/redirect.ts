import { OPERATOR_ROUTES } from '../../../config/routes';

/** The query parameter that carries where a signed-out operator was going. */
export const NEXT_PARAM = 'next';

/** /operator/login with the path (and query) to come back to. */
export function operatorLoginPath(intended: string): string {
  return `${OPERATOR_ROUTES.login}?${new URLSearchParams({ [NEXT_PARAM]: intended }).toString()}`;
}

/**
 * Where to go after signing in: `next` when it is a console page of this site, else the board.
 * Anything else ('//evil.example', 'https://…', the passenger site) is ignored, so a crafted
 * link cannot turn the sign-in screen into a jump elsewhere.
 */
export function afterSignInPath(next: string | null, origin = window.location.origin): string {
  if (!next || !next.startsWith('/') || next.startsWith('//')) return OPERATOR_ROUTES.bookings;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return OPERATOR_ROUTES.bookings;
  }
  if (url.origin !== origin) return OPERATOR_ROUTES.bookings;
  const path = url.pathname.replace(/\/+$/, '');
  const inConsole = path === OPERATOR_ROUTES.root || path.startsWith(`${OPERATOR_ROUTES.root}/`);
  if (!inConsole || path === OPERATOR_ROUTES.login) return OPERATOR_ROUTES.bookings;
  return `${url.pathname}${url.search}${url.hash}`;
}
