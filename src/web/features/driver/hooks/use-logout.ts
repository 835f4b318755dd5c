import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { DRIVER_ROUTES } from '../../../config/routes';
import { useDriverLogout } from '../api/logout';
import { forgetThisPhone } from './use-push-notifications';

/**
 * Sign out: the server forgets the phone's push subscription (while the session can still say
 * whose it is), the server ends the session, the phone forgets the driver's jobs, and the app goes to
 * sign-in. Presses still waiting stay on the phone and go once this driver signs in again.
 */
export function useLogout() {
  const navigate = useNavigate();
  const logout = useDriverLogout();
  // The whole sign-out, the push subscription's part included: a second tap does nothing.
  const [signingOut, setSigningOut] = useState(false);
  const started = useRef(false);
  const signOut = async () => {
    if (started.current) return;
    started.current = true;
    setSigningOut(true);
    try {
      await forgetThisPhone();
      await logout.mutateAsync().catch((error: unknown) => {
        console.error('Sign-out failed on the server; this phone forgets the session:', error);
      });
      await navigate(DRIVER_ROUTES.login, { replace: true });
    } finally {
      started.current = false;
      setSigningOut(false);
    }
  };
  return { signOut, signingOut };
}
