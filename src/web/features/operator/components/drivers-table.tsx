import { Button, Flex, Text } from '@chakra-ui/react';
import { useId } from 'react';
import type { Driver } from '../../../../contract/operator';
import { formatDay } from '../lib/format';
import { Cell, NoWrapCell, RowHead, ScrollTable, Tag } from './table-parts';

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

/** The drivers, each with Edit and Deactivate (or Reactivate); the company's column for the admin. */
export function DriversTable({
  drivers,
  showCompany,
  toggling,
  onEdit,
  onSetActive,
}: {
  drivers: readonly Driver[];
  showCompany: boolean;
  /** A driver's active state is being saved. */
  toggling: boolean;
  onEdit: (driver: Driver) => void;
  onSetActive: (driver: Driver, active: boolean) => void;
}) {
  const captionId = useId();
  return (
    <ScrollTable
      captionId={captionId}
      caption="Drivers"
      minW={showCompany ? '72rem' : '64rem'}
      columns={driverColumns(showCompany)}
    >
      {drivers.map((driver) => (
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
          {showCompany ? <Cell>{driver.company_name}</Cell> : null}
          <Cell>
            <Flex gap={2}>
              <Button
                type="button"
                size="sm"
                variant="outline"
                aria-haspopup="dialog"
                // Starts with the visible word, so voice control still finds it.
                aria-label={`Edit ${driver.name}`}
                onClick={() => onEdit(driver)}
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
                aria-disabled={toggling}
                onClick={() => {
                  if (!toggling) onSetActive(driver, !driver.active);
                }}
              >
                {driver.active ? 'Deactivate' : 'Reactivate'}
              </Button>
            </Flex>
          </Cell>
        </tr>
      ))}
    </ScrollTable>
  );
}
