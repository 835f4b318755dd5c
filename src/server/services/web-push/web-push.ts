import type { Agent } from 'node:https';
import webpush, { WebPushError } from 'web-push';
import type { PushMessage } from '../../../contract/web-push';
import { isPushServiceEndpoint, PUSH_ENDPOINT_REFUSED } from '../../../domain/push-hosts';
import { RequestValidationError } from '../../errors';
import type { PushSubscriptionRow } from '../../repositories/push-subscription-row';
import type { VapidKeys } from './vapid-keys';

/** A socket silent this long ends a send: a push service that hangs must not pile sends up. */
const SEND_TIMEOUT_MS = 10_000;

/** A push service's answers for a subscription that is no more (RFC 8030 and every vendor). */
const GONE = new Set([404, 410]);

export interface WebPush {
  /** The VAPID public key a browser subscribes with (the driver's me, the booking page). */
  publicKey: string;
  /**
   * Refuses (400 naming `endpoint`) a subscription whose endpoint is not on a push service's
   * host (WEB_PUSH_HOSTS): the driver's and the passenger's subscriptions are checked here.
   */
  checkEndpoint(endpoint: string): void;
  /**
   * Sends one message to one browser, encrypted for it (aes128gcm) and signed with VAPID.
   * 'gone': the push service says the subscription is no more; 'refused': its endpoint is not
   * on a push service's host (one kept from before the check, or before WEB_PUSH_HOSTS
   * changed), so nothing is sent. Either way its owner forgets it. Any other failure throws:
   * the driver's sender logs it, the passenger's job tries again.
   */
  deliver(
    subscription: PushSubscriptionRow,
    message: PushMessage,
    ttlSeconds: number,
  ): Promise<'sent' | 'gone' | 'refused'>;
}

export interface WebPushOptions {
  keys: VapidKeys;
  /** WEB_PUSH_HOSTS: the only hosts a message is sent to. */
  hosts: readonly string[];
  /** The contact push services are given: VAPID_SUBJECT, else mailto: the FROM_EMAIL setting. */
  subject: () => Promise<string>;
  /** The HTTPS agent for the push services; tests give one that trusts their stand-in. */
  agent?: Agent;
}

/** What is logged of a refused subscription: its host, not the address that reaches a phone. */
export function refusedHost(subscription: PushSubscriptionRow): { host: string } {
  const { endpoint } = subscription;
  return { host: URL.canParse(endpoint) ? new URL(endpoint).host : 'not a URL' };
}

/**
 * The one Web Push sender (issues 34 and 35), through the web-push library: the driver's offers
 * and the passenger's booking news both go out here.
 */
export function createWebPush(options: WebPushOptions): WebPush {
  const allowed = (endpoint: string) => isPushServiceEndpoint(endpoint, options.hosts);
  return {
    publicKey: options.keys.publicKey,
    checkEndpoint(endpoint) {
      if (!allowed(endpoint)) {
        throw new RequestValidationError([{ path: 'endpoint', message: PUSH_ENDPOINT_REFUSED }]);
      }
    },
    async deliver(subscription, message, ttlSeconds) {
      if (!allowed(subscription.endpoint)) return 'refused';
      try {
        await webpush.sendNotification(
          {
            endpoint: subscription.endpoint,
            keys: { p256dh: subscription.p256dh, auth: subscription.auth },
          },
          JSON.stringify(message),
          {
            vapidDetails: { subject: await options.subject(), ...options.keys },
            // News that has gone stale (an offer timed out, a car long arrived) may be dropped.
            TTL: ttlSeconds,
            urgency: 'high',
            contentEncoding: 'aes128gcm',
            timeout: SEND_TIMEOUT_MS,
            agent: options.agent,
          },
        );
        return 'sent';
      } catch (error) {
        if (error instanceof WebPushError && GONE.has(error.statusCode)) return 'gone';
        throw error;
      }
    },
  };
}
