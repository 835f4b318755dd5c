import { Box, Flex, Heading, Link, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { DriverJob } from '../../../../contract/driver';
import { BOOKING_STATUS_LABELS } from '../../../../domain/booking-lifecycle';
import {
  DRIVER_APP_MESSAGES,
  DRIVER_APP_NAME,
  JOB_UNDER_WAY_STATUSES,
} from '../../../../domain/driver-app-messages';
import { LoadingBlock } from '../../../components/loading-block';
import { AlertMessage, ErrorPanel } from '../../../components/status-panels';
import { DRIVER_HOME } from '../../../config/routes';
import { telHref } from '../../../lib/contact-links';
import { formatUkMoment } from '../../../lib/format-uk-moment';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { isJobGone, useDriverJob } from '../api/get-job';
import { useJobPresses } from '../offline/use-presses';
import { useDriver } from './driver-layout';
import { CollectLine } from './job-facts';
import { JobFactsFull, RoutePoints } from './job-details';
import { NavigateControl } from './navigate-control';
import { OfferActions } from './offer-actions';
import { PressList } from './press-list';
import { StatusButtons } from './status-buttons';

/** Call: the passenger's phone, or the office's, as the operator's setting has it. */
function CallLink({ job }: { job: Pick<DriverJob, 'call_number' | 'call_label'> }) {
  return (
    <Link
      href={telHref(job.call_number)}
      display="inline-flex"
      alignItems="center"
      px={5}
      h={12}
      rounded="md"
      borderWidth="1px"
      borderColor="brand.600"
      color="brand.700"
      fontWeight="semibold"
      textDecoration="none"
    >
      {job.call_label}
    </Link>
  );
}

/** The job as the driver works it: when, where, who, what to collect, and the buttons. */
function JobView({
  job,
  fetchedAt,
  driverId,
}: {
  job: DriverJob;
  fetchedAt: number;
  driverId: number;
}) {
  const presses = useJobPresses(job.job_ref);
  const [notice, setNotice] = useState('');
  const underWay = JOB_UNDER_WAY_STATUSES.includes(job.status);
  const offer = job.offer_expires_at;
  return (
    <Flex direction="column" gap={5}>
      <Box>
        <Text fontSize="lg" color="gray.900">
          {formatUkMoment(job.pickup_at)} ·{' '}
          <Text as="span" fontWeight="semibold">
            {offer ? DRIVER_APP_MESSAGES.offer : BOOKING_STATUS_LABELS[job.status]}
          </Text>
        </Text>
        {/* Always there, so a screen reader hears each new notice. */}
        <Box role="status" aria-live="polite" mt={notice ? 2 : 0}>
          {notice ? <Text color="green.800">{notice}</Text> : null}
        </Box>
      </Box>
      {offer ? (
        <OfferActions
          jobRef={job.job_ref}
          expiresAt={offer}
          describedBy="driver-job-heading"
          onAnswered={setNotice}
        />
      ) : null}
      <CollectLine collect={job.collect} />
      <RoutePoints points={job.points} />
      <JobFactsFull job={job} />
      <Flex gap={3} flexWrap="wrap" alignItems="flex-end">
        <CallLink job={job} />
        <NavigateControl job={job} />
      </Flex>
      {offer ? null : (
        <StatusButtons job={job} fetchedAt={fetchedAt} presses={presses} driverId={driverId} />
      )}
      <PressList presses={presses} />
      {underWay ? (
        <Text fontSize="sm" color="gray.700">
          {DRIVER_APP_MESSAGES.positionNotice} {DRIVER_APP_MESSAGES.jobUnderWay}
        </Text>
      ) : null}
    </Flex>
  );
}

/**
 * /driver/jobs/:jobRef: everything the driver needs for one job, and its status buttons. A job
 * that is no longer theirs (cancelled, given to another driver) says so plainly.
 */
export function JobPage() {
  const { jobRef = '' } = useParams();
  useDocumentTitle(`Job ${jobRef} — ${DRIVER_APP_NAME}`);
  const driver = useDriver();
  const job = useDriverJob(jobRef);

  let body;
  if (isJobGone(job.error)) body = <AlertMessage>{DRIVER_APP_MESSAGES.jobGone}</AlertMessage>;
  else if (job.data) {
    body = <JobView job={job.data} fetchedAt={job.dataUpdatedAt} driverId={driver.id} />;
  } else if (job.isError) {
    body = (
      <ErrorPanel
        message={DRIVER_APP_MESSAGES.jobFailed}
        retrying={job.isFetching}
        onRetry={() => void job.refetch()}
      />
    );
  } else body = <LoadingBlock label={DRIVER_APP_MESSAGES.loadingJob} />;

  return (
    <>
      <Link asChild color="brand.700" textDecoration="underline" mb={3} display="inline-block">
        <RouterLink to={DRIVER_HOME}>{DRIVER_APP_MESSAGES.myJobs}</RouterLink>
      </Link>
      <Heading as="h1" id="driver-job-heading" size="2xl" color="gray.900" mb={3}>
        Job {jobRef}
      </Heading>
      {body}
    </>
  );
}
