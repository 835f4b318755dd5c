import Stripe from 'stripe';
import type {
  CheckoutRequest,
  CheckoutStatus,
  CreatedCheckout,
  CreatedRefund,
  PaymentProvider,
  ProviderRefundState,
  RefundRequest,
  WebhookEvent,
} from './payment-provider';
import { PaymentProviderError, WebhookSignatureError } from './payment-provider';

export interface StripeProviderOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string | undefined;
  /** Another API host, e.g. a local server in tests; unset means Stripe's own. */
  apiBaseUrl: string | undefined;
  /** How long one try may take before it is abandoned (STRIPE_TIMEOUT_MS). */
  timeoutMs: number;
}

/** The SDK's host options for a base URL such as http://127.0.0.1:12111. */
function hostOptions(baseUrl: string | undefined): Partial<Stripe.StripeConfig> {
  if (!baseUrl) return {};
  const url = new URL(baseUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
  };
}

/** Stripe's ids (cs_…, pi_…) are printable ASCII; anything else is no id of theirs. */
const STRIPE_ID = /^[\x21-\x7e]{1,255}$/;

function paymentIntentId(session: Stripe.Checkout.Session): string | null {
  const intent = session.payment_intent as unknown;
  if (typeof intent === 'string') return intent;
  const id = intent !== null && typeof intent === 'object' ? (intent as { id?: unknown }).id : null;
  return typeof id === 'string' ? id : null;
}

/** Stripe's refund states as ours: requires_action and canceled are not money returned. */
function refundState(status: string | null | undefined): ProviderRefundState {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'pending' || status === 'requires_action') return 'pending';
  return 'failed';
}

function refundsOf(event: Stripe.Event): WebhookEvent {
  const object = event.data?.object as unknown as Record<string, unknown> | null;
  if (object === null || typeof object !== 'object') return { kind: 'ignored', type: event.type };
  const intentOf = (value: unknown) =>
    typeof value === 'string'
      ? value
      : value !== null &&
          typeof value === 'object' &&
          typeof (value as { id?: unknown }).id === 'string'
        ? (value as { id: string }).id
        : null;
  const refunds: { id: string; state: ProviderRefundState }[] = [];
  const add = (refund: unknown) => {
    const r = refund as { id?: unknown; status?: unknown } | null;
    if (r && typeof r.id === 'string' && STRIPE_ID.test(r.id)) {
      refunds.push({
        id: r.id,
        state: refundState(typeof r.status === 'string' ? r.status : null),
      });
    }
  };
  if (event.type === 'charge.refunded') {
    // The charge lists its refunds when the API version includes them.
    const list = (object.refunds as { data?: unknown[] } | undefined)?.data;
    if (Array.isArray(list)) list.forEach(add);
  } else {
    add(object);
  }
  const paymentId = intentOf(object.payment_intent);
  if (!paymentId || !STRIPE_ID.test(paymentId)) return { kind: 'ignored', type: event.type };
  return { kind: 'refunds', paymentId, refunds };
}

/** The SDK's failure as ours: the visitor may retry when Stripe was slow, down or busy. */
function providerError(error: unknown): PaymentProviderError {
  // An idempotency conflict (the same key still in flight) is no answer yet, not a refusal.
  const unavailable =
    error instanceof Stripe.errors.StripeIdempotencyError ||
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError;
  return new PaymentProviderError(unavailable ? 'unavailable' : 'failed', { cause: error });
}

/** Stripe Checkout through the official SDK. */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    ...hostOptions(options.apiBaseUrl),
    // A visitor waits on each call: at most two tries of timeoutMs (the SDK's default is 80 s).
    // A retried create carries the same idempotency key, so it cannot make a second session.
    timeout: options.timeoutMs,
    maxNetworkRetries: 1,
  });
  const webhookSecret = options.webhookSecret;
  return {
    name: 'stripe',
    publishableKey: options.publishableKey,
    // Two tries and the SDK's pause between them (at most its 0.5 s initial delay), with room.
    callBudgetMs: 2 * options.timeoutMs + 2_000,
    createCheckout: (request) => createCheckout(stripe, request),
    retrieve: (sessionId) => retrieveCheckout(stripe, sessionId),
    refund: (request) => createRefund(stripe, request),
    refundState: (refundId) => retrieveRefundState(stripe, refundId),
    verifyWebhook: webhookSecret
      ? (rawBody, signature) => verifyWebhook(stripe, webhookSecret, rawBody, signature)
      : null,
  };
}

