import type { FastifyBaseLogger } from 'fastify';
import type { PushMessage, PushSubscriptionRequest } from '../../../contract/web-push';
import type { DriverPushRepository } from '../../repositories/driver-push-repository';
import type { PushSubscriptionRow } from '../../repositories/push-subscription-row';
import { refusedHost, type WebPush } from '../web-push/web-push';

export interface PushSender {
  /** The VAPID public key a browser subscribes with (the driver's me answer). */
  publicKey: string;
  /**
   * Keeps a browser's subscription for a driver (POST /driver/push-subscription); one whose
   * endpoint is not a push service's is a 400 (WebPush.checkEndpoint).
   */
  subscribe(driverId: number, subscription: PushSubscriptionRequest): Promise<void>;
  /** Forgets a browser's subscription of the driver's (DELETE /driver/push-subscription). */
  unsubscribe(driverId: number, endpoint: string): Promise<void>;
  /**
   * Sends a notification to each of a driver's browsers, in the background: call it after the
   * commit of what it announces, never inside a transaction. A subscription the push service
   * says is gone, or one the sender refuses, is forgotten; any other failure is logged.
   */
  notify(driverId: number, message: PushMessage, ttlSeconds: number): void;
  /** Resolves when every send begun so far has ended (tests; the app's close). */
  idle(): Promise<void>;
}

export interface PushSenderOptions {
  subscriptions: DriverPushRepository;
  webPush: WebPush;
  logger: FastifyBaseLogger;
}

/** Web Push to the driver app (issue 34), through the one sender (web-push/web-push.ts). */
export function createPushSender(options: PushSenderOptions): PushSender {
  const sending = new Set<Promise<void>>();

  async function sendOne(subscription: PushSubscriptionRow, message: PushMessage, ttl: number) {
    try {
      const sent = await options.webPush.deliver(subscription, message, ttl);
      if (sent === 'sent') return;
      await options.subscriptions.remove(subscription.endpoint);
      if (sent === 'gone') options.logger.info('push subscription gone: removed');
      else options.logger.warn(refusedHost(subscription), 'push subscription refused: removed');
    } catch (error) {
      options.logger.warn({ err: error }, 'push notification not sent');
    }
  }

  async function send(driverId: number, message: PushMessage, ttlSeconds: number) {
    const subscriptions = await options.subscriptions.list(driverId);
    await Promise.all(subscriptions.map((each) => sendOne(each, message, ttlSeconds)));
  }

  return {
    publicKey: options.webPush.publicKey,
    async subscribe(driverId, subscription) {
      options.webPush.checkEndpoint(subscription.endpoint);
      await options.subscriptions.save(driverId, {
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
      });
    },
    unsubscribe: (driverId, endpoint) => options.subscriptions.removeOf(driverId, endpoint),
    notify(driverId, message, ttlSeconds) {
      const work = send(driverId, message, ttlSeconds)
        .catch((error: unknown) => options.logger.error({ err: error }, 'push sending failed'))
        .finally(() => sending.delete(work));
      sending.add(work);
    },
    async idle() {
      while (sending.size > 0) await Promise.all([...sending]);
    },
  };
}
