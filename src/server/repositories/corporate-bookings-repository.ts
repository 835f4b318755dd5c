import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** The extras read from a booking's stored form; a missing key reads as none. */
const EXTRA_KEYS = [
  'luggages',
  'special_luggage',
  'baby_seats',
  'booster_seats',
  'waiting_min',
  'meet_and_greet',
  'wheel_chair',
] as const;
/** The return leg's own (domain/leg-extras.ts), with its passengers. */
const RETURN_EXTRA_KEYS = [
  'return_passengers',
  ...EXTRA_KEYS.map((key) => `return_${key}` as const),
] as const;

/** A corporate passenger's bookings, for GET /get_booking (spec section 3). */
export function createCorporateBookingsRepository(db: Kysely<Database>) {
  return {
    /** Newest first, with the stops of each, in order. */
    async listForPassenger(passengerId: number) {
      const rows = await db
        .selectFrom('bookings')
        .innerJoin('fleet_categories', 'fleet_categories.id', 'bookings.category_id')
        .leftJoin('booking_passengers', 'booking_passengers.booking_id', 'bookings.id')
        .select([
          'bookings.id',
          'bookings.booking_number',
          'bookings.pick_up_address',
          'bookings.drop_off_address',
          'bookings.pick_up_date',
          'bookings.pick_up_time',
          'bookings.return_date',
          'bookings.return_time',
          'bookings.hourly_duration',
          'bookings.flight_no',
          'bookings.return_flight_no',
          'bookings.payment_method',
          'bookings.status',
          'bookings.total_pence',
          'bookings.currency',
          'bookings.ride_type',
          'bookings.created_at',
          'bookings.vehicle_count',
          // Only the extras, not the whole stored form each booking keeps.
          ...[...EXTRA_KEYS, ...RETURN_EXTRA_KEYS].map((key) =>
            sql<string | null>`bookings.form->>${sql.lit(key)}`.as(`extra_${key}`),
          ),
          'bookings.journey_type',
          'fleet_categories.name as category_name',
          'booking_passengers.name as passenger_name',
          'booking_passengers.email as passenger_email',
          'booking_passengers.phone as passenger_phone',
          'booking_passengers.total_passengers',
          'booking_passengers.additional_info',
        ])
        .where('bookings.passenger_id', '=', passengerId)
        .orderBy('bookings.created_at', 'desc')
        .orderBy('bookings.id', 'desc')
        .execute();
      if (rows.length === 0) return { rows, stops: [] };

      // One query for every booking's stops rather than one per booking.
      const stops = await db
        .selectFrom('booking_stops')
        .select(['booking_id', 'stop_address', 'stop_post_code', 'stop_street_number'])
        .where(
          'booking_id',
          'in',
          rows.map((row) => row.id),
        )
        .orderBy('booking_id')
        .orderBy('position')
        .execute();
      return { rows, stops };
    },
  };
}

export type CorporateBookingsRepository = ReturnType<typeof createCorporateBookingsRepository>;
/** A passenger's booking rows and their stops, as listForPassenger reads them. */
export type CorporateBookingRows = Awaited<
  ReturnType<CorporateBookingsRepository['listForPassenger']>
>;
