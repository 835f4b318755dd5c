import { useNavigate, useSearchParams } from 'react-router-dom';
import type { AccountPageLook } from '../../../components/account-pages/account-card';
import { SignInForm } from '../../../components/account-pages/sign-in-form';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLogin } from '../api/login';
import { afterSignInPath, NEXT_PARAM } from '../lib/redirect';
import { CONSOLE_TITLE } from './console-title';
import { PRODUCT_NAME } from './operator-layout';

/** The console's sign-in and set-password cards. */
export const OPERATOR_ACCOUNT_LOOK: AccountPageLook = {
  frame: { py: { base: 8, md: 16 } },
  button: {},
};

/**
 * /operator/login: the console's sign-in. The server sets the session cookie; the operator
 * then goes where the guard sent them from (`?next=`, console pages only) or to the board.
 */
export function OperatorLoginPage() {
  useDocumentTitle(`Sign in — ${CONSOLE_TITLE}`);
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const login = useLogin();

  return (
    <SignInForm
      look={OPERATOR_ACCOUNT_LOOK}
      heading="Sign in to the operator console"
      subline={PRODUCT_NAME}
      fieldIds={{ email: 'operator-email', password: 'operator-password' }}
      signIn={login.mutateAsync}
      pending={login.isPending}
      afterSignIn={() => navigate(afterSignInPath(searchParams.get(NEXT_PARAM)), { replace: true })}
      generalFailure="Something went wrong while signing in. Please try again."
      logMessage="Operator sign-in failed:"
    />
  );
}
