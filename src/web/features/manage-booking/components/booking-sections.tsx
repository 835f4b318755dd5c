import { Box, chakra, Heading, Text } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';
import type { ManagedBooking } from '../../../../contract/manage-booking';
import { BOOKING_STATUS_LABELS } from '../../../../domain/booking-lifecycle';
import { formatPounds } from '../../../../domain/money';
import {
  BOOKING_PAGE_ENTRY_STATUS_LABELS,
  BOOKING_PAGE_PAYMENT_KIND_LABELS,
  BOOKING_PAGE_PAYMENT_METHOD_LABELS,
  PAYMENT_REASON_LABELS,
  paymentEntryStatusLabel,
} from '../../../../domain/payment-labels';
import { PAYMENT_STATE_LABELS } from '../../../../domain/payment-state';
import { extrasRows, journeyRows } from '../../../components/booking-detail-rows';
import { DetailRows, type DetailRow } from '../../../components/detail-rows';
import { formatUkMoment } from '../../../lib/format-uk-moment';
import { breakdownLines } from '../lib/format';

/** A titled part of the page, named by its heading. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box as="section" aria-labelledby={id} layerStyle="card" bg="white" p={{ base: 4, md: 5 }}>
      <Heading as="h2" id={id} size="lg" mb={3} color="gray.900">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

const LABEL_WIDTH = '10rem';

/** What happened to the booking, oldest first: when (UK time), the new status, who, and why. */
export function StatusTimeline({ history }: { history: ManagedBooking['history'] }) {
  if (history.length === 0) return null;
  return (
    <chakra.ol listStyleType="none" display="grid" gap={2} fontSize="sm" aria-label="Timeline">
      {history.map((entry, index) => (
        <chakra.li key={`${entry.at}-${index}`} color="gray.900">
          <time dateTime={entry.at}>{formatUkMoment(entry.at)}</time>
          {' — '}
          <chakra.span fontWeight="semibold">{BOOKING_STATUS_LABELS[entry.to_status]}</chakra.span>
          {` — ${entry.actor_name}`}
          {entry.note ? ` — ${entry.note}` : null}
        </chakra.li>
      ))}
    </chakra.ol>
  );
}

/** Once assigned: the driver's first name, the vehicle and its registration. */
export function DriverDetails({ driver }: { driver: NonNullable<ManagedBooking['driver']> }) {
  return (
    <>
      <Text fontSize="lg" fontWeight="semibold" color="gray.900" mb={2}>
        Your driver: {driver.first_name}
      </Text>
      <DetailRows
        labelWidth={LABEL_WIDTH}
        rows={[
          { label: 'Vehicle', value: driver.vehicle_type },
          { label: 'Registration', value: driver.vehicle_registration },
        ]}
      />
    </>
  );
}

export function JourneyDetails({ booking }: { booking: ManagedBooking }) {
  return <DetailRows rows={journeyRows(booking.booking, 'Operator')} labelWidth={LABEL_WIDTH} />;
}

/** One leg's extras (a return trip shows each leg's own). */
export function ExtrasDetails({ leg }: { leg: Parameters<typeof extrasRows>[0] }) {
  return <DetailRows labelWidth={LABEL_WIDTH} rows={extrasRows(leg)} />;
}

export function PassengerDetails({ booking }: { booking: ManagedBooking }) {
  const p = booking.booking.passengerDetails;
  return (
    <DetailRows
      labelWidth={LABEL_WIDTH}
      rows={[
        { label: 'Name', value: p.passenger_name },
        { label: 'Email', value: p.passenger_email },
        { label: 'Contact number', value: p.passenger_contact_no },
        { label: 'Passengers', value: String(p.total_passengers) },
        { label: 'Additional information', value: p.additional_info },
      ]}
    />
  );
}

/** The price's parts, the total, how it is paid, each charge and refund, and what is paid now. */
export function PriceDetails({ booking }: { booking: ManagedBooking }) {
  const record = booking.booking.booking;
  const rows: DetailRow[] = [
    ...breakdownLines(record.breakdown),
    { label: 'Total', value: formatPounds(record.total_booking_amount) },
    { label: 'Payment', value: BOOKING_PAGE_PAYMENT_METHOD_LABELS[record.payment_method] },
    { label: 'Paid', value: formatPounds(booking.paid_amount) },
    { label: 'Payment status', value: PAYMENT_STATE_LABELS[booking.payment_state] },
  ];
  return (
    <>
      <DetailRows rows={rows} labelWidth={LABEL_WIDTH} />
      {booking.payments.length > 0 ? (
        <Box mt={4}>
          <Heading as="h3" size="md" mb={2} color="gray.900">
            Payments and refunds
          </Heading>
          <chakra.ul
            listStyleType="none"
            display="grid"
            gap={1.5}
            fontSize="sm"
            aria-label="Payments and refunds"
          >
            {booking.payments.map((entry) => (
              <chakra.li key={entry.id} color="gray.900">
                <time dateTime={entry.created_at}>{formatUkMoment(entry.created_at)}</time>
                {` — ${BOOKING_PAGE_PAYMENT_KIND_LABELS[entry.kind]}`}
                {` (${PAYMENT_REASON_LABELS[entry.reason]})`}
                {` — ${formatPounds(entry.amount)} — `}
                <chakra.span fontWeight="semibold">
                  {paymentEntryStatusLabel(entry, BOOKING_PAGE_ENTRY_STATUS_LABELS)}
                </chakra.span>
              </chakra.li>
            ))}
          </chakra.ul>
        </Box>
      ) : null}
    </>
  );
}
