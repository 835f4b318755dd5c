import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { LockedTrack } from '../../repositories/flight-tracks-repository';
import type { JobQueue } from '../job-queue/job-queue';

/**
 * Queues a track's next look at `at`, in the transaction of the look that decided it, for the
 * track's current generation: the one way a chain of looks goes on (flight-look.ts and
 * timetable-look.ts).
 */
export async function queueNextLook(
  deps: { queue: JobQueue; clock: () => Date },
  trx: Transaction<Database>,
  track: Pick<LockedTrack, 'booking_id' | 'leg' | 'generation'>,
  at: Date,
): Promise<void> {
  const seconds = Math.max(1, Math.ceil((at.getTime() - deps.clock().getTime()) / 1000));
  await deps.queue.add(
    'flight-look',
    { bookingId: track.booking_id, leg: track.leg, generation: track.generation },
    { trx, startAfterSeconds: seconds },
  );
}
