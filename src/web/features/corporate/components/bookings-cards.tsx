import { Box, Button, chakra, Heading } from '@chakra-ui/react';
import { useId } from 'react';
import { BOOKING_STATUS_LABELS } from '../../../../domain/booking-lifecycle';
import type { CorporateBooking } from '../../../../contract/corporate';
import { formatAmount, formatDay, paymentLabel, rideTypeLabel } from '../lib/format';

function BookingCard({
  booking,
  onDetails,
}: {
  booking: CorporateBooking;
  onDetails: (bookingNumber: string) => void;
}) {
  const headingId = useId();
  // The table's columns, as label and value; the number is the card's heading.
  const rows: [string, string][] = [
    ['Pickup', booking.pick_up_address],
    ['Destination', booking.drop_off_address || '—'],
    ['Pickup Date', formatDay(booking.pick_up_date)],
    ['Pickup Time', booking.pick_up_time],
    ['Vehicle', booking.fleet_category.category_name],
    ['Payment Method', paymentLabel(booking.payment_method)],
    ['Booking Amount', formatAmount(booking.total_booking_amount, booking.currency)],
    ['Booking Type', rideTypeLabel(booking.ride_type)],
    ['Status', BOOKING_STATUS_LABELS[booking.status]],
  ];
  return (
    <Box
      as="article"
      aria-labelledby={headingId}
      bg="white"
      borderWidth="1px"
      borderColor="gray.200"
      rounded="md"
      p={4}
    >
      <Heading as="h2" id={headingId} size="md" mb={2} color="gray.900">
        Booking Number {booking.booking_number}
      </Heading>
      <chakra.dl
        display="grid"
        gridTemplateColumns="minmax(7.5rem, auto) 1fr"
        columnGap={3}
        rowGap={1}
        fontSize="sm"
      >
        {rows.map(([label, value]) => (
          <Box key={label} display="contents">
            <chakra.dt fontWeight="semibold" color="gray.700">
              {label}
            </chakra.dt>
            <chakra.dd color="gray.900" overflowWrap="anywhere">
              {value}
            </chakra.dd>
          </Box>
        ))}
      </chakra.dl>
      <Button
        type="button"
        size="sm"
        variant="outline"
        colorPalette="brand"
        mt={3}
        aria-label={`Details of booking ${booking.booking_number}`}
        onClick={() => onDetails(booking.booking_number)}
      >
        Details
      </Button>
    </Box>
  );
}

/**
 * One page of the bookings on a phone: a list of cards, each with the table's columns as
 * labelled lines, so nothing needs scrolling sideways and Details sits under its booking.
 */
export function BookingsCards({
  bookings,
  onDetails,
}: {
  bookings: readonly CorporateBooking[];
  onDetails: (bookingNumber: string) => void;
}) {
  return (
    <chakra.ol listStyleType="none" display="grid" gap={3} aria-label="Your bookings, newest first">
      {bookings.map((booking) => (
        <li key={booking.booking_number}>
          <BookingCard booking={booking} onDetails={onDetails} />
        </li>
      ))}
    </chakra.ol>
  );
}
