import { Box, Button, Flex, Heading } from '@chakra-ui/react';
import { useState } from 'react';
import type { ConsoleAccount } from '../../../../../contract/operator-accounts';
import { LoadingBlock } from '../../../../components/loading-block';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { CONSOLE_TITLE } from '../../components/console-title';
import { AlertMessage, ErrorPanel } from '../../../../components/status-panels';
import { FormDialog } from '../../components/form-dialog';
import { useOperator } from '../../components/operator-layout';
import { useAccounts } from '../api/get-accounts';
import { useAccountActions } from '../hooks/use-account-actions';
import { AccountForm } from './account-form';
import { AccountsTable } from './accounts-table';
import { PageNotice } from '../../components/page-notice';

type Editing = { account: ConsoleAccount | null } | null;

/**
 * /operator/accounts: the console's accounts — every one for the admin, a manager's own
 * company's managers and dispatchers — added (with an invitation by mail), given another role,
 * deactivated and reactivated here.
 */
export function AccountsPage() {
  useDocumentTitle(`Accounts — ${CONSOLE_TITLE}`);
  const operator = useOperator();
  const isAdmin = operator.role === 'admin';
  const accounts = useAccounts();
  const actions = useAccountActions();
  const [editing, setEditing] = useState<Editing>(null);
  const { notice, setNotice, failure } = actions;

  return (
    <Box>
      <Flex alignItems="center" justifyContent="space-between" gap={3} flexWrap="wrap" mb={5}>
        <Heading as="h1" size="2xl" color="gray.900">
          Accounts
        </Heading>
        <Button
          type="button"
          colorPalette="brand"
          aria-haspopup="dialog"
          onClick={() => setEditing({ account: null })}
        >
          Add account
        </Button>
      </Flex>
      <PageNotice notice={notice} />
      {failure ? (
        <Box mb={3}>
          <AlertMessage>{failure.message}</AlertMessage>
        </Box>
      ) : null}
      {accounts.isPending ? (
        <LoadingBlock label="Loading accounts…" />
      ) : accounts.isError ? (
        <ErrorPanel
          message={`We could not load the accounts. ${accounts.error.message}`}
          retrying={accounts.isFetching}
          onRetry={() => void accounts.refetch()}
        />
      ) : (
        <AccountsTable
          accounts={accounts.data}
          selfId={operator.id}
          showCompany={isAdmin}
          busy={actions.busy}
          onChangeRole={(account) => setEditing({ account })}
          onSetActive={(account, active) => void actions.setActive(account, active)}
          onResend={(account) => void actions.sendAgain(account)}
        />
      )}
      <FormDialog
        open={editing !== null}
        title={editing?.account ? `Change role of ${editing.account.name}` : 'Add account'}
        onClose={() => setEditing(null)}
      >
        {editing ? (
          <AccountForm
            account={editing.account}
            isAdmin={isAdmin}
            onSaved={(saved) => {
              setEditing(null);
              setNotice(
                editing.account
                  ? `${saved.name} is now ${saved.role === 'admin' ? 'an admin' : `a ${saved.role}`}.`
                  : `${saved.name} is added. An invitation to set a password is on its way to ${saved.email}.`,
              );
            }}
          />
        ) : null}
      </FormDialog>
    </Box>
  );
}
