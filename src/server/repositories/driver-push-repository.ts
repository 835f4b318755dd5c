import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { PushSubscriptionRow } from './push-subscription-row';

/** The driver app's Web Push subscriptions (issue 34), one per browser (its endpoint). */
export function createDriverPushRepository(db: Kysely<Database>) {
  return {
    /**
     * Keeps a browser's subscription for a driver. An endpoint names one browser: subscribed
     * again (new keys, or another driver signed in on that phone), it is replaced.
     */
    async save(driverId: number, subscription: PushSubscriptionRow): Promise<void> {
      await db
        .insertInto('driver_push_subscriptions')
        .values({ driver_id: driverId, ...subscription })
        .onConflict((oc) =>
          oc.column('endpoint').doUpdateSet({
            driver_id: driverId,
            p256dh: subscription.p256dh,
            auth: subscription.auth,
          }),
        )
        .execute();
    },

    /** A driver's subscriptions. */
    async list(driverId: number): Promise<PushSubscriptionRow[]> {
      return db
        .selectFrom('driver_push_subscriptions')
        .select(['endpoint', 'p256dh', 'auth'])
        .where('driver_id', '=', driverId)
        .orderBy('id')
        .execute();
    },

    /** Forgets a driver's own subscription (signing out on that phone); another's is kept. */
    async removeOf(driverId: number, endpoint: string): Promise<void> {
      await db
        .deleteFrom('driver_push_subscriptions')
        .where('driver_id', '=', driverId)
        .where('endpoint', '=', endpoint)
        .execute();
    },

    /** Forgets a subscription the push service says is gone. */
    async remove(endpoint: string): Promise<void> {
      await db.deleteFrom('driver_push_subscriptions').where('endpoint', '=', endpoint).execute();
    },
  };
}

export type DriverPushRepository = ReturnType<typeof createDriverPushRepository>;
