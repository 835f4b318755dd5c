/** A browser's push subscription: where to send, and the keys to encrypt for it. */
export interface PushSubscriptionRow {
  endpoint: string;
  p256dh: string;
  auth: string;
}
