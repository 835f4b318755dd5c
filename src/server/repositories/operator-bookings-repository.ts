import { sql, type Kysely } from 'kysely';
import { FLIGHT_ACTION_STATES } from '../../domain/flights';
import { FLIGHT_COLUMNS } from './flight-tracks-repository';
import type { BoardView } from '../../contract/operator';
import {
  BOOKING_STATUSES,
  canAssignDriver,
  NEEDS_DRIVER_WITHIN_HOURS,
  type BookingStatus,
} from '../../domain/booking-lifecycle';
import type { JobLeg } from '../../domain/booking-jobs';
import type { Database } from '../db/schema';
import { createBookingHistoryRepository } from './booking-history-repository';
import { createDispatchRecordsRepository } from './dispatch-records-repository';
import { scopedBookings, type BookingScope } from './scoped-bookings-repository';

export type { BookingScope };

export interface BoardFilter {
  status?: BookingStatus;
  view?: BoardView;
  /** Pickup dates, YYYY-MM-DD, inclusive. */
  from?: string;
  to?: string;
  q?: string;
  companyId?: number;
}

/** `today` (UK date) and `now` for the quick views. */
export interface BoardClock {
  today: string;
  now: Date;
}

const FINAL: BookingStatus[] = ['completed', 'cancelled', 'no_show'];
/** The statuses a job may be given a driver from (domain/booking-lifecycle.ts). */
const ASSIGNABLE = BOOKING_STATUSES.filter(canAssignDriver);

/** The job's flight was cancelled or diverted: the office's to act on (issue 35). */
const FLIGHT_NEEDS_ACTION = sql<boolean>`exists (select 1 from flight_tracks
  where flight_tracks.booking_id = booking_jobs.booking_id
  and flight_tracks.leg = booking_jobs.leg
  and flight_tracks.active
  and flight_tracks.state in (${sql.join(FLIGHT_ACTION_STATES)}))`;

/** LIKE's own characters taken literally. */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * What the board lists: bookings (one row each, as GET /operator/bookings always has) or jobs
 * (one row per leg, issue 32). Both read the same rows through the outward or every job.
 */
export type BoardUnit = 'booking' | 'job';

/** A leg's pickup and places: the return's own columns on the return job. */
export const onReturn = <T>(returnColumn: string, outwardColumn: string) =>
  sql<T>`case when booking_jobs.leg = 'return' then coalesce(${sql.ref(`bookings.${returnColumn}`)}, ${sql.ref(`bookings.${outwardColumn}`)}) else ${sql.ref(`bookings.${outwardColumn}`)} end`;

/** The columns the filters and rows read, per unit. */
function boardColumns(unit: BoardUnit) {
  if (unit === 'booking') {
    return {
      status: sql<BookingStatus>`bookings.status`,
      pickupAt: sql<Date>`bookings.pickup_at`,
      pickUpDate: sql<string>`bookings.pick_up_date`,
      pickUpTime: sql<string>`bookings.pick_up_time`,
      pickUpAddress: sql<string>`bookings.pick_up_address`,
      dropOffAddress: sql<string>`bookings.drop_off_address`,
    };
  }
  return {
    status: sql<BookingStatus>`booking_jobs.status`,
    pickupAt: onReturn<Date>('return_at', 'pickup_at'),
    pickUpDate: onReturn<string>('return_date', 'pick_up_date'),
    pickUpTime: onReturn<string>('return_time', 'pick_up_time'),
    pickUpAddress: onReturn<string>('return_pickup_address', 'pick_up_address'),
    dropOffAddress: onReturn<string>('return_dropoff_address', 'drop_off_address'),
  };
}

