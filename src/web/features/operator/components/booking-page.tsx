import { Box, chakra, Heading, Link, Text } from '@chakra-ui/react';
import { pickupInstant } from '../lib/step-confirmation';
import { useId, type ReactNode } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import type { OperatorBooking } from '../../../../contract/operator';
import type { JobLeg } from '../../../../domain/booking-jobs';
import { BOOKING_STATUS_LABELS } from '../../../../domain/booking-lifecycle';
import { OPERATOR_MESSAGES } from '../../../../domain/messages';
import { CONSOLE_PAYMENT_METHOD_LABELS } from '../../../../domain/payment-labels';
import { legExtrasSections } from '../../../../contract/leg-extras-lines';
import { breakdownLines } from '../../../../contract/price-details';
import { extrasRows, journeyRows } from '../../../components/booking-detail-rows';
import { DetailRows, type DetailRow } from '../../../components/detail-rows';
import { AlertMessage } from '../../../components/status-panels';
import { flightRows } from '../../../lib/flight-rows';
import { LoadingBlock } from '../../../components/loading-block';
import { JOB_LEG_PARAM, OPERATOR_ROUTES } from '../../../config/routes';
import { ApiError } from '../../../lib/api-client';
import { useOperatorBooking } from '../api/get-booking';
import { formatPounds, formatUkMoment, PAYMENT_STATE_LABELS } from '../lib/format';
import { ErrorPanel } from '../../../components/status-panels';
import { JobLegs } from './job-legs';
import { PaymentsTable } from './payments-table';
import { TextMessagesTable } from './text-messages-table';
import { MadeFromRequest } from '../requests/components/made-from-request';
import { StatusControls } from './status-controls';
import { TrailSection } from '../live/components/trail-section';
import { useConsoleBookingLive } from '../live/hooks/use-console-live';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CONSOLE_TITLE } from './console-title';
import { DISPATCH_RECORD_TEXT } from '../../../../domain/vehicle-messages';
import { carName } from '../lib/vehicle-text';

/** Each tracked flight (issue 35): what it is doing and the meet time, with any warning. */
function FlightSections({ flights, legs }: { flights: OperatorBooking['flights']; legs: number }) {
  return flights.map((flight) => (
    <Section key={flight.leg} title={flights.length > 1 ? `Flight (${flight.leg})` : 'Flight'}>
      {flight.warning ? <AlertMessage>{flight.warning}</AlertMessage> : null}
      <DetailRows rows={flightRows(flight, legs)} labelWidth="9rem" />
    </Section>
  ));
}

