import { CONSOLE_ACCOUNT_MESSAGES } from '../../../../../domain/console-account-messages';
import {
  SetPasswordPage as AccountSetPasswordPage,
  useInvitationToken,
} from '../../../../components/account-pages/set-password-page';
import { OPERATOR_ROUTES } from '../../../../config/routes';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { CONSOLE_TITLE } from '../../components/console-title';
import { OPERATOR_ACCOUNT_LOOK } from '../../components/login-page';
import { PRODUCT_NAME } from '../../components/operator-layout';
import { useInvitation, useSetPassword } from '../api/set-password';

const HEADING = 'Set your password';

/**
 * /operator/set-password?token=…: where an invitation's link lands, outside the console's
 * layout like sign-in. The link's owner chooses a password, which uses the link up and signs
 * them in; a used, expired or replaced link says so and what to do.
 */
export function SetPasswordPage() {
  useDocumentTitle(`${HEADING} — ${CONSOLE_TITLE}`);
  const token = useInvitationToken();
  const invitation = useInvitation(token);
  const save = useSetPassword();

  return (
    <AccountSetPasswordPage
      look={OPERATOR_ACCOUNT_LOOK}
      token={token}
      invitation={invitation}
      save={save}
      heading={HEADING}
      forLine={({ name, email }) => `${PRODUCT_NAME} operator console, for ${name} (${email})`}
      missingLink={CONSOLE_ACCOUNT_MESSAGES.invitationUnknown}
      checking="Checking your link…"
      generalFailure="Something went wrong. Please try again."
      signInPath={OPERATOR_ROUTES.login}
      homePath={OPERATOR_ROUTES.bookings}
    />
  );
}
