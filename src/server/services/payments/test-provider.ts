import { randomBytes } from 'node:crypto';
import type { CheckoutSessionsRepository } from '../../repositories/checkout-sessions-repository';
import type {
  CheckoutStatus,
  CreatedCheckout,
  CreatedRefund,
  PaymentProvider,
} from './payment-provider';

/** What GET /secret_key answers in test mode: plainly not a Stripe key. */
export const TEST_PUBLISHABLE_KEY = 'pk_test_local';
/** Where the local test checkout page lives (outside /api/v1: a browser opens it). */
export const TEST_CHECKOUT_PATH = '/test-checkout';

/** A fresh id with a prefix, random enough that ids cannot be guessed. */
export function testId(prefix: string): string {
  return `${prefix}_${randomBytes(18).toString('base64url')}`;
}

/**
 * The test provider: no keys, no network. A session lives only in checkout_sessions and is paid
 * on a local page (/test-checkout/:id) that says plainly it charges nothing, then returns to
 * the site exactly as Stripe Checkout does.
 */
export function createTestProvider(sessions: CheckoutSessionsRepository): PaymentProvider {
  return {
    name: 'test',
    publishableKey: TEST_PUBLISHABLE_KEY,
    // Nothing leaves the process; a call is as quick as a query.
    callBudgetMs: 5_000,

    async createCheckout(request): Promise<CreatedCheckout> {
      const id = testId('cs_test_local');
      return { id, url: `${request.siteOrigin}${TEST_CHECKOUT_PATH}/${id}` };
    },

    async retrieve(sessionId): Promise<CheckoutStatus | undefined> {
      const session = await sessions.findById(sessionId);
      if (!session || session.provider !== 'test') return undefined;
      const paid = session.status === 'paid' || session.status === 'booked';
      return {
        paid,
        paymentId: session.paymentId,
        amountPence: paid ? session.amountPence : null,
        currency: 'gbp',
      };
    },

    // Nothing to return: the local checkout charged nothing. The ledger records the refund as
    // it would a real one, settled at once as most card refunds are.
    async refund(): Promise<CreatedRefund> {
      return { id: testId('re_test_local'), state: 'succeeded' };
    },

    async refundState() {
      return 'succeeded' as const;
    },

    verifyWebhook: null,
  };
}
