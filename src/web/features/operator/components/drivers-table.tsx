import { Button, Flex, Text } from '@chakra-ui/react';
import { useId } from 'react';
import type { Driver } from '../../../../contract/operator-drivers';
import { DISPATCH_RECORD_TEXT } from '../../../../domain/vehicle-messages';
import { formatDay } from '../lib/format';
import { DocumentFlags } from './document-flags';
import { RowButton } from './row-button';
import { Cell, NoWrapCell, RowHead, ScrollTable, Tag } from './table-parts';

export function driverColumns(showCompany: boolean): string[] {
  const columns = [
    'Name',
    'Mobile',
    'Email',
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

/**
 * Invite to the driver app (issue 34): offered to a driver with an email; without one it says
 * why it cannot be pressed (aria-disabled keeps it in the tab order, so the reason is read).
 */
function InviteButton({
  driver,
  inviting,
  onInvite,
}: {
  driver: Driver;
  inviting: boolean;
  onInvite: (driver: Driver) => void;
}) {
  const reasonId = useId();
  const noEmail = driver.email === null;
  return (
    <Flex direction="column" gap={1}>
      <Button
        type="button"
        size="sm"
        variant="outline"
        aria-label={`Invite to the driver app: ${driver.name}`}
        aria-disabled={noEmail || inviting}
        aria-describedby={noEmail ? reasonId : undefined}
        onClick={() => {
          if (!noEmail && !inviting) onInvite(driver);
        }}
      >
        Invite to the driver app
      </Button>
      {noEmail ? (
        <Text id={reasonId} fontSize="xs" color="gray.800">
          {DISPATCH_RECORD_TEXT.inviteNeedsEmail}
        </Text>
      ) : null}
    </Flex>
  );
}

/**
 * The drivers, each with Edit, Deactivate (or Reactivate) and Invite to the driver app; their
 * licence's flag and their usual vehicle's documents' flags; the company's column for the admin.
 */
export function DriversTable({
  drivers,
  showCompany,
  toggling,
  inviting,
  onEdit,
  onSetActive,
  onInvite,
}: {
  drivers: readonly Driver[];
  showCompany: boolean;
  /** A driver's active state is being saved. */
  toggling: boolean;
  /** An invitation is being sent. */
  inviting: boolean;
  onEdit: (driver: Driver) => void;
  onSetActive: (driver: Driver, active: boolean) => void;
  onInvite: (driver: Driver) => void;
}) {
  const captionId = useId();
  return (
    <ScrollTable
      captionId={captionId}
      caption="Drivers"
      minW={showCompany ? '84rem' : '76rem'}
      columns={driverColumns(showCompany)}
    >
      {drivers.map((driver) => (
        <tr key={driver.id}>
          <RowHead scope="row">{driver.name}</RowHead>
          <NoWrapCell>{driver.mobile}</NoWrapCell>
          <Cell>{driver.email ?? '—'}</Cell>
          <Cell>{driver.licence_number}</Cell>
          <NoWrapCell>
            <Text>{formatDay(driver.licence_expiry)}</Text>
            <LicenceFlag state={driver.licence_state} />
          </NoWrapCell>
          <NoWrapCell>
            <Text>{driver.vehicle_registration}</Text>
            {driver.vehicle ? <DocumentFlags documents={driver.vehicle.documents} /> : null}
          </NoWrapCell>
          <Cell>{driver.category_name}</Cell>
          <Cell>{driver.active ? 'Active' : 'Inactive'}</Cell>
          {showCompany ? <Cell>{driver.company_name}</Cell> : null}
          <Cell>
            <Flex gap={2}>
              <RowButton text="Edit" subject={driver.name} dialog onClick={() => onEdit(driver)} />
              <RowButton
                text={driver.active ? 'Deactivate' : 'Reactivate'}
                subject={driver.name}
                danger={driver.active}
                busy={toggling}
                onClick={() => onSetActive(driver, !driver.active)}
              />
              <InviteButton driver={driver} inviting={inviting} onInvite={onInvite} />
            </Flex>
          </Cell>
        </tr>
      ))}
    </ScrollTable>
  );
}
