import { Box, Heading, Text } from '@chakra-ui/react';
import { pickupInstant } from '../lib/step-confirmation';
import { useEffect, useId, useRef } from 'react';
import type { OperatorBooking, OperatorJob } from '../../../../contract/operator';
import { cancelledLegsPence, JOB_LEG_LABELS, type JobLeg } from '../../../../domain/booking-jobs';
import { pence, penceToPounds, poundsToPence } from '../../../../domain/money';
import { DetailRows, type DetailRow } from '../../../components/detail-rows';
import { formatDayAndTime } from '../../../lib/format-day';
import { formatPounds } from '../lib/format';
import type { BookedVehicle } from './assign-dialog';
import { StatusControls } from './status-controls';
import { carName } from '../lib/vehicle-text';

function legRows(job: OperatorJob): DetailRow[] {
  return [
    { label: 'Pickup', value: formatDayAndTime(job.pick_up_date, job.pick_up_time) },
    { label: 'From', value: job.pick_up_address },
    { label: 'To', value: job.drop_off_address || '—' },
    {
      label: 'Driver',
      value: job.driver
        ? `${job.driver.name}, ${job.vehicle_registration ?? job.driver.vehicle_registration}`
        : 'No driver assigned yet',
    },
    // The vehicle sent and who sent it: a licensed operator's record (issue 34).
    ...(job.vehicle && carName(job.vehicle)
      ? [{ label: 'Vehicle', value: carName(job.vehicle) }]
      : []),
    ...(job.dispatched_by ? [{ label: 'Dispatched by', value: job.dispatched_by }] : []),
  ];
}

function LegCard({
  data,
  job,
  focus,
  assign,
  cardPaid,
}: {
  data: OperatorBooking;
  job: OperatorJob;
  focus: boolean;
  assign: { companyId: number; booked: BookedVehicle };
  cardPaid: number | undefined;
}) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // Opened from the board on this leg (?leg=return): the reader starts here.
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  const label = JOB_LEG_LABELS[job.leg];
  const noun = `${label.toLowerCase()} leg`;
  // What cancelling this leg alone refunds by card: its share (domain/booking-jobs.ts).
  const refund =
    cardPaid === undefined
      ? undefined
      : formatPounds(
          penceToPounds(
            pence(
              cancelledLegsPence({
                heldPence: poundsToPence(cardPaid),
                totalPence: poundsToPence(data.booking.booking.total_booking_amount),
                legCount: data.jobs.length,
                cancelling: [job.leg],
              }),
            ),
          ),
        );
  return (
    <Box as="section" aria-labelledby={id} borderWidth="1px" borderRadius="md" p={4}>
      <Heading as="h3" id={id} ref={heading} tabIndex={-1} size="md" mb={3} color="gray.900">
        {`${label} leg — ${job.job_ref}`}
      </Heading>
      <Box display="grid" gap={3}>
        <DetailRows rows={legRows(job)} labelWidth="7rem" />
        <StatusControls
          subject={{
            target: { bookingNumber: data.booking_number, jobRef: job.job_ref },
            noun,
            status: job.status,
            nextStatuses: job.next_statuses,
            groupLabel: `Next steps for the ${noun}`,
            pickupAt: pickupInstant(job.pick_up_date, job.pick_up_time),
            offer: job.offer,
          }}
          assign={{
            ...assign,
            current: { driverId: job.driver?.id ?? null, vehicleId: job.vehicle?.id ?? null },
          }}
          paidByCard={refund}
        />
      </Box>
    </Box>
  );
}

/**
 * A return booking's legs, each a job of its own (issue 32): its pickup, driver, status and
 * next steps. Payments and cancelling the whole booking stay at the booking's level.
 */
export function JobLegs({
  data,
  focusLeg,
  assign,
  cardPaid,
}: {
  data: OperatorBooking;
  focusLeg: JobLeg | undefined;
  assign: { companyId: number; booked: BookedVehicle };
  /** Pounds paid by card, when the booking was paid by card. */
  cardPaid: number | undefined;
}) {
  const id = useId();
  return (
    <Box as="section" aria-labelledby={id} layerStyle="card" bg="white" p={{ base: 4, md: 5 }}>
      <Heading as="h2" id={id} size="lg" mb={3} color="gray.900">
        Legs
      </Heading>
      <Text mb={3}>Each leg is a job of its own, with its own driver and status.</Text>
      <Box display="grid" gridTemplateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap={4}>
        {data.jobs.map((job) => (
          <LegCard
            key={job.job_ref}
            data={data}
            job={job}
            focus={focusLeg === job.leg}
            assign={assign}
            cardPaid={cardPaid}
          />
        ))}
      </Box>
    </Box>
  );
}
