import { Link, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { DriverOnMap } from '../../../../../contract/live';
import { parseJobRef } from '../../../../../domain/booking-jobs';
import { operatorJobPath } from '../../../../config/routes';
import { Cell, NoWrapCell, RowHead, ScrollTable, StatusTag } from '../../components/table-parts';
import { lastSeenText, positionText } from '../lib/live-format';

function JobCell({ job }: { job: DriverOnMap['job'] }) {
  const target = job ? parseJobRef(job.job_ref) : undefined;
  if (!job || !target) return <Cell>None</Cell>;
  return (
    <Cell>
      <Link asChild color="brand.fg" fontWeight="semibold" me={2}>
        <RouterLink to={operatorJobPath(target.bookingNumber, target.leg)}>
          {job.job_ref}
        </RouterLink>
      </Link>
      <StatusTag status={job.status} />
    </Cell>
  );
}

/**
 * The drivers of the map as a table (the map is not the only way to read it): each driver, the
 * vehicle, on duty or not, the job under way (a link to its booking), when the phone was last
 * heard from and where it was.
 */
export function MapDriversTable({
  drivers,
  now,
  showCompany,
}: {
  drivers: readonly DriverOnMap[];
  now: number;
  showCompany: boolean;
}) {
  const captionId = useId();
  if (drivers.length === 0) {
    return <Text color="gray.800">No driver is on duty or on a job right now.</Text>;
  }
  const columns = ['Driver', 'Vehicle', 'Duty', 'Job', 'Last seen', 'Position'];
  return (
    <ScrollTable
      captionId={captionId}
      caption="Drivers on duty or on a job"
      minW="52rem"
      columns={showCompany ? [...columns, 'Company'] : columns}
    >
      {drivers.map((driver) => (
        <tr key={driver.driver_id}>
          <RowHead scope="row">{driver.name}</RowHead>
          <NoWrapCell>{driver.vehicle_registration || '—'}</NoWrapCell>
          <Cell>{driver.on_duty ? 'On duty' : 'Off duty'}</Cell>
          <JobCell job={driver.job} />
          <NoWrapCell>
            {driver.position ? lastSeenText(driver.position.at, now) : 'No position yet'}
          </NoWrapCell>
          <NoWrapCell>{driver.position ? positionText(driver.position) : '—'}</NoWrapCell>
          {showCompany ? <Cell>{driver.company_name}</Cell> : null}
        </tr>
      ))}
    </ScrollTable>
  );
}
