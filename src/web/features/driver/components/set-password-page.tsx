import { DRIVER_APP_MESSAGES, DRIVER_APP_NAME } from '../../../../domain/driver-app-messages';
import {
  SetPasswordPage,
  useInvitationToken,
} from '../../../components/account-pages/set-password-page';
import { DRIVER_HOME, DRIVER_ROUTES } from '../../../config/routes';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDriverInvitation, useDriverSetPassword } from '../api/set-password';
import { DRIVER_ACCOUNT_LOOK } from './login-page';

const HEADING = DRIVER_APP_MESSAGES.setPasswordHeading;

/**
 * /driver/set-password?token=…: where a driver's invitation link lands, as the console's. The
 * link's owner chooses a password, which uses the link up and signs them in; a used, expired or
 * replaced link says so (the server's words) and what to do.
 */
export function DriverSetPasswordPage() {
  useDocumentTitle(`${HEADING} — ${DRIVER_APP_NAME}`);
  const token = useInvitationToken();
  const invitation = useDriverInvitation(token);
  const save = useDriverSetPassword();

  return (
    <SetPasswordPage
      look={DRIVER_ACCOUNT_LOOK}
      token={token}
      invitation={invitation}
      save={save}
      heading={HEADING}
      forLine={({ name, email }) => DRIVER_APP_MESSAGES.setPasswordFor(name, email)}
      missingLink={DRIVER_APP_MESSAGES.invitationMissing}
      checking={DRIVER_APP_MESSAGES.checkingLink}
      generalFailure={DRIVER_APP_MESSAGES.setPasswordFailed}
      signInPath={DRIVER_ROUTES.login}
      homePath={DRIVER_HOME}
    />
  );
}
