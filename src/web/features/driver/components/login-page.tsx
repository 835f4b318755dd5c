import { useNavigate, useSearchParams } from 'react-router-dom';
import { DRIVER_APP_MESSAGES, DRIVER_APP_NAME } from '../../../../domain/driver-app-messages';
import type { AccountPageLook } from '../../../components/account-pages/account-card';
import { SignInForm } from '../../../components/account-pages/sign-in-form';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDriverLogin } from '../api/login';
import { afterSignInPath, NEXT_PARAM } from '../lib/redirect';

/** The driver app's sign-in and set-password cards: roomy on a phone, large buttons for a thumb. */
export const DRIVER_ACCOUNT_LOOK: AccountPageLook = {
  frame: { py: { base: 6, md: 16 }, px: 4 },
  button: { size: 'lg' },
};

/**
 * /driver/login: the driver app's sign-in. The server sets the ridebook_driver cookie; the
 * driver then goes where the guard sent them from (`?next=`, the app's pages only) or to My jobs.
 */
export function DriverLoginPage() {
  useDocumentTitle(`Sign in — ${DRIVER_APP_NAME}`);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const login = useDriverLogin();

  return (
    <SignInForm
      look={DRIVER_ACCOUNT_LOOK}
      heading={DRIVER_APP_MESSAGES.signInHeading}
      fieldIds={{ email: 'driver-email', password: 'driver-password' }}
      signIn={login.mutateAsync}
      pending={login.isPending}
      afterSignIn={() => navigate(afterSignInPath(searchParams.get(NEXT_PARAM)), { replace: true })}
      generalFailure={DRIVER_APP_MESSAGES.signInFailed}
      logMessage="Driver sign-in failed:"
    />
  );
}
