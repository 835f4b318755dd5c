import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { PushSubscriptionRow } from './push-subscription-row';

type Executor = Kysely<Database> | Transaction<Database>;

/** The browsers following a booking by Web Push (issue 35), one row per booking and browser. */
export function createPassengerPushRepository(db: Kysely<Database>) {
  return {
    /**
     * Keeps a browser's subscription for a booking; the same browser again (new keys) replaces
     * its keys. Only the `keep` latest to follow the booking stay: a booking is followed on a
     * few phones, and each is an address every change sends to.
     */
    async save(
      bookingId: number,
      subscription: PushSubscriptionRow,
      keep: number,
      trx: Executor = db,
    ): Promise<void> {
      await trx
        .insertInto('passenger_push_subscriptions')
        .values({ booking_id: bookingId, ...subscription })
        .onConflict((oc) =>
          oc.columns(['booking_id', 'endpoint']).doUpdateSet({
            p256dh: subscription.p256dh,
            auth: subscription.auth,
          }),
        )
        .execute();
      await trx
        .deleteFrom('passenger_push_subscriptions')
        .where('booking_id', '=', bookingId)
        .where('id', 'not in', (eb) =>
          eb
            .selectFrom('passenger_push_subscriptions')
            .select('id')
            .where('booking_id', '=', bookingId)
            .orderBy('id', 'desc')
            .limit(keep),
        )
        .execute();
    },

    /** The booking's subscriptions, oldest first. */
    list: (bookingId: number, trx: Executor = db): Promise<PushSubscriptionRow[]> =>
      trx
        .selectFrom('passenger_push_subscriptions')
        .select(['endpoint', 'p256dh', 'auth'])
        .where('booking_id', '=', bookingId)
        .orderBy('id')
        .execute(),

    /** Whether the browser still follows the booking (it may have been turned off since). */
    async follows(bookingId: number, endpoint: string): Promise<boolean> {
      const row = await db
        .selectFrom('passenger_push_subscriptions')
        .select('id')
        .where('booking_id', '=', bookingId)
        .where('endpoint', '=', endpoint)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The browser stops following the booking ("Turn off"); the others it follows keep it. */
    async removeOf(bookingId: number, endpoint: string): Promise<void> {
      await db
        .deleteFrom('passenger_push_subscriptions')
        .where('booking_id', '=', bookingId)
        .where('endpoint', '=', endpoint)
        .execute();
    },

    /** Every subscription of a booking that has ended, in the change's transaction. */
    async removeAll(bookingId: number, trx: Executor): Promise<void> {
      await trx
        .deleteFrom('passenger_push_subscriptions')
        .where('booking_id', '=', bookingId)
        .execute();
    },

    /** A subscription the push service says is gone, from every booking it followed. */
    async remove(endpoint: string): Promise<void> {
      await db
        .deleteFrom('passenger_push_subscriptions')
        .where('endpoint', '=', endpoint)
        .execute();
    },
  };
}

export type PassengerPushRepository = ReturnType<typeof createPassengerPushRepository>;
