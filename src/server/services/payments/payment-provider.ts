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

/** A refund's state as the provider reports it. */
export type ProviderRefundState = 'pending' | 'succeeded' | 'failed';

/** A refund of part or all of one card payment. */
export interface RefundRequest {
  /** The payment (pi_…) the money goes back to. */
  paymentId: string;
  amountPence: number;
  /** Derived from the booking and the ledger row, so a retried call refunds once. */
  idempotencyKey: string;
  metadata: Record<string, string>;
}

export interface CreatedRefund {
  id: string;
  state: ProviderRefundState;
}

/**
 * A verified webhook event: a completed, paid checkout; refunds of a payment settling
 * (charge.refunded, refund.updated, refund.failed); or something we do not act on.
 */
export type WebhookEvent =
  | { kind: 'paid'; sessionId: string; paymentId: string; amountPence: number; currency: string }
  | { kind: 'refunds'; paymentId: string; refunds: { id: string; state: ProviderRefundState }[] }
  | { kind: 'ignored'; type: string };

/** Thrown for a webhook whose signature does not verify or whose timestamp is too old. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/**
 * The provider could not do what was asked: `unavailable` when it did not answer in time, was
 * unreachable or said to retry later (the visitor may try again); `failed` when it refused the
 * call (our keys or request; the operator must look).
 */
export class PaymentProviderError extends Error {
  constructor(
    readonly kind: 'unavailable' | 'failed',
    options: { cause: unknown },
  ) {
    super(`Payment provider ${kind}`, options);
    this.name = 'PaymentProviderError';
  }
}

export interface PaymentProvider {
  name: 'stripe' | 'test';
  /** What GET /secret_key answers; the test provider's is a marker, not a Stripe key. */
  publishableKey: string;
  /** The longest one call may take, retries included: how long a repeat waits for it. */
  callBudgetMs: number;
  createCheckout(request: CheckoutRequest): Promise<CreatedCheckout>;
  /** The provider's view of a session; undefined when it knows no such session. */
  retrieve(sessionId: string): Promise<CheckoutStatus | undefined>;
  /** Returns money to the card of one payment (Stripe's Refunds API). */
  refund(request: RefundRequest): Promise<CreatedRefund>;
  /** Where a refund the provider accepted has got to (a pending one settles later). */
  refundState(refundId: string): Promise<ProviderRefundState>;
  /** Verifies and reads a webhook from the raw body; null when webhooks are not configured. */
  verifyWebhook: ((rawBody: Buffer, signature: string | undefined) => WebhookEvent) | null;
}