/** A titled part of the page, named by its heading; a wide one spans both columns. */
function Section({
  title,
  wide = false,
  children,
}: {
  title: string;
  wide?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Box
      as="section"
      aria-labelledby={id}
      layerStyle="card"
      bg="white"
      p={{ base: 4, md: 5 }}
      gridColumn={wide ? { lg: 'span 2' } : undefined}
    >
      <Heading as="h2" id={id} size="lg" mb={3} color="gray.900">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

const count = (value: number) => String(value);

function passengerRows({ passengerDetails: p }: OperatorBooking['booking']): DetailRow[] {
  const rows: DetailRow[] = [
    { label: 'Name', value: p.passenger_name },
    { label: 'Email', value: p.passenger_email },
    { label: 'Phone', value: p.passenger_contact_no },
    { label: 'Passengers', value: count(p.total_passengers) },
    { label: 'Additional info', value: p.additional_info },
  ];
  if (p.return_additional_info) {
    rows.push({ label: 'Return additional info', value: p.return_additional_info });
  }
  return rows;
}

function priceRows(data: OperatorBooking): DetailRow[] {
  const parts = breakdownLines(data.booking.booking.breakdown).map((line) => ({
    label: line.label,
    value: formatPounds(line.amount),
  }));
  return [
    ...parts,
    { label: 'Total', value: formatPounds(data.booking.booking.total_booking_amount) },
    { label: 'Payment method', value: CONSOLE_PAYMENT_METHOD_LABELS[data.payment_method] },
    { label: 'Payment', value: PAYMENT_STATE_LABELS[data.payment_state] },
  ];
}

/**
 * What the passenger has paid by card: the ledger's net, or for a booking paid before the
 * ledger was kept (no entries), its total.
 */
function cardPaid(data: OperatorBooking): number {
  return data.payments.length > 0 ? data.paid_amount : data.booking.booking.total_booking_amount;
}

function driverRows(data: OperatorBooking): DetailRow[] {
  if (!data.driver) return [];
  // The outward job's vehicle and dispatcher: a licensed operator's record (issue 34).
  const job = data.jobs[0];
  const car = job?.vehicle ? carName(job.vehicle) : '';
  return [
    { label: 'Name', value: data.driver.name },
    { label: 'Mobile', value: data.driver.mobile },
    {
      label: 'Vehicle registration',
      value: data.vehicle_registration ?? data.driver.vehicle_registration,
    },
    ...(car ? [{ label: 'Vehicle', value: car }] : []),
    ...(job?.dispatched_by ? [{ label: 'Dispatched by', value: job.dispatched_by }] : []),
  ];
}

function History({ entries }: { entries: OperatorBooking['history'] }) {
  if (entries.length === 0) return <Text>No changes yet.</Text>;
  return (
    <chakra.ol listStyleType="none" display="grid" gap={2} fontSize="sm">
      {entries.map((entry, index) => (
        <chakra.li key={`${entry.at}-${index}`} color="gray.900">
          {[
            formatUkMoment(entry.at),
            entry.from_status
              ? `${BOOKING_STATUS_LABELS[entry.from_status]} → ${BOOKING_STATUS_LABELS[entry.to_status]}`
              : `Booked as ${BOOKING_STATUS_LABELS[entry.to_status]}`,
            `by ${entry.actor_name}`,
            ...(entry.note ? [entry.note] : []),
          ].join(' — ')}
        </chakra.li>
      ))}
    </chakra.ol>
  );
}

function DriverSection({ rows }: { rows: ReturnType<typeof driverRows> }) {
  return (
    <Section title="Driver">
      {rows.length ? (
        <DetailRows rows={rows} labelWidth="9rem" />
      ) : (
        <Text>No driver assigned yet.</Text>
      )}
    </Section>
  );
}

function BookingView({ data, leg }: { data: OperatorBooking; leg: JobLeg | undefined }) {
  const { booking } = data.booking;
  const bookingNumber = booking.booking_number;
  const twoLegs = data.jobs.length > 1;
  const driver = driverRows(data);
  const assign = {
    companyId: data.company_id,
    current: { driverId: data.driver?.id ?? null, vehicleId: data.jobs[0]?.vehicle?.id ?? null },
    booked: { categoryId: data.category_id, vehicleType: data.booking.booking.vehicle_type },
  };
  return (
    <Box display="grid" gap={5}>
      <StatusControls
        subject={{
          target: { bookingNumber },
          noun: 'booking',
          status: booking.status,
          // A return's legs move on their own (below); the booking itself is only cancelled.
          nextStatuses: twoLegs
            ? data.next_statuses.filter((status) => status === 'cancelled')
            : data.next_statuses,
          groupLabel: 'Next steps',
          pickupAt: pickupInstant(booking.pick_up_date, booking.pick_up_time),
          // A return's offers show on each leg (below).
          offer: twoLegs ? null : data.jobs[0]?.offer,
        }}
        assign={assign}
        paidByCard={data.payment_status === 'paid' ? formatPounds(cardPaid(data)) : undefined}
      />
      {twoLegs ? (
        <JobLegs
          data={data}
          focusLeg={leg}
          assign={{ companyId: assign.companyId, booked: assign.booked }}
          cardPaid={data.payment_status === 'paid' ? cardPaid(data) : undefined}
        />
      ) : null}

      <Box display="grid" gridTemplateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap={5}>
        <Section title="Journey">
          <DetailRows
            rows={[
              ...journeyRows(data.booking, 'Company'),
              { label: 'Booked', value: formatUkMoment(data.booking.booking.created_at) },
              { label: 'Taken by', value: data.taken_by ?? DISPATCH_RECORD_TEXT.online },
            ]}
            labelWidth="9rem"
          />
        </Section>
        <FlightSections flights={data.flights} legs={data.jobs.length} />
        <Section title="Passenger">
          <DetailRows rows={passengerRows(data.booking)} labelWidth="9rem" />
        </Section>
        {legExtrasSections(data.booking.legExtras).map(({ title, leg }) => (
          <Section key={title} title={title}>
            <DetailRows rows={extrasRows(leg)} labelWidth="9rem" />
          </Section>
        ))}
        <Section title="Price and payment">
          <DetailRows rows={priceRows(data)} labelWidth="9rem" />
        </Section>
        <DriverSection rows={driver} />
        <Section title="History">
          <History entries={data.history} />
        </Section>
        <Section title="Payments" wide>
          <PaymentsTable
            bookingNumber={bookingNumber}
            payments={data.payments}
            paidAmount={data.paid_amount}
          />
        </Section>
        <Section title="Text messages" wide>
          <TextMessagesTable bookingNumber={bookingNumber} texts={data.texts} />
        </Section>
      </Box>
      {data.jobs.map((job) => (
        <TrailSection key={job.job_ref} job={job} legCount={data.jobs.length} />
      ))}
    </Box>
  );
}

/** /operator/bookings/:bookingNumber: every detail, the history and the next steps. */
export function BookingPage() {
  const { bookingNumber = '' } = useParams();
  const [params] = useSearchParams();
  const legParam = params.get(JOB_LEG_PARAM);
  const query = useOperatorBooking(bookingNumber);
  useConsoleBookingLive(bookingNumber);
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  useDocumentTitle(`Booking ${bookingNumber} — ${CONSOLE_TITLE}`);

  return (
    <Box>
      <Link asChild color="brand.fg" fontSize="sm" mb={3} display="inline-block">
        <RouterLink to={OPERATOR_ROUTES.bookings}>Back to bookings</RouterLink>
      </Link>
      <Heading as="h1" size="2xl" mb={5} color="gray.900">
        {notFound ? OPERATOR_MESSAGES.bookingNotFound : `Booking ${bookingNumber}`}
      </Heading>
      {notFound ? null : <MadeFromRequest bookingNumber={bookingNumber} />}
      {query.isPending ? (
        <LoadingBlock label="Loading the booking…" />
      ) : notFound ? (
        <Text>There is no booking {bookingNumber} that you can see.</Text>
      ) : query.isError && !query.data ? (
        <ErrorPanel
          message={`We could not load the booking. ${query.error.message}`}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : query.data ? (
        <BookingView data={query.data} leg={legParam === 'return' ? 'return' : undefined} />
      ) : null}
    </Box>
  );
}
