import type { Insertable, Kysely, Transaction } from 'kysely';
import type { BookingData } from '../../contract/bookings';
import { penceToPounds } from '../../domain/money';
import { breakdownToWire } from '../../domain/pricing';
import type { Breakdown } from '../../domain/pricing-model';
import type {
  BookingPassengersTable,
  BookingsTable,
  BookingStopsTable,
  Database,
} from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

export type NewBooking = Insertable<BookingsTable>;
export type NewBookingPassenger = Omit<Insertable<BookingPassengersTable>, 'booking_id'>;
export type NewBookingStop = Omit<Insertable<BookingStopsTable>, 'booking_id' | 'id'>;

/** Bookings with their passenger details and stops, as POST /booking answers them. */
export function createBookingsRepository(db: Kysely<Database>) {
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
        .returning('id')
        .executeTakeFirst();
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

    /** A booking as POST /booking answers it (spec section 3 field names). */
    async findData(bookingId: number, trx?: Executor): Promise<BookingData | undefined> {
      const run = trx ?? db;
      const booking = await run
        .selectFrom('bookings')
        .innerJoin('companies', 'companies.id', 'bookings.company_id')
        .innerJoin('fleet_categories', 'fleet_categories.id', 'bookings.category_id')
        .innerJoin('booking_passengers', 'booking_passengers.booking_id', 'bookings.id')
        .selectAll('bookings')
        .select([
          'companies.name as company_name',
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
      return {
        booking: {
          booking_number: booking.booking_number,
          ride_type: booking.ride_type,
          journey_type: booking.journey_type,
          pick_up_address: booking.pick_up_address,
          drop_off_address: booking.drop_off_address,
          pick_up_date: booking.pick_up_date,
          pick_up_time: booking.pick_up_time,
          return_pickup_address: booking.return_pickup_address,
          return_dropoff_address: booking.return_dropoff_address,
          return_date: booking.return_date,
          return_time: booking.return_time,
          hourly_duration: booking.hourly_duration,
          payment_method: booking.payment_method,
          payment_status: booking.payment_status,
          total_booking_amount: penceToPounds(booking.total_pence),
          currency: booking.currency,
          flight_no: booking.flight_no,
          return_flight_no: booking.return_flight_no,
          vehicle_type: booking.vehicle_type,
          company_name: booking.company_name,
          vehicle_count: booking.vehicle_count,
          breakdown: breakdownToWire(booking.breakdown as Breakdown, booking.total_pence),
          created_at: new Date(booking.created_at).toISOString(),
        },
        bookingStops: stops,
        passengerDetails: {
          passenger_id: booking.details_passenger_id,
          passenger_email: booking.passenger_email,
          passenger_contact_no: booking.passenger_phone,
          passenger_name: booking.passenger_name,
          additional_info: booking.additional_info,
          return_additional_info: booking.return_additional_info,
          total_passengers: booking.total_passengers,
        },
      };
    },
  };
}

export type BookingsRepository = ReturnType<typeof createBookingsRepository>;
