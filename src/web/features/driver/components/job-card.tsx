import { Box, Flex, Heading, Link, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { DriverJobSummary } from '../../../../contract/driver';
import { BOOKING_STATUS_LABELS } from '../../../../domain/booking-lifecycle';
import { DRIVER_APP_MESSAGES } from '../../../../domain/driver-app-messages';
import { driverJobPath } from '../../../config/routes';
import { formatUkMoment } from '../../../lib/format-uk-moment';
import { CollectLine, FactList, jobFacts } from './job-facts';
import { OfferActions } from './offer-actions';

/** When the job starts: its time today, its day and time later. */
function pickupWhen(job: DriverJobSummary, today: boolean): string {
  return today ? job.pick_up_time : formatUkMoment(job.pickup_at);
}

/**
 * One job in My jobs, named by its pickup time and reference (its heading, whose link opens
 * the job). An offer says so and carries Accept and Decline; an assigned job, its status.
 */
export function JobCard({
  job,
  today,
  onAnswered,
}: {
  job: DriverJobSummary;
  today: boolean;
  onAnswered: (notice: string) => void;
}) {
  const headingId = useId();
  const offer = job.offer_expires_at;
  return (
    <Box
      as="article"
      aria-labelledby={headingId}
      layerStyle="card"
      bg="white"
      p={4}
      borderWidth={offer ? '2px' : '1px'}
      borderColor={offer ? 'orange.400' : 'gray.200'}
    >
      <Flex alignItems="baseline" gap={2} mb={2} flexWrap="wrap">
        <Heading as="h3" id={headingId} size="lg" color="gray.900">
          <Text as="span">{pickupWhen(job, today)}</Text>{' '}
          <Link asChild color="brand.700" textDecoration="underline">
            <RouterLink to={driverJobPath(job.job_ref)}>Job {job.job_ref}</RouterLink>
          </Link>
        </Heading>
        <Text
          ms="auto"
          fontSize="sm"
          fontWeight="semibold"
          px={2}
          rounded="sm"
          bg={offer ? 'orange.100' : 'gray.100'}
          color={offer ? 'orange.900' : 'gray.800'}
        >
          {offer ? DRIVER_APP_MESSAGES.offer : BOOKING_STATUS_LABELS[job.status]}
        </Text>
      </Flex>
      <FactList facts={jobFacts(job)} />
      <Box mt={3}>
        <CollectLine collect={job.collect} />
      </Box>
      {offer ? (
        <Box mt={3}>
          <OfferActions
            jobRef={job.job_ref}
            expiresAt={offer}
            describedBy={headingId}
            onAnswered={onAnswered}
          />
        </Box>
      ) : null}
    </Box>
  );
}
