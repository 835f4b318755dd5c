import type { Kysely } from 'kysely';
import { BOOKING_MESSAGES } from '../../../domain/messages';
import type { Database } from '../../db/schema';
import { HttpError } from '../../errors';
import type { Idempotency } from '../../lib/idempotency';
import type { BookingsRepository } from '../../repositories/bookings-repository';
import type {
  CheckoutSessionRecord,
  CheckoutSessionsRepository,
} from '../../repositories/checkout-sessions-repository';
import type { BookingService } from '../bookings/booking-service';
import type { PaymentProvider } from './payment-provider';
import type { Ledger } from '../ledger/ledger';

/** Stripe writes currencies in lower case; every booking here is in pounds. */
export const CURRENCY = 'gbp';

export interface PaymentServiceDeps {
  db: Kysely<Database>;
  provider: PaymentProvider;
  bookingService: BookingService;
  bookings: BookingsRepository;
  sessions: CheckoutSessionsRepository;
  idempotency: Idempotency;
  clock: () => Date;
  /** PUBLIC_URL: the only origin checkout may return to; else the request's own. */
  publicUrl: string | undefined;
  /** Called after a commit that may have queued mail. */
  mailQueued?: () => void;
  /** A change's difference payment (issue 22): made into the change once paid. */
  amendments?: { finalisePaid(session: CheckoutSessionRecord, paymentId: string): Promise<void> };
  /** Refund events settle the ledger's refunds. */
  ledger?: Pick<Ledger, 'settleFromEvent'>;
}

/** One 404 for a checkout session that is unknown or not one this call may use. */
export function notFound(): HttpError {
  return new HttpError(404, BOOKING_MESSAGES.checkoutSessionNotFound);
}
