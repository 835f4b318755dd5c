import { Box, chakra, Heading } from '@chakra-ui/react';
import { useId } from 'react';
import type { BookingData } from '../../../../contract/bookings';
import { BOOKING_MESSAGES } from '../../../../domain/messages';
import { formatMoney, poundsToPence } from '../../../../domain/money';
import { formatDateGB } from '../../../../domain/time';

/** 'Pay by Card' is the corporate list's wording for a card payment (spec section 2). */
const PAY_BY_CARD_LABEL = 'Pay by Card';

type Row = { label: string; value: string };

/**
 * The total as the success page shows it: ROUND_OFF 'yes' shows whole pounds (spec section
 * 9), otherwise pounds and pence.
 */
export function formatTotal(amount: number, currency: string, roundOff: boolean): string {
  if (!roundOff) return formatMoney(poundsToPence(amount), currency);
  const pounds = Math.round(amount);
  return `${pounds < 0 ? '-' : ''}${currency}${Math.abs(pounds).toLocaleString('en-GB')}`;
}

function hours(count: number): string {
  return `${count} ${count === 1 ? 'hour' : 'hours'}`;
}

function Rows({ rows }: { rows: readonly Row[] }) {
  return (
    <chakra.dl
      display="grid"
      gridTemplateColumns="minmax(9rem, auto) 1fr"
      columnGap={3}
      rowGap={1.5}
      fontSize="sm"
    >
      {rows.map((row) => (
        <Box key={row.label} display="contents">
          <chakra.dt fontWeight="semibold" color="gray.700">
            {row.label}
          </chakra.dt>
          <chakra.dd color="gray.900" overflowWrap="anywhere">
            {row.value || '—'}
          </chakra.dd>
        </Box>
      ))}
    </chakra.dl>
  );
}

function Part({ title, children }: { title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <Box as="section" aria-labelledby={id} mt={5}>
      <Heading as="h3" id={id} size="md" mb={2} color="gray.900">
        {title}
      </Heading>
      {children}
    </Box>
  );
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

  const summary: Row[] = [
    { label: 'Reference ID', value: booking.booking_number },
    {
      label: 'Booking Type',
      value: hourly ? BOOKING_MESSAGES.hourlyBooking : BOOKING_MESSAGES.normalBooking,
    },
  ];
  const outward: Row[] = [
    { label: 'Pickup Address', value: booking.pick_up_address },
    ...(hourly ? [] : [{ label: 'Drop Off', value: booking.drop_off_address }]),
    { label: 'Pickup Date', value: formatDateGB(booking.pick_up_date) },
    { label: 'Pickup Time', value: booking.pick_up_time },
  ];
  const returnRows: Row[] = [
    { label: 'Return From', value: booking.return_pickup_address ?? '' },
    { label: 'Return To', value: booking.return_dropoff_address ?? '' },
    { label: 'Return Date', value: booking.return_date ? formatDateGB(booking.return_date) : '' },
    { label: 'Return Time', value: booking.return_time ?? '' },
  ];
  const payment: Row[] = [
    ...(hourly && booking.hourly_duration !== null
      ? [{ label: 'Hourly Duration', value: hours(booking.hourly_duration) }]
      : []),
    {
      label: 'Payment Method',
      value: booking.payment_method === 'car' ? BOOKING_MESSAGES.payInCar : PAY_BY_CARD_LABEL,
    },
    {
      label: 'Total Booking Amount',
      value: formatTotal(booking.total_booking_amount, currency, roundOff),
    },
  ];
  const passenger: Row[] = [
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
      <Part title="Outward Journey">
        <Rows rows={outward} />
      </Part>
      {hasReturn ? (
        <Part title="Return Journey">
          <Rows rows={returnRows} />
        </Part>
      ) : null}
      <Box mt={5}>
        <Rows rows={payment} />
      </Box>
      {bookingStops.length > 0 ? (
        <Part title="Stops during travel">
          <chakra.ol listStyleType="none" display="grid" gap={3}>
            {bookingStops.map((stop, index) => (
              <li key={stop.id} aria-label={`Stop ${index + 1}`}>
                <Rows
                  rows={[
                    { label: 'Address', value: stop.stop_address },
                    { label: 'Post Code', value: stop.stop_post_code },
                  ]}
                />
              </li>
            ))}
          </chakra.ol>
        </Part>
      ) : null}
      <Part title="Passenger Details">
        <Rows rows={passenger} />
      </Part>
    </Box>
  );
}
