import { Button } from '@chakra-ui/react';
import {
  AddressCell,
  Cell,
  NoWrapCell,
  RowHead,
  ScrollTable,
} from '../../../components/data-table';
import { useId } from 'react';
import { BOOKING_STATUS_LABELS } from '../../../../domain/booking-lifecycle';
import type { CorporateBooking } from '../../../../contract/corporate';
import { formatAmount, formatDay, paymentLabel, rideTypeLabel } from '../lib/format';

/** The spec's columns, in its order (section 2, Corporate area). */
export const BOOKING_COLUMNS = [
  'Booking Number',
  'Pickup',
  'Destination',
  'Pickup Date',
  'Pickup Time',
  'Vehicle',
  'Payment Method',
  'Booking Amount',
  'Booking Type',
  // Not the spec's: where the booking is in its life (issue 21).
  'Status',
  'Actions',
] as const;

/**
 * One page of the bookings as a table (wide screens; phones get bookings-cards.tsx). Should
 * the window still be too narrow for it (zoomed text), it scrolls sideways inside a labelled,
 * focusable region that keyboard users scroll with the arrow keys.
 */
export function BookingsTable({
  bookings,
  onDetails,
}: {
  bookings: readonly CorporateBooking[];
  onDetails: (bookingNumber: string) => void;
}) {
  const captionId = useId();
  return (
    <ScrollTable
      captionId={captionId}
      caption="Your bookings, newest first"
      minW="54rem"
      columns={BOOKING_COLUMNS}
    >
      {bookings.map((booking) => (
        <tr key={booking.booking_number}>
          <RowHead scope="row">{booking.booking_number}</RowHead>
          <AddressCell>{booking.pick_up_address}</AddressCell>
          <AddressCell>{booking.drop_off_address || '—'}</AddressCell>
          <NoWrapCell>{formatDay(booking.pick_up_date)}</NoWrapCell>
          <Cell>{booking.pick_up_time}</Cell>
          <Cell>{booking.fleet_category.category_name}</Cell>
          <NoWrapCell>{paymentLabel(booking.payment_method)}</NoWrapCell>
          <NoWrapCell>{formatAmount(booking.total_booking_amount, booking.currency)}</NoWrapCell>
          <Cell>{rideTypeLabel(booking.ride_type)}</Cell>
          <NoWrapCell>{BOOKING_STATUS_LABELS[booking.status]}</NoWrapCell>
          <Cell>
            <Button
              type="button"
              size="sm"
              variant="outline"
              colorPalette="brand"
              // The name starts with the visible word, so voice control ("click Details")
              // still finds it; the number tells screen reader users which row it opens.
              aria-label={`Details of booking ${booking.booking_number}`}
              onClick={() => onDetails(booking.booking_number)}
            >
              Details
            </Button>
          </Cell>
        </tr>
      ))}
    </ScrollTable>
  );
}
