import { Box, chakra, Heading } from '@chakra-ui/react';
import { BOOKING_STATUS_LABELS } from '../../../../domain/booking-lifecycle';
import { useId } from 'react';
import type { BookingData } from '../../../../contract/bookings';
import { BOOKING_MESSAGES } from '../../../../domain/messages';
import { formatPounds, formatWholePounds } from '../../../../domain/money';
import { THANK_YOU_PAGE_PAYMENT_METHOD_LABELS } from '../../../../domain/payment-labels';
import { stopStreetLine } from '../../../../domain/stops';
import { formatDateGB } from '../../../../domain/time';
import { DetailRows, DetailsSection, type DetailRow } from '../../../components/detail-rows';

/**
 * The total as the success page shows it: ROUND_OFF 'yes' shows whole pounds (spec section
 * 9), otherwise pounds and pence.
 */
export function formatTotal(amount: number, currency: string, roundOff: boolean): string {
  return roundOff ? formatWholePounds(amount, currency) : formatPounds(amount, currency);
}

function hours(count: number): string {
  return `${count} ${count === 1 ? 'hour' : 'hours'}`;
}

function Rows({ rows }: { rows: readonly DetailRow[] }) {
  return <DetailRows rows={rows} labelWidth="9rem" />;
}

/** The spec's Booking Details on the success page, from the server's booking response. */
export function BookingDetails({
  data,
  currency,
  roundOff,
}: {
  data: BookingData;
  currency: string;
  roundOff: boolean;
}) {
  const headingId = useId();
  const { booking, bookingStops, passengerDetails } = data;
  const hourly = booking.ride_type === 'H';
  const hasReturn = booking.return_date !== null || booking.return_pickup_address !== null;

  const summary: DetailRow[] = [
    { label: 'Reference ID', value: booking.booking_number },
    {
      label: 'Booking Type',
      value: hourly ? BOOKING_MESSAGES.hourlyBooking : BOOKING_MESSAGES.normalBooking,
    },
  ];
  const outward: DetailRow[] = [
    { label: 'Pickup Address', value: booking.pick_up_address },
    ...(hourly ? [] : [{ label: 'Drop Off', value: booking.drop_off_address }]),
    { label: 'Pickup Date', value: formatDateGB(booking.pick_up_date) },
    { label: 'Pickup Time', value: booking.pick_up_time },
  ];
  const returnRows: DetailRow[] = [
    { label: 'Return From', value: booking.return_pickup_address ?? '' },
    { label: 'Return To', value: booking.return_dropoff_address ?? '' },
    { label: 'Return Date', value: booking.return_date ? formatDateGB(booking.return_date) : '' },
    { label: 'Return Time', value: booking.return_time ?? '' },
  ];
  // Not the spec's: the car and who runs it, and the flight the driver watches.
  const ride: DetailRow[] = [
    {
      label: 'Vehicle',
      value:
        booking.vehicle_count > 1
          ? `${booking.vehicle_count} x ${booking.vehicle_type}`
          : booking.vehicle_type,
    },
    { label: 'Operator', value: booking.company_name },
    ...(booking.flight_no ? [{ label: 'Flight Number', value: booking.flight_no }] : []),
    ...(booking.return_flight_no
      ? [{ label: 'Return Flight Number', value: booking.return_flight_no }]
      : []),
  ];
  const payment: DetailRow[] = [
    ...(hourly && booking.hourly_duration !== null
      ? [{ label: 'Hourly Duration', value: hours(booking.hourly_duration) }]
      : []),
    {
      label: 'Payment Method',
      value: THANK_YOU_PAGE_PAYMENT_METHOD_LABELS[booking.payment_method],
    },
    // Not the spec's: where the booking is now (Pending until the operator confirms it).
    { label: 'Status', value: BOOKING_STATUS_LABELS[booking.status] },
    {
      label: 'Total Booking Amount',
      value: formatTotal(booking.total_booking_amount, currency, roundOff),
    },
  ];
  const passenger: DetailRow[] = [
    { label: 'Email', value: passengerDetails.passenger_email },
    { label: 'Phone', value: passengerDetails.passenger_contact_no },
    { label: 'Name', value: passengerDetails.passenger_name },
    { label: 'Additional Info', value: passengerDetails.additional_info },
    ...(passengerDetails.return_additional_info
      ? [{ label: 'Return Additional Info', value: passengerDetails.return_additional_info }]
      : []),
    { label: 'Total Passengers', value: String(passengerDetails.total_passengers) },
  ];

  return (
    <Box as="section" aria-labelledby={headingId} layerStyle="card" p={{ base: 4, md: 6 }}>
      <Heading as="h2" id={headingId} size="lg" mb={3} color="gray.900">
        Booking Details
      </Heading>
      <Rows rows={summary} />
      <DetailsSection title="Outward Journey">
        <Rows rows={outward} />
      </DetailsSection>
      {hasReturn ? (
        <DetailsSection title="Return Journey">
          <Rows rows={returnRows} />
        </DetailsSection>
      ) : null}
      <DetailsSection title="Your Ride">
        <Rows rows={ride} />
      </DetailsSection>
      <Box mt={5}>
        <Rows rows={payment} />
      </Box>
      {bookingStops.length > 0 ? (
        <DetailsSection title="Stops during travel">
          <chakra.ol listStyleType="none" display="grid" gap={3}>
            {bookingStops.map((stop, index) => (
              <li key={stop.id} aria-label={`Stop ${index + 1}`}>
                <Rows
                  rows={[
                    {
                      label: 'Address',
                      value: stopStreetLine(stop.stop_street_number, stop.stop_address),
                    },
                    { label: 'Post Code', value: stop.stop_post_code },
                  ]}
                />
              </li>
            ))}
          </chakra.ol>
        </DetailsSection>
      ) : null}
      <DetailsSection title="Passenger Details">
        <Rows rows={passenger} />
      </DetailsSection>
    </Box>
  );
}
