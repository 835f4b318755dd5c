import { Box, Heading, Text } from '@chakra-ui/react';
import { useId } from 'react';
import type { ManagedBooking, ManagedJob } from '../../../../contract/manage-booking';
import { BOOKING_STATUS_LABELS } from '../../../../domain/booking-lifecycle';
import { DetailRows } from '../../../components/detail-rows';
import { formatDayAndTime } from '../../../lib/format-day';
import { Section, StatusTimeline } from './booking-sections';

const LEG_TITLES = { outward: 'Outward journey', return: 'Return journey' } as const;

function Leg({ job }: { job: ManagedJob }) {
  const id = useId();
  const when = formatDayAndTime(job.pick_up_date, job.pick_up_time);
  return (
    <Box as="section" aria-labelledby={id} borderWidth="1px" borderRadius="md" p={4}>
      <Heading as="h3" id={id} size="md" mb={3} color="gray.900">
        {`${LEG_TITLES[job.leg]} — ${job.job_ref}`}
      </Heading>
      <DetailRows
        labelWidth="8rem"
        rows={[
          { label: 'Status', value: BOOKING_STATUS_LABELS[job.status] },
          { label: 'Pickup', value: when },
          { label: 'From', value: job.pick_up_address },
          { label: 'To', value: job.drop_off_address || '—' },
          {
            label: 'Driver',
            value: job.driver
              ? `${job.driver.first_name}, ${job.driver.vehicle_type} ${job.driver.vehicle_registration}`
              : 'Not assigned yet',
          },
        ]}
      />
      <Box mt={3}>
        <StatusTimeline history={job.timeline} />
      </Box>
    </Box>
  );
}

/**
 * A return booking's two journeys (issue 32), each followed on its own: its status, pickup,
 * driver and timeline. A booking of one journey shows none of this: its status says it all.
 */
export function JourneyLegs({ booking }: { booking: ManagedBooking }) {
  if (booking.jobs.length < 2) return null;
  return (
    <Section title="Your journeys">
      <Text color="gray.800" mb={3}>
        Each journey has its own driver and status.
      </Text>
      <Box display="grid" gridTemplateColumns={{ base: '1fr', md: '1fr 1fr' }} gap={4}>
        {booking.jobs.map((job) => (
          <Leg key={job.job_ref} job={job} />
        ))}
      </Box>
    </Section>
  );
}
