import Stripe from 'stripe';
import type {
  CheckoutRequest,
  CheckoutStatus,
  CreatedCheckout,
  PaymentProvider,
  WebhookEvent,
} from './payment-provider';
import { WebhookSignatureError } from './payment-provider';

export interface StripeProviderOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string | undefined;
  /** Another API host, e.g. a local server in tests; unset means Stripe's own. */
  apiBaseUrl: string | undefined;
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

function paymentIntentId(session: Stripe.Checkout.Session): string | null {
  const intent = session.payment_intent;
  if (intent === null) return null;
  return typeof intent === 'string' ? intent : intent.id;
}

/** Stripe Checkout through the official SDK. */
export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    ...hostOptions(options.apiBaseUrl),
    // Network failures are retried by the SDK with the same idempotency key.
    maxNetworkRetries: 2,
  });

  function toEvent(event: Stripe.Event): WebhookEvent {
    if (
      event.type === 'checkout.session.completed' ||
      event.type === 'checkout.session.async_payment_succeeded'
    ) {
      const session = event.data.object;
      const paymentId = paymentIntentId(session);
      if (session.payment_status === 'paid' && paymentId && session.amount_total !== null) {
        return {
          kind: 'paid',
          sessionId: session.id,
          paymentId,
          amountPence: session.amount_total,
          currency: session.currency ?? '',
        };
      }
    }
    return { kind: 'ignored', type: event.type };
  }

  const webhookSecret = options.webhookSecret;
  return {
    name: 'stripe',
    publishableKey: options.publishableKey,

    async createCheckout(request: CheckoutRequest): Promise<CreatedCheckout> {
      const session = await stripe.checkout.sessions.create(
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
      );
      if (!session.url)
        throw new Error(`Stripe returned checkout session ${session.id} without a url`);
      return { id: session.id, url: session.url };
    },

    async retrieve(sessionId: string): Promise<CheckoutStatus | undefined> {
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
        throw error;
      }
    },

    verifyWebhook: webhookSecret
      ? (rawBody, signature) => {
          if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header');
          let event: Stripe.Event;
          try {
            // Checks the HMAC over the raw bytes and that the timestamp is within 5 minutes.
            event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
          } catch (error) {
            if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
              throw new WebhookSignatureError('Invalid webhook signature');
            }
            throw error;
          }
          return toEvent(event);
        }
      : null,
  };
}
