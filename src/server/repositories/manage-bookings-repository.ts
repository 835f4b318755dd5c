import type { Kysely, Transaction, Updateable } from 'kysely';
import type { BookingPassengersTable, BookingsTable, Database } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

/** The columns a passenger's change or cancellation is judged on. */
const LOCKED = [
  'id',
  'booking_number',
  'status',
  'pickup_at',
  'return_at',
  'total_pence',
  'paid_pence',
  'payment_method',
  'company_id',
  'driver_id',
  'version',
  'late_fee_due',
  'late_fee_base_pence',
] as const;

/** The passenger's side of a booking: finding it, and changing it one change at a time. */
export function createManageBookingsRepository(db: Kysely<Database>) {
  return {
    /** A booking by its reference, with the passenger's email to compare and their account. */
    async findByNumber(bookingNumber: string) {
      return db
        .selectFrom('bookings')
        .innerJoin('booking_passengers', 'booking_passengers.booking_id', 'bookings.id')
        .select([
          'bookings.id',
          'bookings.booking_number',
          'bookings.pickup_at',
          'bookings.return_at',
          'bookings.passenger_id',
          'booking_passengers.email',
          'booking_passengers.passenger_id as details_passenger_id',
        ])
        .where('bookings.booking_number', '=', bookingNumber)
        .executeTakeFirst();
    },

    /** The booking's row held until the transaction ends: one change or cancellation at a time. */
    async lock(bookingId: number, trx: Transaction<Database>) {
      return trx
        .selectFrom('bookings')
        .select(LOCKED)
        .where('id', '=', bookingId)
        .forUpdate()
        .executeTakeFirst();
    },

    async update(
      bookingId: number,
      booking: Updateable<BookingsTable>,
      passenger: Updateable<BookingPassengersTable>,
      trx: Transaction<Database>,
    ): Promise<void> {
      if (Object.keys(booking).length > 0) {
        await trx.updateTable('bookings').set(booking).where('id', '=', bookingId).execute();
      }
      if (Object.keys(passenger).length > 0) {
        await trx
          .updateTable('booking_passengers')
          .set(passenger)
          .where('booking_id', '=', bookingId)
          .execute();
      }
    },

    /** What a receipt says about the operator. */
    async company(companyId: number, trx?: Executor) {
      return (trx ?? db)
        .selectFrom('companies')
        .select(['name', 'address', 'vat_number'])
        .where('id', '=', companyId)
        .executeTakeFirst();
    },
  };
}

export type ManageBookingsRepository = ReturnType<typeof createManageBookingsRepository>;
