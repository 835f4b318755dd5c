import type { Agent } from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import webpush, { WebPushError } from 'web-push';
import type { PushSubscriptionRequest } from '../../../contract/driver';
import type { DriverPushPayload } from '../../../contract/driver-app';
import type {
  DriverPushRepository,
  PushSubscriptionRow,
} from '../../repositories/driver-push-repository';
import type { VapidKeys } from './vapid-keys';

/** A socket silent this long ends a send: a push service that hangs must not pile sends up. */
const SEND_TIMEOUT_MS = 10_000;

/** A push service's answers for a subscription that is no more (RFC 8030 and every vendor). */
const GONE = new Set([404, 410]);

export interface PushSender {
  /** The VAPID public key a browser subscribes with (the driver's me answer). */
  publicKey: string;
  /** Keeps a browser's subscription for a driver (POST /driver/push-subscription). */
  subscribe(driverId: number, subscription: PushSubscriptionRequest): Promise<void>;
  /** Forgets a browser's subscription of the driver's (DELETE /driver/push-subscription). */
  unsubscribe(driverId: number, endpoint: string): Promise<void>;
  /**
   * Sends a notification to each of a driver's browsers, in the background: call it after the
   * commit of what it announces, never inside a transaction. A subscription the push service
   * says is gone is forgotten; any other failure is logged.
   */
  notify(driverId: number, message: DriverPushPayload, ttlSeconds: number): void;
  /** Resolves when every send begun so far has ended (tests; the app's close). */
  idle(): Promise<void>;
}

export interface PushSenderOptions {
  subscriptions: DriverPushRepository;
  keys: VapidKeys;
  /** The contact push services are given: VAPID_SUBJECT, else mailto: the FROM_EMAIL setting. */
  subject: () => Promise<string>;
  logger: FastifyBaseLogger;
  /** The HTTPS agent for the push services; tests give one that trusts their stand-in. */
  agent?: Agent;
}

/** Web Push to the driver app (issue 34) through the web-push library, signed with VAPID. */
export function createPushSender(options: PushSenderOptions): PushSender {
  const sending = new Set<Promise<void>>();

  async function sendOne(
    subscription: PushSubscriptionRow,
    payload: string,
    settings: { subject: string; ttlSeconds: number },
  ): Promise<void> {
    try {
      await webpush.sendNotification(
        {
          endpoint: subscription.endpoint,
          keys: { p256dh: subscription.p256dh, auth: subscription.auth },
        },
        payload,
        {
          vapidDetails: { subject: settings.subject, ...options.keys },
          // An offer is worth nothing once it has timed out: the push service may drop it then.
          TTL: settings.ttlSeconds,
          urgency: 'high',
          contentEncoding: 'aes128gcm',
          timeout: SEND_TIMEOUT_MS,
          agent: options.agent,
        },
      );
    } catch (error) {
      if (error instanceof WebPushError && GONE.has(error.statusCode)) {
        await options.subscriptions.remove(subscription.endpoint);
        options.logger.info({ status: error.statusCode }, 'push subscription gone: removed');
        return;
      }
      options.logger.warn({ err: error }, 'push notification not sent');
    }
  }

  async function send(driverId: number, message: DriverPushPayload, ttlSeconds: number) {
    const subscriptions = await options.subscriptions.list(driverId);
    if (subscriptions.length === 0) return;
    const settings = { subject: await options.subject(), ttlSeconds };
    const payload = JSON.stringify(message);
    await Promise.all(subscriptions.map((each) => sendOne(each, payload, settings)));
  }

  return {
    publicKey: options.keys.publicKey,
    subscribe: (driverId, subscription) =>
      options.subscriptions.save(driverId, {
        endpoint: subscription.endpoint,
        p256dh: subscription.keys.p256dh,
        auth: subscription.keys.auth,
      }),
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
