import { Box, Heading, Link, Text } from '@chakra-ui/react';
import { useId } from 'react';
import type { JobTrail, TrailPress } from '../../../../../contract/live';
import type { OperatorJob } from '../../../../../contract/operator';
import { JOB_LEG_LABELS } from '../../../../../domain/booking-jobs';
import { BOOKING_STATUS_LABELS } from '../../../../../domain/booking-lifecycle';
import { useSettings } from '../../../../api/get-settings';
import { PointsMap } from '../../../../components/points-map';
import type { MapPoint } from '../../../../components/points-map-props';
import { formatUkMoment } from '../../../../lib/format-uk-moment';
import { Cell, NoWrapCell, RowHead, ScrollTable } from '../../components/table-parts';
import { trailGpxUrl, useJobTrail } from '../api/get-job-trail';
import { positionText } from '../lib/live-format';

/** About a kilometre: a trail across a town is drawn at a town's scale, not the country's. */
const TRAIL_MIN_SPAN_DEGREES = 0.01;

const ACTOR_WORDS: Record<TrailPress['actor'], string> = {
  driver: 'driver',
  operator: 'console',
  passenger: 'passenger',
  system: 'system',
};

/** Whether the trail holds any evidence: a position, or a press stamped by the driver's phone. */
export function hasEvidence(trail: JobTrail): boolean {
  return (
    trail.positions.length > 0 ||
    trail.presses.some((press) => press.pressed_at !== null || press.lat !== null)
  );
}

/** "42 positions, 14:02:10 to 14:31:55 (UK time)", or that there are none. */
function spanText(trail: JobTrail): string {
  const first = trail.positions[0];
  const last = trail.positions.at(-1);
  if (!first || !last) return 'No positions were recorded on this job.';
  const count = trail.positions.length === 1 ? '1 position' : `${trail.positions.length} positions`;
  const from = formatUkMoment(first.at, { seconds: true });
  return first === last
    ? `${count}, at ${from} (UK time).`
    : `${count}, from ${from} to ${formatUkMoment(last.at, { seconds: true })} (UK time).`;
}

function endsOf(trail: JobTrail): MapPoint[] {
  const first = trail.positions[0];
  const last = trail.positions.at(-1);
  if (!first || !last) return [];
  const start: MapPoint = {
    id: 'start',
    ...first,
    label: 'First position',
    short: 'A',
    kind: 'start',
  };
  if (first === last) return [start];
  return [start, { id: 'end', ...last, label: 'Last position', short: 'B', kind: 'end' }];
}

function PressesTable({ presses, caption }: { presses: readonly TrailPress[]; caption: string }) {
  const captionId = useId();
  return (
    <ScrollTable
      captionId={captionId}
      caption={caption}
      minW="52rem"
      columns={['Status', 'Pressed at (phone)', 'Recorded at', 'By', 'Position']}
    >
      {presses.map((press, index) => (
        <tr key={`${press.at}-${index}`}>
          <RowHead scope="row">{BOOKING_STATUS_LABELS[press.to_status]}</RowHead>
          <NoWrapCell>
            {press.pressed_at ? formatUkMoment(press.pressed_at, { seconds: true }) : '—'}
          </NoWrapCell>
          <NoWrapCell>{formatUkMoment(press.at, { seconds: true })}</NoWrapCell>
          <Cell>{`${press.actor_name} (${ACTOR_WORDS[press.actor]})`}</Cell>
          <NoWrapCell>
            {press.lat !== null && press.lng !== null
              ? positionText({ lat: press.lat, lng: press.lng, accuracy: press.accuracy })
              : '—'}
          </NoWrapCell>
        </tr>
      ))}
    </ScrollTable>
  );
}

/**
 * A job's trail on the console's booking page (issue 34): the evidence for a no-show or
 * lateness dispute. Its status presses (when the phone pressed and when the server recorded,
 * by whom, where), its positions' count and span, a sketch of the path, and the GPX file.
 * Shown only when there is evidence: a position, or a press stamped by the driver's phone.
 */
export function TrailSection({ job, legCount }: { job: OperatorJob; legCount: number }) {
  const headingId = useId();
  const { settings } = useSettings();
  const trail = useJobTrail(job.job_ref, job.status).data;
  if (!trail || !hasEvidence(trail)) return null;
  const title = legCount > 1 ? `Trail — ${JOB_LEG_LABELS[job.leg]} leg ${job.job_ref}` : 'Trail';
  return (
    <Box
      as="section"
      aria-labelledby={headingId}
      layerStyle="card"
      bg="white"
      p={{ base: 4, md: 5 }}
    >
      <Heading as="h2" id={headingId} size="lg" mb={3} color="gray.900">
        {title}
      </Heading>
      <Box display="grid" gap={4}>
        <Text color="gray.900">
          {spanText(trail)}
          {trail.driver_name ? ` Driver: ${trail.driver_name}.` : ''}
        </Text>
        <PointsMap
          apiKey={settings.GOOGLE_API_KEY}
          points={endsOf(trail)}
          path={trail.positions}
          label={`Map of the trail of job ${trail.job_ref}`}
          description={`Sketch of the path of job ${trail.job_ref}, not a road map: from A, the first position, to B, the last`}
          minSpanDegrees={TRAIL_MIN_SPAN_DEGREES}
        />
        <PressesTable presses={trail.presses} caption={`Status presses of job ${trail.job_ref}`} />
        <Box>
          <Link
            href={trailGpxUrl(trail.job_ref)}
            download={`trail-${trail.job_ref}.gpx`}
            color="brand.fg"
            fontWeight="semibold"
          >
            Download GPX
          </Link>
          <Text as="span" color="gray.700" fontSize="sm" ms={2}>
            (the positions and presses, for mapping software)
          </Text>
        </Box>
      </Box>
    </Box>
  );
}
