import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/** The mail link's manage token: read once, then removed from the address bar. */
export const TOKEN_PARAM = 'token';
/** Set by the checkout of a change's difference when it sends the passenger back. */
export const AMEND_SESSION_PARAM = 'amend_session';
/** Set when the passenger leaves the difference's checkout without paying. */
export const AMEND_CANCELLED_PARAM = 'amend_cancelled';

/**
 * What the page's address brings: the mail link's token, and news from the difference's
 * checkout. Each is read once; the token and the cancelled flag leave the address bar at once,
 * the paid session once the change it pays for is made (`amendSessionDone`).
 */
export function useBookingLink() {
  const [searchParams, setSearchParams] = useSearchParams();
  // Read once, before the address bar loses them.
  const [urlToken] = useState(() => searchParams.get(TOKEN_PARAM));
  const [amendSession, setAmendSession] = useState(() => searchParams.get(AMEND_SESSION_PARAM));
  const [amendCancelled] = useState(() => searchParams.has(AMEND_CANCELLED_PARAM));

  const hasToken = searchParams.has(TOKEN_PARAM) || searchParams.has(AMEND_CANCELLED_PARAM);
  useEffect(() => {
    if (!hasToken) return;
    // history.replaceState underneath: no entry keeps the token, and links leave without it.
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.delete(TOKEN_PARAM);
        next.delete(AMEND_CANCELLED_PARAM);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [hasToken, setSearchParams]);

  const amendSessionDone = () => {
    setAmendSession(null);
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        next.delete(AMEND_SESSION_PARAM);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  return { urlToken, amendSession, amendCancelled, amendSessionDone };
}
