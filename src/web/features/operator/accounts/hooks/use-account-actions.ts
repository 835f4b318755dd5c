import type { ConsoleAccount } from '../../../../../contract/operator-accounts';
import { usePageNotice } from '../../hooks/use-page-notice';
import { useResendInvitation } from '../api/resend-invitation';
import { useSaveAccount } from '../api/save-account';

/**
 * The Accounts page's one-click changes — deactivate, reactivate, send the invitation again —
 * with the notice each leaves and the server's refusal, if any.
 */
export function useAccountActions() {
  const toggle = useSaveAccount();
  const resend = useResendInvitation();
  const { notice, setNotice, attempt } = usePageNotice('Changing the account');

  const run = (work: () => Promise<string>) => {
    toggle.reset();
    resend.reset();
    return attempt(work);
  };
  const setActive = (account: ConsoleAccount, active: boolean) =>
    run(async () => {
      await toggle.mutateAsync({ id: account.id, body: { active } });
      return active
        ? `${account.name} is active again.`
        : `${account.name} is deactivated and signed out.`;
    });
  const sendAgain = (account: ConsoleAccount) =>
    run(async () => {
      await resend.mutateAsync(account.id);
      return `A new invitation is on its way to ${account.email}. The earlier link no longer works.`;
    });

  return {
    notice,
    setNotice,
    failure: toggle.error ?? resend.error,
    busy: toggle.isPending || resend.isPending,
    setActive,
    sendAgain,
  };
}
