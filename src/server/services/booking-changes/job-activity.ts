import type { Transaction } from 'kysely';
import { jobRef, type JobLeg } from '../../../domain/booking-jobs';
import type { BookingStatus } from '../../../domain/booking-lifecycle';
import type { Database } from '../../db/schema';
import type { ChangeDeps } from './change-deps';

/** The booking a change is about, as the activity log names it and scopes it. */
export interface ChangedBooking {
  id: number;
  booking_number: string;
  company_id: number;
}

type JobRow = Awaited<ReturnType<ChangeDeps['jobs']['list']>>[number];

/** A job as the activity log keeps it: its status, and its driver and vehicle by name. */
async function jobRecord(
  deps: Pick<ChangeDeps, 'drivers'>,
  trx: Transaction<Database>,
  booking: ChangedBooking,
  job: JobRow | undefined,
) {
  if (!job) return null;
  const driver =
    job.driver_id === null
      ? undefined
      : await deps.drivers.find(job.driver_id, booking.company_id, trx);
  return {
    status: job.status as BookingStatus,
    driver: driver?.name ?? null,
    vehicle_registration: job.vehicle_registration,
  };
}

/** The jobs of a booking as they stand in this transaction: read before and after a move. */
export function jobsNow(
  deps: Pick<ChangeDeps, 'jobs'>,
  trx: Transaction<Database>,
  bookingId: number,
) {
  return deps.jobs.list(bookingId, trx);
}

/**
 * An operator's move of jobs in the console's activity log (issue 33), one row a job, in the
 * move's own transaction: the job reference, the history's note, and the job's status and
 * driver before and after.
 */
export async function recordJobActivity(
  deps: Pick<ChangeDeps, 'activity' | 'drivers' | 'clock'>,
  trx: Transaction<Database>,
  change: {
    booking: ChangedBooking;
    legs: readonly JobLeg[];
    operator: { id: number; name: string };
    note: string;
    before: readonly JobRow[];
    after: readonly JobRow[];
  },
): Promise<void> {
  const { booking } = change;
  for (const leg of change.legs) {
    const find = (rows: readonly JobRow[]) => rows.find((row) => row.leg === leg);
    await deps.activity.record(trx, {
      actor: change.operator,
      companyId: booking.company_id,
      kind: 'bookings',
      subject: jobRef(booking.booking_number, leg),
      summary: change.note,
      before: await jobRecord(deps, trx, booking, find(change.before)),
      after: await jobRecord(deps, trx, booking, find(change.after)),
      at: deps.clock(),
    });
  }
}
