import type { PushSubscriptionRequest } from '../../contract/web-push';

/**
 * Web Push in this browser (issues 34 and 35), for the driver's app and the passenger's booking
 * page: whether it can, and this browser's one subscription for the site (one per service
 * worker registration: the driver's offers and a passenger's bookings share it).
 */

/** How long subscribing waits for the service worker before giving up. */
const WORKER_WAIT_MS = 10_000;

/** Whether this browser can take Web Push: a service worker, PushManager and notifications. */
export function browserCanPush(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'serviceWorker' in navigator &&
    typeof window !== 'undefined' &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/**
 * An iPhone or iPad whose browser has no Push because the page is not open from the Home
 * Screen: iOS gives Web Push only to a web app added there (iOS 16.4 and later). An iPad asks
 * for the desktop site, so it says Macintosh, with a touch screen.
 */
export function pushNeedsHomeScreen(): boolean {
  if (typeof navigator === 'undefined' || browserCanPush()) return false;
  const apple =
    /iPhone|iPad|iPod/.test(navigator.userAgent) ||
    (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1);
  const standalone =
    (navigator as Navigator & { standalone?: boolean }).standalone === true ||
    window.matchMedia?.('(display-mode: standalone)').matches === true;
  return apple && !standalone;
}

/** A VAPID public key (base64url, as the server gives it) as PushManager.subscribe takes it. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const text = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let index = 0; index < text.length; index += 1) bytes[index] = text.charCodeAt(index);
  return bytes;
}

/** Whether a subscription was made with this key (a new key on the server needs a new one). */
export function sameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const current = subscription.options.applicationServerKey;
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((byte, index) => byte === key[index]);
}

function workerReady(): Promise<ServiceWorkerRegistration> {
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<never>((_, reject) =>
      window.setTimeout(() => reject(new Error('No service worker')), WORKER_WAIT_MS),
    ),
  ]);
}

/** This browser's subscription with this key, made when missing (or made with an old key). */
export async function subscribeThisBrowser(publicKey: string): Promise<PushSubscription> {
  const registration = await workerReady();
  const key = applicationServerKey(publicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameKey(existing, key)) return existing;
  await existing?.unsubscribe();
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

/** This browser's subscription, if it has one (without asking for anything). */
export async function thisBrowsersSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager?.getSubscription()) ?? null;
}

/** The subscription as the server takes it: PushSubscription.toJSON(), checked whole. */
export function subscriptionBody(subscription: PushSubscription): PushSubscriptionRequest {
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new Error('Incomplete push subscription');
  return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}

/**
 * An endpoint as the booking page's answer names its followers (ManagedBooking push.subscribed):
 * its SHA-256, in hex.
 */
export async function endpointDigest(endpoint: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(endpoint));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
