import type { JobTrail, TrailPress } from '../../../contract/live';
import { jobRef, type JobLeg } from '../../../domain/booking-jobs';
import { BOOKING_STATUS_LABELS } from '../../../domain/booking-lifecycle';
import { OPERATOR_MESSAGES } from '../../../domain/messages';
import { TRAIL_TEXTS } from '../../../domain/live-tracking';
import { HttpError } from '../../errors';
import type { BookingHistoryRepository } from '../../repositories/booking-history-repository';
import type { DriverPositionsRepository } from '../../repositories/driver-positions-repository';
import type { JobTrackingRepository } from '../../repositories/job-tracking-repository';
import type { OperatorIdentity } from '../operator/operator-auth-service';
import { toLivePosition } from './positions-service';

export interface TrailDeps {
  tracking: Pick<JobTrackingRepository, 'scopedJob'>;
  positions: Pick<DriverPositionsRepository, 'trail'>;
  history: Pick<BookingHistoryRepository, 'history'>;
}

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

/**
 * A job's trail (issue 34): the positions its driver's phone sent from On the way to Complete,
 * and every status step of the job with who took it and, for a press in the driver's app, when
 * and where it was pressed. Another company's job is the same 404 as none.
 */
export async function jobTrail(
  deps: TrailDeps,
  operator: OperatorIdentity,
  target: { bookingNumber: string; leg: JobLeg },
): Promise<JobTrail> {
  const { leg } = target;
  const job = await deps.tracking.scopedJob(target.bookingNumber, leg, operator.companyId);
  if (!job) throw new HttpError(404, OPERATOR_MESSAGES.bookingNotFound);
  const [positions, history] = await Promise.all([
    deps.positions.trail(job.booking_id, leg),
    deps.history.history(job.booking_id),
  ]);
  const presses: TrailPress[] = history
    .filter((entry) => entry.leg === leg)
    .map((entry) => ({
      at: new Date(entry.at).toISOString(),
      pressed_at: iso(entry.pressed_at),
      from_status: entry.from_status,
      to_status: entry.to_status,
      actor: entry.actor,
      actor_name: entry.actor_name,
      lat: entry.lat,
      lng: entry.lng,
      accuracy: entry.accuracy,
    }));
  return {
    job_ref: jobRef(job.booking_number, leg),
    leg,
    status: job.status,
    pick_up_address:
      leg === 'outward' ? job.pick_up_address : (job.return_pickup_address ?? job.drop_off_address),
    driver_name: job.driver_name,
    positions: positions.map(toLivePosition),
    presses,
  };
}

/** Text for an XML attribute or element. */
function xml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** A waypoint for each press made where the phone knew its position. */
function waypoints(trail: JobTrail): string[] {
  return trail.presses.flatMap((press) => {
    if (press.lat === null || press.lng === null) return [];
    const label = BOOKING_STATUS_LABELS[press.to_status];
    const description = TRAIL_TEXTS.press({
      label,
      actorName: press.actor_name,
      pressedAt: press.pressed_at,
      recordedAt: press.at,
      accuracy: press.accuracy,
    });
    return [
      `  <wpt lat="${press.lat}" lon="${press.lng}">`,
      `    <time>${press.pressed_at ?? press.at}</time>`,
      `    <name>${xml(label)}</name>`,
      `    <desc>${xml(description)}</desc>`,
      `    <type>${xml(press.to_status)}</type>`,
      '  </wpt>',
    ];
  });
}

/**
 * The trail as a GPX 1.1 file: a waypoint per located status press, and one track of the
 * positions in time order; what a mapping tool or a licensing officer can open.
 */
export function trailGpx(trail: JobTrail, now: Date): string {
  const name = xml(TRAIL_TEXTS.name(trail.job_ref));
  const points = trail.positions.map(
    (position) =>
      `      <trkpt lat="${position.lat}" lon="${position.lng}"><time>${position.at}</time></trkpt>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<gpx version="1.1" creator="RideBook" xmlns="http://www.topografix.com/GPX/1/1">',
    '  <metadata>',
    `    <name>${name}</name>`,
    `    <desc>${xml(TRAIL_TEXTS.description(trail.pick_up_address))}</desc>`,
    `    <time>${now.toISOString()}</time>`,
    '  </metadata>',
    ...waypoints(trail),
    '  <trk>',
    `    <name>${name}</name>`,
    '    <trkseg>',
    ...points,
    '    </trkseg>',
    '  </trk>',
    '</gpx>',
    '',
  ].join('\n');
}
