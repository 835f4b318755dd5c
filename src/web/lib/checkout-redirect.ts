import * as z from 'zod/mini';

/**
 * Getting to card checkout and back. Stripe Checkout refuses to run inside an iframe, so when
 * the site is embedded in a host page the payment opens at the top level in a named window,
 * and its result page reports back to the framed booking: over BroadcastChannel (same origin,
 * when the browser does not partition it by top-level site) and to window.opener (when the
 * checkout pages kept that link). The framed page also offers a button for when neither
 * arrives, and the server finalises one booking per session whichever page asks.
 */

/** The checkout window's name: a second Pay By Card reuses the same window. */
export const CHECKOUT_WINDOW_NAME = 'ridebook-checkout';
export const PAYMENT_CHANNEL_NAME = 'ridebook-payment';

const checkoutResultSchema = z.object({
  type: z.literal('ridebook-checkout-result'),
  status: z.enum(['success', 'canceled']),
  sessionId: z.nullable(z.string()),
});
export type CheckoutResult = z.infer<typeof checkoutResultSchema>;

/** The browser calls that leave the page; an object so tests can watch them. */
export const browserWindow = {
  assign(url: string): void {
    window.location.assign(url);
  },
  open(url: string, target: string): Window | null {
    return window.open(url, target);
  },
};

/** True when the site runs inside another page's iframe. */
export function isFramed(): boolean {
  try {
    return window.top !== window.self;
  } catch {
    // A cross-origin top can throw on access in old browsers: that is a frame too.
    return true;
  }
}

/**
 * Opens the checkout window with a short note while the session is made. Called inside the
 * click, before any request, because pop-up blockers allow only windows opened by a gesture.
 */
export function openCheckoutWindow(): Window | null {
  const popup = browserWindow.open('', CHECKOUT_WINDOW_NAME);
  try {
    if (popup) {
      popup.document.title = 'Secure payment';
      popup.document.body.textContent = 'Opening the secure payment page…';
    }
  } catch {
    // The named window already shows another origin's page; it is navigated below anyway.
  }
  return popup;
}

/** Sends the opened window to checkout; false when it was blocked or closed meanwhile. */
export function sendCheckoutWindowTo(popup: Window | null, url: string): boolean {
  if (!popup || popup.closed) return false;
  popup.location.href = url;
  return true;
}

/** True when this page is the checkout window a framed booking opened and can still reach. */
export function isCheckoutRelay(): boolean {
  try {
    return window.name === CHECKOUT_WINDOW_NAME && window.opener != null;
  } catch {
    return false;
  }
}

/** Tells a framed booking waiting for this checkout how it ended. */
export function announceCheckoutResult(result: Omit<CheckoutResult, 'type'>): void {
  const message: CheckoutResult = { type: 'ridebook-checkout-result', ...result };
  if (typeof BroadcastChannel === 'function') {
    const channel = new BroadcastChannel(PAYMENT_CHANNEL_NAME);
    channel.postMessage(message);
    channel.close();
  }
  try {
    const opener = window.opener as Window | null;
    // Only our own origin may read it: the result names the session.
    opener?.postMessage(message, window.location.origin);
  } catch {
    // The opener is gone or elsewhere; the channel or the framed page's button covers it.
  }
}

/** Calls `onResult` when a checkout window reports the end of `sessionId`; returns cleanup. */
export function listenForCheckoutResult(
  sessionId: string,
  onResult: (result: CheckoutResult) => void,
): () => void {
  const handle = (data: unknown) => {
    const parsed = checkoutResultSchema.safeParse(data);
    if (!parsed.success) return;
    // A cancel page has no session id; any cancel ends the wait for the one open checkout.
    if (parsed.data.sessionId !== null && parsed.data.sessionId !== sessionId) return;
    onResult(parsed.data);
  };
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== window.location.origin) return;
    handle(event.data);
  };
  window.addEventListener('message', onMessage);
  const channel =
    typeof BroadcastChannel === 'function' ? new BroadcastChannel(PAYMENT_CHANNEL_NAME) : null;
  if (channel) channel.onmessage = (event: MessageEvent) => handle(event.data);
  return () => {
    window.removeEventListener('message', onMessage);
    channel?.close();
  };
}
