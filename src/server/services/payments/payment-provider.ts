/**
 * A card payment provider: hosted checkout sessions, their status, and (Stripe) signed
 * webhooks. Two kinds: `stripe` (the real thing, or a local server speaking its wire format
 * in tests) and `test` (sessions only in our database, paid on a local page that charges
 * nothing).
 */

export interface CheckoutRequest {
  amountPence: number;
  /** ISO 4217, lower case as Stripe writes it: 'gbp'. */
  currency: string;
  /** What the customer sees on the checkout page. */
  description: string;
  /** With Stripe's {CHECKOUT_SESSION_ID} placeholder. */
  successUrl: string;
  cancelUrl: string;
  /** Where this site is served, for a local checkout page. */
  siteOrigin: string;
  metadata: Record<string, string>;
  /** Passed to the provider, so a retried create makes the same session. */
  idempotencyKey?: string;
}

export interface CreatedCheckout {
  id: string;
  url: string;
}

/** A session as the provider reports it. */
export interface CheckoutStatus {
  paid: boolean;
  paymentId: string | null;
  /** What was charged, pence; null when not known. */
  amountPence: number | null;
  currency: string | null;
}

/** A verified webhook event: a completed, paid checkout, or something we do not act on. */
export type WebhookEvent =
  | { kind: 'paid'; sessionId: string; paymentId: string; amountPence: number; currency: string }
  | { kind: 'ignored'; type: string };

/** Thrown for a webhook whose signature does not verify or whose timestamp is too old. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

export interface PaymentProvider {
  name: 'stripe' | 'test';
  /** What GET /secret_key answers; the test provider's is a marker, not a Stripe key. */
  publishableKey: string;
  createCheckout(request: CheckoutRequest): Promise<CreatedCheckout>;
  /** The provider's view of a session; undefined when it knows no such session. */
  retrieve(sessionId: string): Promise<CheckoutStatus | undefined>;
  /** Verifies and reads a webhook from the raw body; null when webhooks are not configured. */
  verifyWebhook: ((rawBody: Buffer, signature: string | undefined) => WebhookEvent) | null;
}
