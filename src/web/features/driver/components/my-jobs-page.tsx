import { Box, Flex, Heading, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import type { DriverJobSummary } from '../../../../contract/driver';
import { DRIVER_APP_MESSAGES, DRIVER_APP_NAME } from '../../../../domain/driver-app-messages';
import { LoadingBlock } from '../../../components/loading-block';
import { ErrorPanel } from '../../../components/status-panels';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDriverJobs } from '../api/get-jobs';
import { useDriver } from './driver-layout';
import { DutyPanel } from './duty-panel';
import { JobCard } from './job-card';

/** Today or Upcoming: its jobs in the server's order (offers first), or a line saying none. */
function JobSection({
  title,
  empty,
  jobs,
  today,
  onAnswered,
}: {
  title: string;
  empty: string;
  jobs: readonly DriverJobSummary[];
  today: boolean;
  onAnswered: (notice: string) => void;
}) {
  const headingId = useId();
  return (
    <Box as="section" aria-labelledby={headingId} mb={6}>
      <Heading as="h2" id={headingId} size="xl" color="gray.900" mb={3}>
        {title}
      </Heading>
      {jobs.length === 0 ? (
        <Text color="gray.700">{empty}</Text>
      ) : (
        <Flex as="ul" direction="column" gap={3} listStyleType="none" p={0} m={0}>
          {jobs.map((job) => (
            <li key={job.job_ref}>
              <JobCard job={job} today={today} onAnswered={onAnswered} />
            </li>
          ))}
        </Flex>
      )}
    </Box>
  );
}

/**
 * /driver/: My jobs. On duty and notifications at the top, then Today and Upcoming, offers
 * first with their time to answer. Live: the list is fetched again whenever the server says
 * something of the driver's changed (driver-layout.tsx).
 */
export function MyJobsPage() {
  useDocumentTitle(`${DRIVER_APP_MESSAGES.myJobs} — ${DRIVER_APP_NAME}`);
  const driver = useDriver();
  const jobs = useDriverJobs();
  const [notice, setNotice] = useState('');

  return (
    <>
      <Heading as="h1" size="2xl" color="gray.900" mb={4}>
        {DRIVER_APP_MESSAGES.myJobs}
      </Heading>
      <DutyPanel driver={driver} />
      <Box role="status" aria-live="polite" mb={notice ? 3 : 0}>
        {notice ? <Text color="green.800">{notice}</Text> : null}
      </Box>
      {jobs.data ? (
        <>
          <JobSection
            title={DRIVER_APP_MESSAGES.today}
            empty={DRIVER_APP_MESSAGES.noJobsToday}
            jobs={jobs.data.today}
            today
            onAnswered={setNotice}
          />
          <JobSection
            title={DRIVER_APP_MESSAGES.upcoming}
            empty={DRIVER_APP_MESSAGES.noJobsUpcoming}
            jobs={jobs.data.upcoming}
            today={false}
            onAnswered={setNotice}
          />
        </>
      ) : jobs.isError ? (
        <ErrorPanel
          message={DRIVER_APP_MESSAGES.jobsFailed}
          retrying={jobs.isFetching}
          onRetry={() => void jobs.refetch()}
        />
      ) : (
        <LoadingBlock label={DRIVER_APP_MESSAGES.loadingJobs} />
      )}
    </>
  );
}
