import type { Transaction } from 'kysely';
import type { JobLeg } from '../../../domain/booking-jobs';
import type { BookingStatus } from '../../../domain/booking-lifecycle';
import type { Database } from '../../db/schema';
import { storedBookingMailData } from '../mail/stored-booking-mail';
import type { ChangeContext, ChangeDeps } from './change-deps';

type Loader = Pick<ChangeDeps, 'bookings' | 'history' | 'drivers' | 'payments' | 'jobs'>;

/**
 * A booking as its pages and mails are made of: its rows, history, ledger, and each job with
 * its driver. One loader for the console's page, the passenger's page and the mails; null
 * when there is no such booking (each caller answers its own 404).
 */
export async function loadBookingRecord(
  deps: Loader,
  bookingId: number,
  trx?: Transaction<Database>,
) {
  const stored = await deps.bookings.findWithDetails(bookingId, trx);
  if (!stored) return null;
  const { booking } = stored;
  const driverOf = (driverId: number | null) =>
    driverId === null ? undefined : deps.drivers.find(driverId, booking.company_id, trx);
  const [history, driver, ledger, jobRows] = await Promise.all([
    deps.history.history(bookingId, trx),
    driverOf(booking.driver_id),
    deps.payments.list(bookingId, trx),
    deps.jobs.list(bookingId, trx),
  ]);
  const jobs = await Promise.all(
    jobRows.map(async (job) => ({ ...job, driver: await driverOf(job.driver_id) })),
  );
  return { stored, history, driver, ledger, jobs };
}

export type BookingRecord = NonNullable<Awaited<ReturnType<typeof loadBookingRecord>>>;

/**
 * A mail's data about the booking as this transaction now holds it: a fresh "Manage your
 * booking" link, and the calendar copy's SEQUENCE (how many changes the booking has had).
 */
export async function mailInputIn(
  deps: Pick<ChangeDeps, 'bookings' | 'history' | 'links' | 'jobs'>,
  trx: Transaction<Database>,
  bookingId: number,
  ctx: ChangeContext,
) {
  const stored = await deps.bookings.findWithDetails(bookingId, trx);
  if (!stored) throw new Error(`Booking ${bookingId} is gone in its own transaction`);
  const [history, jobs] = await Promise.all([
    deps.history.history(bookingId, trx),
    deps.jobs.list(bookingId, trx),
  ]);
  return mailInputFrom(deps, trx, { stored, history, jobs }, ctx);
}

/** mailInputIn over a booking already loaded in this transaction (loadBookingRecord's). */
export async function mailInputFrom(
  deps: Pick<ChangeDeps, 'links'>,
  trx: Transaction<Database>,
  record: {
    stored: BookingRecord['stored'];
    history: readonly unknown[];
    jobs: readonly { leg: JobLeg; status: BookingStatus }[];
  },
  ctx: ChangeContext,
) {
  const url = await deps.links.url(record.stored.booking, trx);
  // Each job's calendar event carries its own status (a cancelled leg stays cancelled).
  return {
    ...storedBookingMailData(record.stored, ctx.contacts, url, record.jobs),
    sequence: record.history.length,
  };
}

export type MailInput = Awaited<ReturnType<typeof mailInputIn>>;
