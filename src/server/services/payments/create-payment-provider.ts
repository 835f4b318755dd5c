import { paymentProviderName } from '../../config';
import type { Config } from '../../config';
import type { CheckoutSessionsRepository } from '../../repositories/checkout-sessions-repository';
import type { PaymentProvider } from './payment-provider';
import { createStripeProvider } from './stripe-provider';
import { createTestProvider } from './test-provider';

/** The provider the configuration names (PAYMENT_PROVIDER, else stripe with keys, else test). */
export function createPaymentProvider(
  config: Pick<
    Config,
    | 'PAYMENT_PROVIDER'
    | 'STRIPE_SECRET_KEY'
    | 'STRIPE_PUBLISHABLE_KEY'
    | 'STRIPE_WEBHOOK_SECRET'
    | 'STRIPE_API_BASE_URL'
    | 'STRIPE_TIMEOUT_MS'
  >,
  sessions: CheckoutSessionsRepository,
): PaymentProvider {
  if (paymentProviderName(config) === 'test') return createTestProvider(sessions);
  // Refused at start, not at the first payment.
  if (!config.STRIPE_SECRET_KEY || !config.STRIPE_PUBLISHABLE_KEY) {
    throw new Error('PAYMENT_PROVIDER stripe needs STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY');
  }
  return createStripeProvider({
    secretKey: config.STRIPE_SECRET_KEY,
    publishableKey: config.STRIPE_PUBLISHABLE_KEY,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    apiBaseUrl: config.STRIPE_API_BASE_URL,
    timeoutMs: config.STRIPE_TIMEOUT_MS,
  });
}
