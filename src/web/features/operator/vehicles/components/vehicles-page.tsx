import { Box, Button, Flex, Heading, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { Vehicle } from '../../../../../contract/operator-vehicles';
import { LoadingBlock } from '../../../../components/loading-block';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { CONSOLE_TITLE } from '../../components/console-title';
import { AlertMessage, ErrorPanel } from '../../../../components/status-panels';
import { FormDialog } from '../../components/form-dialog';
import { useOperator } from '../../components/operator-layout';
import { PageNotice, activeNotice } from '../../components/page-notice';
import { ForRoles } from '../../fleet/components/role-refusal';
import { usePageNotice } from '../../hooks/use-page-notice';
import { useConsoleVehicles } from '../api/get-vehicles';
import { useSaveVehicle } from '../api/save-vehicle';
import { VehicleForm } from './vehicle-form';
import { VehiclesTable } from './vehicles-table';

type Editing = { vehicle: Vehicle | null } | null;

/**
 * /operator/vehicles (issue 34): the company's private hire vehicles (every company's for the
 * admin) with their PHV licence, MOT and insurance, flagged as each nears expiry; a manager's
 * and the admin's to add and change.
 */
export function VehiclesPage() {
  useDocumentTitle(`Vehicles — ${CONSOLE_TITLE}`);
  return (
    <ForRoles roles={['admin', 'manager']} title="Vehicles">
      <VehiclesScreen />
    </ForRoles>
  );
}

function VehiclesScreen() {
  const isAdmin = useOperator().role === 'admin';
  const vehicles = useConsoleVehicles();
  const toggle = useSaveVehicle();
  const [editing, setEditing] = useState<Editing>(null);
  const { notice, setNotice, attempt } = usePageNotice('Changing the vehicle');

  const setActive = (vehicle: Vehicle, active: boolean) =>
    attempt(async () => {
      await toggle.mutateAsync({ id: vehicle.id, body: { active } });
      return activeNotice(vehicle.registration, active);
    });

  return (
    <Box>
      <Flex alignItems="center" justifyContent="space-between" gap={3} flexWrap="wrap" mb={5}>
        <Heading as="h1" size="2xl" color="gray.900">
          Vehicles
        </Heading>
        <Button
          type="button"
          colorPalette="brand"
          aria-haspopup="dialog"
          onClick={() => setEditing({ vehicle: null })}
        >
          Add vehicle
        </Button>
      </Flex>
      <Text mb={4} color="gray.800">
        A vehicle can be sent on a job only while its PHV vehicle licence, MOT and insurance are in
        date; each is flagged 30 days before it expires.
      </Text>
      <PageNotice notice={notice} />
      {toggle.isError ? (
        <Box mb={3}>
          <AlertMessage>{toggle.error.message}</AlertMessage>
        </Box>
      ) : null}
      {vehicles.isPending ? (
        <LoadingBlock label="Loading vehicles…" />
      ) : vehicles.isError ? (
        <ErrorPanel
          message={`We could not load the vehicles. ${vehicles.error.message}`}
          retrying={vehicles.isFetching}
          onRetry={() => void vehicles.refetch()}
        />
      ) : vehicles.data.length === 0 ? (
        <Text>No vehicles yet. Add the first one.</Text>
      ) : (
        <VehiclesTable
          vehicles={vehicles.data}
          showCompany={isAdmin}
          toggling={toggle.isPending}
          onEdit={(vehicle) => setEditing({ vehicle })}
          onSetActive={(vehicle, active) => void setActive(vehicle, active)}
        />
      )}
      <FormDialog
        open={editing !== null}
        title={editing?.vehicle ? `Edit ${editing.vehicle.registration}` : 'Add vehicle'}
        onClose={() => setEditing(null)}
      >
        {editing ? (
          <VehicleForm
            vehicle={editing.vehicle}
            isAdmin={isAdmin}
            onSaved={(saved) => {
              setEditing(null);
              setNotice(`${saved.registration} is saved.`);
            }}
          />
        ) : null}
      </FormDialog>
    </Box>
  );
}
