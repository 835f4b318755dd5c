import { Button, Flex, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import type { ConsoleAccount } from '../../../../../contract/operator-accounts';
import { OPERATOR_ROLE_LABELS } from '../../../../../domain/operator-roles';
import { formatUkMoment } from '../../lib/format';
import { Cell, NoWrapCell, RowHead, ScrollTable, Tag } from '../../components/table-parts';

/** What an account's status says: deactivated, active, or waiting for its owner's password. */
function AccountStatus({ account, now }: { account: ConsoleAccount; now: number }) {
  if (!account.active) {
    return (
      <Tag bg="gray.200" color="gray.900">
        Deactivated
      </Tag>
    );
  }
  if (account.password_set) {
    return (
      <Tag bg="green.100" color="green.900">
        Active
      </Tag>
    );
  }
  const ends = account.invitation_expires_at;
  const expired = ends === null || new Date(ends).getTime() <= now;
  return (
    <>
      <Tag bg="orange.100" color="orange.900">
        Invited
      </Tag>
      <Text fontSize="sm" mt={1}>
        {expired || ends === null
          ? 'The link has expired'
          : `Link works until ${formatUkMoment(ends)}`}
      </Text>
    </>
  );
}

type ActionHandlers = {
  /** A change is being saved: the buttons say so rather than send it twice. */
  busy: boolean;
  onChangeRole: (account: ConsoleAccount) => void;
  onSetActive: (account: ConsoleAccount, active: boolean) => void;
  onResend: (account: ConsoleAccount) => void;
};

/** One account's buttons; Send the invitation again only while it has no password. */
function AccountActions({
  account,
  busy,
  onChangeRole,
  onSetActive,
  onResend,
}: ActionHandlers & { account: ConsoleAccount }) {
  // Not `disabled` while saving: disabling the focused button would drop keyboard focus.
  const guard = (act: () => void) => () => {
    if (!busy) act();
  };
  return (
    <Flex gap={2} flexWrap="wrap">
      <Button
        type="button"
        size="sm"
        variant="outline"
        aria-haspopup="dialog"
        // Starts with the visible words, so voice control still finds it.
        aria-label={`Change role of ${account.name}`}
        onClick={() => onChangeRole(account)}
      >
        Change role
      </Button>
      <Button
        type="button"
        size="sm"
        variant="outline"
        colorPalette={account.active ? 'red' : 'brand'}
        aria-label={`${account.active ? 'Deactivate' : 'Reactivate'} ${account.name}`}
        aria-disabled={busy}
        onClick={guard(() => onSetActive(account, !account.active))}
      >
        {account.active ? 'Deactivate' : 'Reactivate'}
      </Button>
      {account.active && !account.password_set ? (
        <Button
          type="button"
          size="sm"
          variant="outline"
          aria-label={`Send the invitation again to ${account.name}`}
          aria-disabled={busy}
          onClick={guard(() => onResend(account))}
        >
          Send the invitation again
        </Button>
      ) : null}
    </Flex>
  );
}

/**
 * The accounts, each with Change role, Deactivate (or Reactivate), and Send the invitation again
 * while its owner has not set a password. The operator's own row offers no change: nobody
 * demotes or deactivates themselves.
 */
export function AccountsTable({
  accounts,
  selfId,
  showCompany,
  busy,
  onChangeRole,
  onSetActive,
  onResend,
}: {
  accounts: readonly ConsoleAccount[];
  selfId: number;
  showCompany: boolean;
} & ActionHandlers) {
  const captionId = useId();
  // The time the list was drawn: a link's end is judged against it, not each render's.
  const [now] = useState(() => Date.now());
  const columns = [
    'Name',
    'Email',
    'Role',
    ...(showCompany ? ['Company'] : []),
    'Status',
    'Actions',
  ];
  return (
    <ScrollTable captionId={captionId} caption="Accounts" minW="60rem" columns={columns}>
      {accounts.map((account) => (
        <tr key={account.id}>
          <RowHead scope="row">{account.name}</RowHead>
          <Cell>{account.email}</Cell>
          <NoWrapCell>{OPERATOR_ROLE_LABELS[account.role]}</NoWrapCell>
          {showCompany ? <Cell>{account.company_name ?? 'All companies'}</Cell> : null}
          <Cell>
            <AccountStatus account={account} now={now} />
          </Cell>
          <Cell>
            {account.id === selfId ? (
              <Text fontSize="sm">This is you</Text>
            ) : (
              <AccountActions
                account={account}
                busy={busy}
                onChangeRole={onChangeRole}
                onSetActive={onSetActive}
                onResend={onResend}
              />
            )}
          </Cell>
        </tr>
      ))}
    </ScrollTable>
  );
}
