import type { CreateCheckoutSessionRequest } from '../../../contract/bookings';
import { createCheckoutSession } from './card-checkout';
import { bookPaidSession, handleWebhook, paymentIdOf } from './paid-session';
import type { PaymentServiceDeps } from './payment-deps';
import { cancelTestCheckout, payTestCheckout, showTestCheckout } from './test-checkout-actions';

/**
 * Card payments: checkout sessions that hold the pending booking, and the one finalisation
 * that turns a paid session into a booking, whichever arrives first (POST /booking with the
 * session id, the signed webhook, the test checkout's Pay button) and however often.
 * Each job has its own module; this binds them to one set of dependencies for the routes.
 */
export function createPaymentService(deps: PaymentServiceDeps) {
  const { provider } = deps;
  return {
    /** GET /secret_key: the publishable key the browser needs, never the secret one. */
    publishableKey() {
      return { publishable_key: provider.publishableKey, provider: provider.name };
    },

    createCheckoutSession: (
      body: CreateCheckoutSessionRequest,
      rawBody: unknown,
      key: string | undefined,
      requestOrigin: string,
    ) => createCheckoutSession(deps, body, rawBody, key, requestOrigin),
    paymentId: (sessionId: string) => paymentIdOf(deps, sessionId),
    bookPaidSession: (sessionId: string, rawBody: unknown, key: string | undefined) =>
      bookPaidSession(deps, sessionId, rawBody, key),
    handleWebhook: (rawBody: Buffer, signature: string | undefined) =>
      handleWebhook(deps, rawBody, signature),
    testCheckoutPage: (sessionId: string) => showTestCheckout(deps, sessionId),
    testPay: (sessionId: string) => payTestCheckout(deps, sessionId),
    testCancel: (sessionId: string) => cancelTestCheckout(deps, sessionId),
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
