import { Box, Link, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { BoardBooking } from '../../../../contract/operator';
import { operatorBookingPath } from '../../../config/routes';
import { formatPounds, formatUkMoment } from '../lib/format';
import { Cell, NoWrapCell, RowHead, ScrollTable, StatusTag, Tag } from './table-parts';

/** The board's columns in order; the admin's board adds the company. */
export function boardColumns(showCompany: boolean): string[] {
  const columns = [
    'Reference',
    'Pickup time',
    'Passenger',
    'From',
    'To',
    'Vehicle',
    'Status',
    'Amount',
  ];
  return showCompany ? [...columns, 'Company'] : columns;
}

/**
 * One page of the board. Each row's reference is a link to the booking, so Tab walks the rows;
 * a booking that arrived since the board opened carries 'New'.
 */
export function BoardTable({
  rows,
  fresh,
  showCompany,
}: {
  rows: readonly BoardBooking[];
  fresh: ReadonlySet<string>;
  showCompany: boolean;
}) {
  const captionId = useId();
  return (
    <ScrollTable
      captionId={captionId}
      caption="Bookings, by pickup time"
      minW={showCompany ? '68rem' : '60rem'}
      columns={boardColumns(showCompany)}
    >
      {rows.map((row) => (
        <Box
          as="tr"
          key={row.booking_number}
          bg={fresh.has(row.booking_number) ? 'blue.50' : undefined}
        >
          <RowHead scope="row">
            <Link asChild color="brand.fg" fontWeight="semibold">
              <RouterLink to={operatorBookingPath(row.booking_number)}>
                {row.booking_number}
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
          <NoWrapCell>{formatUkMoment(row.pickup_at)}</NoWrapCell>
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