/** The bookings (or jobs) matching a board's filters, within the operator's scope. */
function filtered(
  db: Kysely<Database>,
  scope: BookingScope,
  filter: BoardFilter,
  clock: BoardClock,
  unit: BoardUnit = 'booking',
) {
  const column = boardColumns(unit);
  let query = db
    .selectFrom('bookings')
    .innerJoin('booking_passengers', 'booking_passengers.booking_id', 'bookings.id')
    .innerJoin('booking_jobs', 'booking_jobs.booking_id', 'bookings.id');
  // A booking is listed once, through its outward job.
  if (unit === 'booking') query = query.where('booking_jobs.leg', '=', 'outward');
  if (scope.companyId !== null) query = query.where('bookings.company_id', '=', scope.companyId);
  if (filter.companyId !== undefined) {
    query = query.where('bookings.company_id', '=', filter.companyId);
  }
  if (filter.status) query = query.where(column.status, '=', filter.status);
  if (filter.view === 'today') query = query.where(column.pickUpDate, '=', clock.today);
  if (filter.view === 'upcoming') {
    query = query.where(column.pickupAt, '>=', clock.now).where(column.status, 'not in', FINAL);
  }
  if (filter.view === 'needs_action') {
    // Waiting on the office: Pending, or Confirmed with no driver and the pickup within a day
    // (overdue ones included); the board's order puts the oldest pickup first (issue 33).
    // An open offer waits on its driver, not the office; one declined or timed out is back
    // with the office while a driver may still be given (issue 34, job-offers-repository.ts).
    const soon = new Date(clock.now.getTime() + NEEDS_DRIVER_WITHIN_HOURS * 3_600_000);
    query = query.where((eb) => {
      const offerOpen = eb.and([
        eb('booking_jobs.offered_driver_id', 'is not', null),
        eb('booking_jobs.offer_expires_at', '>', clock.now),
      ]);
      return eb.or([
        eb(column.status, '=', 'pending'),
        eb.and([
          eb(column.status, '=', 'confirmed'),
          eb(column.pickupAt, '<=', soon),
          eb.not(offerOpen),
        ]),
        eb.and([
          eb('booking_jobs.offer_expires_at', 'is not', null),
          eb.not(offerOpen),
          eb(column.status, 'in', ASSIGNABLE),
        ]),
        eb.and([eb(column.status, 'not in', FINAL), FLIGHT_NEEDS_ACTION]),
      ]);
    });
  }
  if (filter.from) query = query.where(column.pickUpDate, '>=', filter.from);
  if (filter.to) query = query.where(column.pickUpDate, '<=', filter.to);
  const q = filter.q?.trim();
  if (q) {
    const contains = `%${likeEscape(q)}%`;
    const digits = q.replace(/\D/g, '');
    query = query.where((eb) =>
      eb.or([
        eb('bookings.booking_number', 'ilike', `${likeEscape(q)}%`),
        eb('booking_passengers.name', 'ilike', contains),
        eb('booking_passengers.email', 'ilike', contains),
        eb('booking_passengers.phone', 'ilike', contains),
        // A phone however it was typed: '07700 900123' finds '07700900123'.
        ...(digits.length >= 4
          ? [
              eb(
                sql<string>`regexp_replace(booking_passengers.phone, '\\D', '', 'g')`,
                'like',
                `%${digits}%`,
              ),
            ]
          : []),
      ]),
    );
  }
  return query;
}

/** The board's columns over the filtered rows. */
function boardRows(
  db: Kysely<Database>,
  scope: BookingScope,
  filter: BoardFilter,
  clock: BoardClock,
  unit: BoardUnit = 'booking',
) {
  const column = boardColumns(unit);
  return (
    filtered(db, scope, filter, clock, unit)
      .innerJoin('companies', 'companies.id', 'bookings.company_id')
      .innerJoin('fleet_categories', 'fleet_categories.id', 'bookings.category_id')
      .leftJoin('drivers as job_driver', 'job_driver.id', 'booking_jobs.driver_id')
      .leftJoin('drivers as offered_driver', 'offered_driver.id', 'booking_jobs.offered_driver_id')
      // The job's tracked flight (issue 35): the board shows its state and the meet time.
      .leftJoin('flight_tracks', (join) =>
        join
          .onRef('flight_tracks.booking_id', '=', 'booking_jobs.booking_id')
          .onRef('flight_tracks.leg', '=', 'booking_jobs.leg')
          .on('flight_tracks.active', '=', true),
      )
      .select(FLIGHT_COLUMNS)
      .select([
        'bookings.id',
        'bookings.booking_number',
        'booking_jobs.leg',
        column.pickupAt.as('pickup_at'),
        column.pickUpDate.as('pick_up_date'),
        column.pickUpTime.as('pick_up_time'),
        'booking_passengers.name as passenger_name',
        'booking_passengers.email as passenger_email',
        'booking_passengers.phone as passenger_phone',
        column.pickUpAddress.as('pick_up_address'),
        column.dropOffAddress.as('drop_off_address'),
        'fleet_categories.name as vehicle_type',
        'bookings.vehicle_count',
        column.status.as('status'),
        'job_driver.name as job_driver_name',
        // An offer waiting for a driver's answer (issue 34).
        'offered_driver.name as offered_driver_name',
        'booking_jobs.offer_expires_at',
        'bookings.total_pence',
        'bookings.currency',
        'bookings.payment_method',
        'bookings.payment_status',
        'bookings.company_id',
        'companies.name as company_name',
        'bookings.created_at',
      ])
  );
}

