import { Flex, Text } from '@chakra-ui/react';
import { useId } from 'react';
import type { Vehicle } from '../../../../../contract/operator-vehicles';
import { DocumentCell } from '../../components/document-flags';
import { RowButton } from '../../components/row-button';
import { Cell, NoWrapCell, RowHead, ScrollTable } from '../../components/table-parts';
import { carName } from '../../lib/vehicle-text';

export function vehicleColumns(showCompany: boolean): string[] {
  const columns = [
    'Registration',
    'Vehicle',
    'Seats',
    'Category',
    'PHV vehicle licence',
    'MOT',
    'Insurance',
    'Status',
  ];
  return showCompany ? [...columns, 'Company', 'Actions'] : [...columns, 'Actions'];
}

/**
 * The vehicles, each with its documents' expiry (dd/mm/yyyy) and flag (Expired, Expires in N
 * days, Not recorded), and Edit and Deactivate (or Reactivate); the company's column for the
 * admin.
 */
export function VehiclesTable({
  vehicles,
  showCompany,
  toggling,
  onEdit,
  onSetActive,
}: {
  vehicles: readonly Vehicle[];
  showCompany: boolean;
  /** A vehicle's active state is being saved. */
  toggling: boolean;
  onEdit: (vehicle: Vehicle) => void;
  onSetActive: (vehicle: Vehicle, active: boolean) => void;
}) {
  const captionId = useId();
  return (
    <ScrollTable
      captionId={captionId}
      caption="Vehicles"
      minW={showCompany ? '80rem' : '72rem'}
      columns={vehicleColumns(showCompany)}
    >
      {vehicles.map((vehicle) => (
        <tr key={vehicle.id}>
          <RowHead scope="row">{vehicle.registration}</RowHead>
          <Cell>{carName(vehicle) || '—'}</Cell>
          <Cell>{String(vehicle.seats)}</Cell>
          <Cell>{vehicle.category_name}</Cell>
          <NoWrapCell>
            {vehicle.phv_licence_number ? <Text>{vehicle.phv_licence_number}</Text> : null}
            <DocumentCell status={vehicle.documents.phv_licence} />
          </NoWrapCell>
          <NoWrapCell>
            <DocumentCell status={vehicle.documents.mot} />
          </NoWrapCell>
          <NoWrapCell>
            <DocumentCell status={vehicle.documents.insurance} />
          </NoWrapCell>
          <Cell>{vehicle.active ? 'Active' : 'Inactive'}</Cell>
          {showCompany ? <Cell>{vehicle.company_name}</Cell> : null}
          <Cell>
            <Flex gap={2}>
              <RowButton
                text="Edit"
                subject={vehicle.registration}
                dialog
                onClick={() => onEdit(vehicle)}
              />
              <RowButton
                text={vehicle.active ? 'Deactivate' : 'Reactivate'}
                subject={vehicle.registration}
                danger={vehicle.active}
                busy={toggling}
                onClick={() => onSetActive(vehicle, !vehicle.active)}
              />
            </Flex>
          </Cell>
        </tr>
      ))}
    </ScrollTable>
  );
}
