import * as z from 'zod/mini';

/**
 * Web Push (issues 34 and 35), for the driver's app and the passenger's booking page alike: the
 * browser's subscription as it is posted, and the message the service worker shows.
 */

/**
 * A subscription's address: a push service's, over https (web-push sends nowhere else). Its
 * host is checked by the server, against WEB_PUSH_HOSTS (domain/push-hosts.ts), on subscribing.
 */
const endpoint = z
  .url({ protocol: /^https$/, error: 'endpoint must be the https address of a push service' })
  .check(z.maxLength(2000, 'endpoint must be at most 2000 characters'));

/** A key of the browser's, base64url: p256dh 87 characters and auth 22 in every browser. */
const browserKey = (name: string) =>
  z
    .string({ error: `${name} must be the browser’s key` })
    .check(z.minLength(1, `${name} is required`), z.maxLength(200, `${name} is too long`));

/** POST …/push-subscription: the browser's PushSubscription.toJSON(). */
export const pushSubscriptionRequestSchema = z.object({
  endpoint,
  keys: z.object({ p256dh: browserKey('keys.p256dh'), auth: browserKey('keys.auth') }),
});
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionRequestSchema>;

/** DELETE …/push-subscription: the browser's endpoint, to be sent no more. */
export const pushUnsubscribeRequestSchema = z.object({ endpoint });
export type PushUnsubscribeRequest = z.infer<typeof pushUnsubscribeRequestSchema>;

/**
 * A Web Push message: the notification's title and text, and the page of this site it opens
 * (a driver's job, e.g. /driver/jobs/710000011; a passenger's booking, /manage-booking/710000011).
 */
export const pushMessageSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
});
export type PushMessage = z.infer<typeof pushMessageSchema>;
