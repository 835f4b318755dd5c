import { BOOKING_MESSAGES } from '../../../domain/messages';
import { UpstreamError } from '../../errors';
import { PaymentProviderError } from './payment-provider';

/**
 * A provider call, its failures as answers for the visitor: 503 when it did not answer (try
 * again later), 502 when it refused the call. Never called inside a transaction: a provider
 * that hangs must not hold a database connection (PGlite has only one).
 */
export async function fromProvider<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    if (error.kind === 'unavailable') {
      throw new UpstreamError(503, BOOKING_MESSAGES.paymentProviderUnavailable, { cause: error });
    }
    throw new UpstreamError(502, BOOKING_MESSAGES.paymentProviderFailed, { cause: error });
  }
}
