import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { CorporatePassenger } from '../../../../contract/corporate';
import { useForgetSession } from '../api/logout';
import { checkToken } from '../api/validate-token';
import { loginPathFor } from '../lib/redirect';
import { readSession, type CorporateSession } from '../lib/session';

export type CorporateGuardState =
  | { status: 'checking' }
  | {
      status: 'signed-in';
      session: CorporateSession;
      /** False when the server could not be asked (offline): the stored session is trusted. */
      verified: boolean;
    };

/**
 * Signs the passenger out on this device and sends them to /login with the path they were on
 * (path, query and hash) as the redirect, replacing the refused screen in the history.
 */
export function useSignOutToLogin(): () => Promise<void> {
  const forget = useForgetSession();
  const navigate = useNavigate();
  const location = useLocation();
  const intended = `${location.pathname}${location.search}${location.hash}`;
  return useCallback(async () => {
    await forget().catch((error: unknown) => {
      console.error('Could not clear the corporate session:', error);
    });
    await navigate(loginPathFor(intended), { replace: true });
  }, [forget, navigate, intended]);
}

/**
 * The guard of /bookings and /my-account (spec sections 4 and 6): before the screen shows, the
 * stored token is checked with the server. No token, or one the server refuses, clears the
 * session and leads to /login?redirect=<path>. When the server cannot be reached, the stored
 * session is trusted and the screens show what this device kept.
 */
export function useCorporateGuard() {
  const [state, setState] = useState<CorporateGuardState>({ status: 'checking' });
  const signOutToLogin = useSignOutToLogin();
  const refuse = useEffectEvent(() => signOutToLogin());

  // Once per arrival on a protected screen: moving between its pages (?page=) asks nothing.
  useEffect(() => {
    const controller = new AbortController();
    void (async () => {
      const stored = await readSession().catch(() => null);
      if (controller.signal.aborted) return;
      if (!stored) {
        await refuse();
        return;
      }
      const check = await checkToken(stored.token, controller.signal).catch(() => null);
      if (controller.signal.aborted || check === null) return;
      if (check === 'rejected') {
        await refuse();
        return;
      }
      setState({ status: 'signed-in', session: stored, verified: check === 'valid' });
    })();
    return () => controller.abort();
  }, []);

  /** After a profile update: the screens show the new details at once. */
  const setPassenger = useCallback((passenger: CorporatePassenger) => {
    setState((current) =>
      current.status === 'signed-in'
        ? { ...current, session: { ...current.session, passenger } }
        : current,
    );
  }, []);

  return { state, setPassenger, signOutToLogin };
}
