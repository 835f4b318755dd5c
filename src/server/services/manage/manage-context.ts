import type { Kysely, Transaction } from 'kysely';
import type { BookingStatus } from '../../../domain/booking-lifecycle';
import type { JobLeg } from '../../../domain/booking-jobs';
import {
  bookingPolicy,
  POLICY_MESSAGES,
  POLICY_SETTING_NAMES,
  type BookingPolicy,
} from '../../../domain/booking-policy';
import { formatMoney, pence } from '../../../domain/money';
import { companyEmail, companyPhone, toSettingsMap } from '../../../domain/settings';
import type { Database } from '../../db/schema';
import { HttpError } from '../../errors';
import type { Idempotency } from '../../lib/idempotency';
import type { BookingPaymentsRepository } from '../../repositories/booking-payments-repository';
import type { BookingsRepository } from '../../repositories/bookings-repository';
import type { CheckoutSessionsRepository } from '../../repositories/checkout-sessions-repository';
import type { DriversRepository } from '../../repositories/drivers-repository';
import type { ManageBookingsRepository } from '../../repositories/manage-bookings-repository';
import type { ManageTokensRepository } from '../../repositories/manage-tokens-repository';
import type { BookingJobsRepository } from '../../repositories/booking-jobs-repository';
import type { OperatorBookingsRepository } from '../../repositories/operator-bookings-repository';
import type { OutboxRepository } from '../../repositories/outbox-repository';
import type { SettingsRepository } from '../../repositories/settings-repository';
import type { BookingPricing } from '../bookings/booking-pricing';
import { storedBookingMailData } from '../mail/stored-booking-mail';
import type { PaymentProvider } from '../payments/payment-provider';
import type { RefundService } from '../payments/refund-service';
import type { ManageLinks } from './manage-links';

/** What the passenger's manage-booking steps (view, cancel, change, pay) are built over. */
export interface ManageBookingDeps {
  db: Kysely<Database>;
  manage: ManageBookingsRepository;
  bookings: BookingsRepository;
  history: OperatorBookingsRepository;
  /** Each leg's status and driver, and the one place they are written (issue 32). */
  jobs: BookingJobsRepository;
  drivers: DriversRepository;
  payments: BookingPaymentsRepository;
  tokens: ManageTokensRepository;
  links: ManageLinks;
  refunds: RefundService;
  pricing: BookingPricing;
  provider: PaymentProvider;
  sessions: CheckoutSessionsRepository;
  outbox: OutboxRepository;
  settings: SettingsRepository;
  idempotency: Idempotency;
  clock: () => Date;
  /** PUBLIC_URL: the only origin a difference's checkout returns to; else the request's own. */
  publicUrl: string | undefined;
  mailQueued: () => void;
}

/** The policy and the operator's contact details, read before any transaction. */
export interface ManageContext {
  policy: BookingPolicy;
  contacts: { companyPhone: string; companyEmail: string };
  currency: string;
}

const SETTINGS = [...POLICY_SETTING_NAMES, 'Company_Contact_Info', 'FROM_EMAIL', 'CURRENCY'];

/** The policy, contacts and currency, from the settings. */
export async function manageContext(deps: ManageBookingDeps): Promise<ManageContext> {
  const settings = toSettingsMap(await deps.settings.listByName(SETTINGS));
  return {
    policy: bookingPolicy(settings),
    contacts: { companyPhone: companyPhone(settings), companyEmail: companyEmail(settings) },
    currency: settings.CURRENCY?.trim() || '£',
  };
}

/** One 404 for any booking the passenger cannot have, so a miss tells nothing. */
export function notFound(): HttpError {
  return new HttpError(404, POLICY_MESSAGES.notFound);
}

/** Pence in the operator's currency, as the passenger's sentences say it. */
export function money(amount: number, currency: string): string {
  return formatMoney(pence(amount), currency);
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

/** One step of the booking's history, taken by the passenger, in the caller's transaction. */
export function byPassenger(
  deps: ManageBookingDeps,
  trx: Transaction<Database>,
  bookingId: number,
  from: BookingStatus,
  to: BookingStatus,
  note: string,
  leg: JobLeg = 'outward',
) {
  return deps.history.addHistory(
    {
      bookingId,
      leg,
      at: deps.clock(),
      actor: 'passenger',
      operatorId: null,
      actorName: 'Passenger',
      from,
      to,
      note,
    },
    trx,
  );
}

/**
 * A mail's data about the booking as this transaction now holds it: a fresh "Manage your
 * booking" link, and the calendar copy's SEQUENCE (how many changes the booking has had).
 */
export async function mailInputIn(
  deps: ManageBookingDeps,
  trx: Transaction<Database>,
  bookingId: number,
  ctx: ManageContext,
) {
  const stored = await loadStored(deps, bookingId, trx);
  const history = await deps.history.history(bookingId, trx);
  const url = await deps.links.url(stored.booking, trx);
  return { ...storedBookingMailData(stored, ctx.contacts, url), sequence: history.length };
}

/** After a commit: refunds to the provider, mail to the sender. */
export async function afterCommit(
  deps: ManageBookingDeps,
  refundIds: readonly number[],
): Promise<void> {
  deps.mailQueued();
  await deps.refunds.process(refundIds);
}
