import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

/** Which bookings an operator may see: every company's (admin) or one company's. */
export interface BookingScope {
  companyId: number | null;
}

/** One booking in the operator's scope: found, or locked for a change. */
export function scopedBookings(db: Kysely<Database>) {
  return {
    /** A booking's id and company in scope, or undefined: another company's is not there. */
    async findInScope(scope: BookingScope, bookingNumber: string, trx?: Executor) {
      let query = (trx ?? db)
        .selectFrom('bookings')
        .select(['id', 'company_id', 'status', 'driver_id', 'vehicle_registration'])
        .where('booking_number', '=', bookingNumber);
      if (scope.companyId !== null) query = query.where('company_id', '=', scope.companyId);
      return query.executeTakeFirst();
    },

    /**
     * Like findInScope, holding the row until the transaction ends: one change at a time. Also
     * what a cancellation's refund needs, read under the same lock.
     */
    async lockInScope(scope: BookingScope, bookingNumber: string, trx: Transaction<Database>) {
      let query = trx
        .selectFrom('bookings')
        .select([
          'id',
          'booking_number',
          'company_id',
          'status',
          'driver_id',
          'vehicle_registration',
          // What a cancellation's refund is worked out from.
          'pickup_at',
          'return_at',
          'total_pence',
          'payment_method',
          'paid_pence',
          'late_fee_due',
          'late_fee_base_pence',
        ])
        .where('booking_number', '=', bookingNumber);
      if (scope.companyId !== null) query = query.where('company_id', '=', scope.companyId);
      return query.forUpdate().executeTakeFirst();
    },
  };
}
