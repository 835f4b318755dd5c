import type { Insertable, Kysely, Transaction } from 'kysely';
import type {
  BookingPassengersTable,
  BookingsTable,
  BookingStopsTable,
  Database,
} from '../db/schema';
import { createBookingJobsRepository } from './booking-jobs-repository';

type Executor = Kysely<Database> | Transaction<Database>;

export type NewBooking = Insertable<BookingsTable>;
export type NewBookingPassenger = Omit<Insertable<BookingPassengersTable>, 'booking_id'>;
export type NewBookingStop = Omit<Insertable<BookingStopsTable>, 'booking_id' | 'id'>;

/** Bookings with their passenger details and stops. */
export function createBookingsRepository(db: Kysely<Database>) {
  const jobs = createBookingJobsRepository(db);
  return {
    /**
     * Inserts a booking; undefined when its booking number is already taken (the caller draws
     * another). ON CONFLICT rather than catching the error: a failed statement would abort
     * the whole transaction on PostgreSQL.
     */
    async insertBooking(booking: NewBooking, trx: Executor): Promise<number | undefined> {
      const row = await trx
        .insertInto('bookings')
        .values(booking)
        .onConflict((oc) => oc.column('booking_number').doNothing())
        .returning(['id', 'journey_type', 'status'])
        .executeTakeFirst();
      // Each leg is a job from the start (issue 32).
      if (row) await jobs.insertFor(row.id, row.journey_type, row.status, trx);
      return row?.id;
    },

    async insertDetails(
      bookingId: number,
      passenger: NewBookingPassenger,
      stops: NewBookingStop[],
      trx: Executor,
    ): Promise<void> {
      await trx
        .insertInto('booking_passengers')
        .values({ ...passenger, booking_id: bookingId })
        .execute();
      if (stops.length > 0) {
        await trx
          .insertInto('booking_stops')
          .values(stops.map((stop) => ({ ...stop, booking_id: bookingId })))
          .execute();
      }
    },

    /** The operator's and the vehicle type's names, for a booking's summary. */
    async offeringNames(
      companyId: number,
      categoryId: number,
      trx?: Executor,
    ): Promise<{ companyName: string; vehicleType: string } | undefined> {
      const row = await (trx ?? db)
        .selectFrom('companies')
        .innerJoin('fleet_categories', (join) => join.on('fleet_categories.id', '=', categoryId))
        .select(['companies.name as company_name', 'fleet_categories.name as vehicle_type'])
        .where('companies.id', '=', companyId)
        .executeTakeFirst();
      return row && { companyName: row.company_name, vehicleType: row.vehicle_type };
    },

    /** A booking's row with its operator's and vehicle's names, passenger details and stops. */
    async findWithDetails(bookingId: number, trx?: Executor) {
      const run = trx ?? db;
      const booking = await run
        .selectFrom('bookings')
        .innerJoin('companies', 'companies.id', 'bookings.company_id')
        .innerJoin('fleet_categories', 'fleet_categories.id', 'bookings.category_id')
        .innerJoin('booking_passengers', 'booking_passengers.booking_id', 'bookings.id')
        .selectAll('bookings')
        .select([
          'companies.name as company_name',
          // Its passengers' number and its notices' mailbox (issue 33: mail/company-contacts.ts).
          'companies.phone as company_phone',
          'companies.email as company_email',
          'fleet_categories.name as vehicle_type',
          'booking_passengers.passenger_id as details_passenger_id',
          'booking_passengers.name as passenger_name',
          'booking_passengers.email as passenger_email',
          'booking_passengers.phone as passenger_phone',
          'booking_passengers.additional_info',
          'booking_passengers.return_additional_info',
          'booking_passengers.total_passengers',
        ])
        .where('bookings.id', '=', bookingId)
        .executeTakeFirst();
      if (!booking) return undefined;
      const stops = await run
        .selectFrom('booking_stops')
        .select(['id', 'stop_address', 'stop_post_code', 'stop_street_number'])
        .where('booking_id', '=', bookingId)
        .orderBy('position')
        .execute();
      return { booking, stops };
    },
  };
}

export type BookingsRepository = ReturnType<typeof createBookingsRepository>;
/** A stored booking's rows, as findWithDetails reads them. */
export type StoredBooking = NonNullable<Awaited<ReturnType<BookingsRepository['findWithDetails']>>>;