async function createCheckout(stripe: Stripe, request: CheckoutRequest): Promise<CreatedCheckout> {
  const session = await stripe.checkout.sessions
    .create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: request.currency,
              unit_amount: request.amountPence,
              product_data: { name: request.description },
            },
          },
        ],
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        metadata: request.metadata,
        payment_intent_data: { metadata: request.metadata },
      },
      request.idempotencyKey ? { idempotencyKey: request.idempotencyKey } : undefined,
    )
    .catch((error: unknown) => {
      throw providerError(error);
    });
  if (!session.url) {
    const cause = new Error(`Stripe returned checkout session ${session.id} without a url`);
    throw new PaymentProviderError('failed', { cause });
  }
  return { id: session.id, url: session.url };
}

async function retrieveCheckout(
  stripe: Stripe,
  sessionId: string,
): Promise<CheckoutStatus | undefined> {
  try {
    const session = await stripe.checkout.sessions.retrieve(sessionId);
    return {
      paid: session.payment_status === 'paid',
      paymentId: paymentIntentId(session),
      amountPence: session.amount_total,
      currency: session.currency,
    };
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) {
      return undefined;
    }
    throw providerError(error);
  }
}

async function createRefund(stripe: Stripe, request: RefundRequest): Promise<CreatedRefund> {
  const refund = await stripe.refunds
    .create(
      {
        payment_intent: request.paymentId,
        amount: request.amountPence,
        metadata: request.metadata,
      },
      { idempotencyKey: request.idempotencyKey },
    )
    .catch((error: unknown) => {
      throw providerError(error);
    });
  return { id: refund.id, state: refundState(refund.status) };
}

async function retrieveRefundState(stripe: Stripe, refundId: string): Promise<ProviderRefundState> {
  const refund = await stripe.refunds.retrieve(refundId).catch((error: unknown) => {
    throw providerError(error);
  });
  return refundState(refund.status);
}

/** A webhook's signed event as ours; anything unsigned or unreadable is refused, never a 5xx. */
function verifyWebhook(
  stripe: Stripe,
  webhookSecret: string,
  rawBody: Buffer,
  signature: string | undefined,
): WebhookEvent {
  if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header');
  let event: Stripe.Event;
  try {
    // Checks the HMAC over the raw bytes and that the timestamp is within 5 minutes.
    event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
  } catch (error) {
    // Nothing here does I/O: whatever fails (the signature, a header the SDK cannot
    // parse, a signed body that is not JSON) is a request we refuse, never a 5xx.
    throw new WebhookSignatureError(
      error instanceof Stripe.errors.StripeSignatureVerificationError
        ? 'Invalid webhook signature'
        : 'Invalid webhook payload',
    );
  }
  return toEvent(event);
}

/** A Stripe event as ours: a paid checkout, refunds of a payment, or ignored. */
function toEvent(event: Stripe.Event): WebhookEvent {
  // Only Stripe can sign, but an event not shaped as Stripe's is ignored, never a 5xx.
  if (event === null || typeof event !== 'object') return { kind: 'ignored', type: '' };
  if (
    event.type === 'checkout.session.completed' ||
    event.type === 'checkout.session.async_payment_succeeded'
  ) {
    const session = event.data?.object;
    if (session === null || typeof session !== 'object' || !STRIPE_ID.test(session.id)) {
      return { kind: 'ignored', type: event.type };
    }
    const paymentId = paymentIntentId(session);
    const amount = session.amount_total;
    if (
      session.payment_status === 'paid' &&
      typeof paymentId === 'string' &&
      STRIPE_ID.test(paymentId) &&
      typeof amount === 'number' &&
      Number.isSafeInteger(amount)
    ) {
      return {
        kind: 'paid',
        sessionId: session.id,
        paymentId,
        amountPence: amount,
        currency: session.currency ?? '',
      };
    }
  }
  if (
    event.type === 'charge.refunded' ||
    event.type === 'refund.updated' ||
    event.type === 'refund.failed' ||
    event.type === 'refund.created'
  ) {
    return refundsOf(event);
  }
  return { kind: 'ignored', type: event.type };
}
