import { Box, Link, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { BoardJob } from '../../../../contract/operator';
import { JOB_LEG_LABELS } from '../../../../domain/booking-jobs';
import { operatorJobPath } from '../../../config/routes';
import { formatPounds, formatUkMoment } from '../lib/format';
import { offerText } from '../lib/vehicle-text';
import { FlightNote } from './flight-note';
import { Cell, NoWrapCell, RowHead, ScrollTable, StatusTag, Tag } from './table-parts';

/** The board's columns in order; the admin's board adds the company. */
export function boardColumns(showCompany: boolean): string[] {
  const columns = [
    'Reference',
    'Leg',
    'Pickup time',
    'Passenger',
    'From',
    'To',
    'Vehicle',
    'Driver',
    'Status',
    'Amount',
  ];
  return showCompany ? [...columns, 'Company'] : columns;
}

/**
 * One page of the board, a row per job (each leg of a booking, under its own pickup time). Each
 * row's reference is a link to the booking's page opened on that leg, so Tab walks the rows; a
 * booking that arrived since the board opened carries 'New' on each of its legs.
 */
export function BoardTable({
  rows,
  fresh,
  showCompany,
}: {
  rows: readonly BoardJob[];
  fresh: ReadonlySet<string>;
  showCompany: boolean;
}) {
  const captionId = useId();
  return (
    <ScrollTable
      captionId={captionId}
      caption="Bookings, by pickup time"
      minW={showCompany ? '78rem' : '70rem'}
      columns={boardColumns(showCompany)}
    >
      {rows.map((row) => (
        <Box as="tr" key={row.job_ref} bg={fresh.has(row.booking_number) ? 'blue.50' : undefined}>
          <RowHead scope="row">
            <Link asChild color="brand.fg" fontWeight="semibold">
              <RouterLink to={operatorJobPath(row.booking_number, row.leg)}>
                {row.job_ref}
              </RouterLink>
            </Link>
            {fresh.has(row.booking_number) ? (
              <Box as="span" ms={2}>
                <Tag bg="blue.600" color="white">
                  New
                </Tag>
              </Box>
            ) : null}
          </RowHead>
          <Cell>{JOB_LEG_LABELS[row.leg]}</Cell>
          <NoWrapCell>
            {formatUkMoment(row.pickup_at)}
            <FlightNote flight={row.flight} />
          </NoWrapCell>
          <Cell>
            <Text>{row.passenger_name}</Text>
            <Text color="gray.700">{row.passenger_phone}</Text>
          </Cell>
          <Cell minW="10rem">{row.pick_up_address}</Cell>
          <Cell minW="10rem">{row.drop_off_address || '—'}</Cell>
          <Cell>
            {row.vehicle_count > 1
              ? `${row.vehicle_type} × ${row.vehicle_count}`
              : row.vehicle_type}
          </Cell>
          <Cell>{row.driver_name ?? (row.offer ? offerText(row.offer) : '—')}</Cell>
          <Cell>
            <StatusTag status={row.status} />
          </Cell>
          <NoWrapCell>{formatPounds(row.total_booking_amount)}</NoWrapCell>
          {showCompany ? <Cell>{row.company_name}</Cell> : null}
        </Box>
      ))}
    </ScrollTable>
  );
}
