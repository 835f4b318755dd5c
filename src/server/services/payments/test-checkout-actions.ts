import type { PreparedBooking } from '../bookings/prepared-booking';
import { describe } from './card-checkout';
import { finalise } from './paid-session';
import { notFound, type PaymentServiceDeps } from './payment-deps';
import { testCheckoutPage } from './test-checkout-page';
import { TEST_CHECKOUT_PATH, testId } from './test-provider';

/** The local checkout (test provider only): its page, and its Pay and Cancel buttons. */

/** GET /test-checkout/:id: the local checkout page (test provider only). */
export async function showTestCheckout(
  deps: PaymentServiceDeps,
  sessionId: string,
): Promise<string> {
  const session = await deps.sessions.findById(sessionId);
  if (deps.provider.name !== 'test' || !session || session.provider !== 'test') throw notFound();
  return testCheckoutPage({
    sessionId,
    basePath: TEST_CHECKOUT_PATH,
    amountPence: session.amountPence,
    description:
      session.purpose === 'amendment'
        ? 'The difference in price for a change to your booking'
        : describe(session.pending as PreparedBooking),
    open: session.status === 'open',
  });
}

/**
 * The test page's Pay: marks the session paid and books it, as Stripe's webhook would,
 * then answers where to go: the success URL with the session id, as Stripe redirects.
 */
export async function payTestCheckout(
  deps: PaymentServiceDeps,
  sessionId: string,
): Promise<string> {
  const session = await deps.sessions.findById(sessionId);
  if (deps.provider.name !== 'test' || !session || session.provider !== 'test') throw notFound();
  if (session.status === 'canceled' || session.status === 'expired') return session.cancelUrl;
  await deps.sessions.markPaid(sessionId, testId('pi_test_local'), deps.clock());
  const paid = await deps.sessions.findById(sessionId);
  if (paid?.paymentId && paid.purpose === 'amendment') {
    await deps.amendments?.finalisePaid(paid, paid.paymentId);
  } else if (paid?.paymentId) {
    await finalise(deps, sessionId, paid.paymentId);
  }
  return session.successUrl.replace('{CHECKOUT_SESSION_ID}', encodeURIComponent(sessionId));
}

/** The test page's Cancel: the session closes; back to the cancel URL. */
export async function cancelTestCheckout(
  deps: PaymentServiceDeps,
  sessionId: string,
): Promise<string> {
  const session = await deps.sessions.findById(sessionId);
  if (deps.provider.name !== 'test' || !session || session.provider !== 'test') throw notFound();
  await deps.sessions.markCanceled(sessionId);
  return session.cancelUrl;
}
