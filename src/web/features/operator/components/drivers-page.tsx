import { Box, Button, Flex, Heading, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import type { Driver } from '../../../../contract/operator';
import { LoadingBlock } from '../../../components/loading-block';
import { ApiError } from '../../../lib/api-client';
import { useDrivers } from '../api/get-drivers';
import { useSaveDriver } from '../api/save-driver';
import { formatDay } from '../lib/format';
import { DriverForm } from './driver-form';
import { AlertMessage, ErrorPanel } from './error-panel';
import { FormDialog } from './form-dialog';
import { useOperator } from './operator-layout';
import { Cell, NoWrapCell, RowHead, ScrollTable, Tag } from './table-parts';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CONSOLE_TITLE } from './console-title';

export function driverColumns(showCompany: boolean): string[] {
  const columns = [
    'Name',
    'Mobile',
    'Licence number',
    'Licence expiry',
    'Vehicle registration',
    'Vehicle',
    'Status',
  ];
  return showCompany ? [...columns, 'Company', 'Actions'] : [...columns, 'Actions'];
}

/** The licence's flag: the server works out the state in UK time (contract licence_state). */
function LicenceFlag({ state }: { state: Driver['licence_state'] }) {
  if (state === 'expired') {
    return (
      <Tag bg="red.100" color="red.900">
        Licence expired
      </Tag>
    );
  }
  if (state === 'expiring') {
    return (
      <Tag bg="orange.100" color="orange.900">
        Licence expires soon
      </Tag>
    );
  }
  return null;
}

type Editing = { driver: Driver | null } | null;

/** /operator/drivers: the company's drivers (every company's for the admin), added and edited here. */
export function DriversPage() {
  useDocumentTitle(`Drivers — ${CONSOLE_TITLE}`);
  const operator = useOperator();
  const isAdmin = operator.role === 'admin';
  const drivers = useDrivers();
  const toggle = useSaveDriver();
  const [editing, setEditing] = useState<Editing>(null);
  const [notice, setNotice] = useState('');
  const captionId = useId();

  const setActive = async (driver: Driver, active: boolean) => {
    setNotice('');
    try {
      await toggle.mutateAsync({ id: driver.id, body: { active } });
      setNotice(`${driver.name} is ${active ? 'active again' : 'deactivated'}.`);
    } catch (error) {
      if (!(error instanceof ApiError)) console.error('Changing the driver failed:', error);
    }
  };

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
      <Box role="status" aria-live="polite" mb={notice ? 3 : 0}>
        {notice ? <Text color="green.800">{notice}</Text> : null}
      </Box>
      {toggle.isError ? (
        <Box mb={3}>
          <AlertMessage>{toggle.error.message}</AlertMessage>
        </Box>
      ) : null}
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
        <ScrollTable
          captionId={captionId}
          caption="Drivers"
          minW={isAdmin ? '72rem' : '64rem'}
          columns={driverColumns(isAdmin)}
        >
          {drivers.data.map((driver) => (
            <tr key={driver.id}>
              <RowHead scope="row">{driver.name}</RowHead>
              <NoWrapCell>{driver.mobile}</NoWrapCell>
              <Cell>{driver.licence_number}</Cell>
              <NoWrapCell>
                <Text>{formatDay(driver.licence_expiry)}</Text>
                <LicenceFlag state={driver.licence_state} />
              </NoWrapCell>
              <NoWrapCell>{driver.vehicle_registration}</NoWrapCell>
              <Cell>{driver.category_name}</Cell>
              <Cell>{driver.active ? 'Active' : 'Inactive'}</Cell>
              {isAdmin ? <Cell>{driver.company_name}</Cell> : null}
              <Cell>
                <Flex gap={2}>
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    aria-haspopup="dialog"
                    // Starts with the visible word, so voice control still finds it.
                    aria-label={`Edit ${driver.name}`}
                    onClick={() => setEditing({ driver })}
                  >
                    Edit
                  </Button>
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    colorPalette={driver.active ? 'red' : 'brand'}
                    aria-label={`${driver.active ? 'Deactivate' : 'Reactivate'} ${driver.name}`}
                    // Not `disabled` while saving: disabling the focused button would drop
                    // keyboard focus to the page.
                    aria-disabled={toggle.isPending}
                    onClick={() => {
                      if (!toggle.isPending) void setActive(driver, !driver.active);
                    }}
                  >
                    {driver.active ? 'Deactivate' : 'Reactivate'}
                  </Button>
                </Flex>
              </Cell>
            </tr>
          ))}
        </ScrollTable>
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
