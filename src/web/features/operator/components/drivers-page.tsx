import { Box, Button, Flex, Heading, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { Driver } from '../../../../contract/operator-drivers';
import { LoadingBlock } from '../../../components/loading-block';
import { useDrivers } from '../api/get-drivers';
import { useSaveDriver } from '../api/save-driver';
import { DriverForm } from './driver-form';
import { DriversTable } from './drivers-table';
import { AlertMessage, ErrorPanel } from '../../../components/status-panels';
import { FormDialog } from './form-dialog';
import { useOperator } from './operator-layout';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CONSOLE_TITLE } from './console-title';
import { PageNotice, activeNotice } from './page-notice';
import { usePageNotice } from '../hooks/use-page-notice';
import { useInviteDriver } from '../api/invite-driver';
import { DISPATCH_RECORD_TEXT } from '../../../../domain/vehicle-messages';

type Editing = { driver: Driver | null } | null;

/** What the server refused of the page's quick changes (deactivate, invite), in its words. */
function Refusals({ errors }: { errors: readonly (Error | null)[] }) {
  return errors.map((error, index) =>
    error ? (
      <Box key={index} mb={3}>
        <AlertMessage>{error.message}</AlertMessage>
      </Box>
    ) : null,
  );
}

/** /operator/drivers: the company's drivers (every company's for the admin), added and edited here. */
export function DriversPage() {
  useDocumentTitle(`Drivers — ${CONSOLE_TITLE}`);
  const operator = useOperator();
  const isAdmin = operator.role === 'admin';
  const drivers = useDrivers();
  const toggle = useSaveDriver();
  const [editing, setEditing] = useState<Editing>(null);
  const { notice, setNotice, attempt } = usePageNotice('Changing the driver');
  const invite = useInviteDriver();

  // The server's answer names where the link went; its refusal shows as the page's alert.
  const sendInvitation = (driver: Driver) =>
    attempt(async () => DISPATCH_RECORD_TEXT.inviteSent(await invite.mutateAsync(driver.id)));

  const setActive = (driver: Driver, active: boolean) =>
    attempt(async () => {
      await toggle.mutateAsync({ id: driver.id, body: { active } });
      return activeNotice(driver.name, active);
    });

  return (
    <Box>
      <Flex alignItems="center" justifyContent="space-between" gap={3} flexWrap="wrap" mb={5}>
        <Heading as="h1" size="2xl" color="gray.900">
          Drivers
        </Heading>
        <Button
          type="button"
          colorPalette="brand"
          aria-haspopup="dialog"
          onClick={() => setEditing({ driver: null })}
        >
          Add driver
        </Button>
      </Flex>
      <PageNotice notice={notice} />
      <Refusals errors={[toggle.error, invite.error]} />
      {drivers.isPending ? (
        <LoadingBlock label="Loading drivers…" />
      ) : drivers.isError ? (
        <ErrorPanel
          message={`We could not load the drivers. ${drivers.error.message}`}
          retrying={drivers.isFetching}
          onRetry={() => void drivers.refetch()}
        />
      ) : drivers.data.length === 0 ? (
        <Text>No drivers yet. Add the first one.</Text>
      ) : (
        <DriversTable
          drivers={drivers.data}
          showCompany={isAdmin}
          toggling={toggle.isPending}
          inviting={invite.isPending}
          onEdit={(driver) => setEditing({ driver })}
          onSetActive={(driver, active) => void setActive(driver, active)}
          onInvite={(driver) => void sendInvitation(driver)}
        />
      )}
      <FormDialog
        open={editing !== null}
        title={editing?.driver ? `Edit ${editing.driver.name}` : 'Add driver'}
        onClose={() => setEditing(null)}
      >
        {editing ? (
          <DriverForm
            driver={editing.driver}
            isAdmin={isAdmin}
            onSaved={(saved) => {
              setEditing(null);
              setNotice(`${saved.name} is saved.`);
            }}
          />
        ) : null}
      </FormDialog>
    </Box>
  );
}