/** The board: a page of bookings or jobs, and the export's chunks. */
function boardReads(db: Kysely<Database>) {
  return {
    /** One page of the board (bookings or jobs), sorted by pickup time, and how many match in all. */
    async board(
      scope: BookingScope,
      filter: BoardFilter,
      clock: BoardClock,
      page: { limit: number; offset: number },
      unit: BoardUnit = 'booking',
    ) {
      const [rows, count] = await Promise.all([
        boardRows(db, scope, filter, clock, unit)
          .orderBy(boardColumns(unit).pickupAt)
          .orderBy('bookings.id')
          .orderBy('booking_jobs.leg')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        filtered(db, scope, filter, clock, unit)
          .select((eb) => eb.fn.countAll<string>().as('total'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.total) };
    },

    /**
     * The jobs board's rows after `after` (the leg's pickup, the booking's id, the leg: the
     * board's order), `limit` at a time, for an export that never holds every row at once.
     */
    async boardChunk(
      scope: BookingScope,
      filter: BoardFilter,
      clock: BoardClock,
      after: { pickupAt: Date; id: number; leg: JobLeg } | undefined,
      limit: number,
    ) {
      const column = boardColumns('job');
      let query = boardRows(db, scope, filter, clock, 'job')
        // The records a licensed operator keeps (issue 34): who took it, who dispatched the
        // job, and the vehicle it was sent in.
        .leftJoin('operators as taker', 'taker.id', 'bookings.taken_by_operator_id')
        .leftJoin(
          'operators as dispatcher',
          'dispatcher.id',
          'booking_jobs.dispatched_by_operator_id',
        )
        .leftJoin('vehicles as job_vehicle', 'job_vehicle.id', 'booking_jobs.vehicle_id')
        .select([
          'taker.name as taken_by',
          'dispatcher.name as dispatched_by',
          'job_vehicle.registration as job_vehicle_record_registration',
          'job_vehicle.make as job_vehicle_make',
          'job_vehicle.model as job_vehicle_model',
          'job_vehicle.colour as job_vehicle_colour',
        ])
        .select([
          // What the export says of the booking's money (domain/payment-state.ts, which reads
          // the booking's own status) and the car sent on the leg.
          'bookings.status as booking_status',
          'bookings.paid_pence',
          sql<number>`(select coalesce(sum(p.amount_pence), 0) from booking_payments p
          where p.booking_id = bookings.id and p.kind = 'refund')::integer`.as('refunded_pence'),
          'job_driver.vehicle_registration as job_driver_vehicle_registration',
          'booking_jobs.vehicle_registration as job_vehicle_registration',
          // Each leg's extras, read from the stored form (services/bookings/stored-form.ts).
          'bookings.form',
          'bookings.journey_type',
          'booking_passengers.total_passengers',
        ]);
      if (after) {
        query = query.where(
          sql<boolean>`(${column.pickupAt}, bookings.id, booking_jobs.leg) > (${after.pickupAt}, ${after.id}, ${after.leg})`,
        );
      }
      return query
        .orderBy(column.pickupAt)
        .orderBy('bookings.id')
        .orderBy('booking_jobs.leg')
        .limit(limit)
        .execute();
    },
  };
}

/** Bookings and their jobs as the console lists, opens and changes them, always within an operator's scope. */
export function createOperatorBookingsRepository(db: Kysely<Database>) {
  return {
    ...boardReads(db),
    ...scopedBookings(db),
    ...createBookingHistoryRepository(db),
    ...createDispatchRecordsRepository(db),
  };
}

export type OperatorBookingsRepository = ReturnType<typeof createOperatorBookingsRepository>;
export type BoardRow = Awaited<ReturnType<OperatorBookingsRepository['board']>>['rows'][number];
/** A row of the CSV export: the jobs board's, with the booking's money, the car sent and the extras. */
export type ExportRow = Awaited<ReturnType<OperatorBookingsRepository['boardChunk']>>[number];
