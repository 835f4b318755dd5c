import type { Transaction } from 'kysely';
import { POLICY_MESSAGES } from '../../../domain/booking-policy';
import type { Database } from '../../db/schema';
import { HttpError } from '../../errors';
import type { Idempotency } from '../../lib/idempotency';
import type { BookingsRepository } from '../../repositories/bookings-repository';
import type { CheckoutSessionsRepository } from '../../repositories/checkout-sessions-repository';
import type { ManageBookingsRepository } from '../../repositories/manage-bookings-repository';
import type { ManageTokensRepository } from '../../repositories/manage-tokens-repository';
import type { BookingPricing } from '../bookings/booking-pricing';
import type { ChangeDeps } from '../booking-changes/change-deps';
import type { PaymentProvider } from '../payments/payment-provider';
import type { WebPush } from '../web-push/web-push';

/**
 * What the passenger's manage-booking steps (view, cancel, change, pay) are built over: what
 * every change is written with (booking-changes/), and the passenger's own access and checkout.
 */
export interface ManageBookingDeps extends ChangeDeps {
  manage: ManageBookingsRepository;
  bookings: BookingsRepository;
  tokens: ManageTokensRepository;
  pricing: BookingPricing;
  provider: PaymentProvider;
  sessions: CheckoutSessionsRepository;
  idempotency: Idempotency;
  /** PUBLIC_URL: the only origin a difference's checkout returns to; else the request's own. */
  publicUrl: string | undefined;
  /** The VAPID public key the booking page subscribes with, and the check of its endpoint. */
  webPush: Pick<WebPush, 'publicKey' | 'checkEndpoint'>;
}

/** One 404 for any booking the passenger cannot have, so a miss tells nothing. */
export function notFound(): HttpError {
  return new HttpError(404, POLICY_MESSAGES.notFound);
}

/** The booking with its passenger details and stops; the passenger's 404 when gone. */
export async function loadStored(
  deps: ManageBookingDeps,
  bookingId: number,
  trx?: Transaction<Database>,
) {
  const stored = await deps.bookings.findWithDetails(bookingId, trx);
  if (!stored) throw notFound();
  return stored;
}
