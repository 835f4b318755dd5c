import type { Kysely, Transaction } from 'kysely';
import type { BookingStatus } from '../../../domain/booking-lifecycle';
import type { JobLeg } from '../../../domain/booking-jobs';
import {
  bookingPolicy,
  POLICY_SETTING_NAMES,
  type BookingPolicy,
} from '../../../domain/booking-policy';
import { companyEmail, companyPhone, toSettingsMap } from '../../../domain/settings';
import type { Database } from '../../db/schema';
import type { createIdempotency } from '../../lib/idempotency';
import type { BookingJobsRepository } from '../../repositories/booking-jobs-repository';
import type { BookingPaymentsRepository } from '../../repositories/booking-payments-repository';
import type { BookingsRepository, StoredBooking } from '../../repositories/bookings-repository';
import type { DriversRepository } from '../../repositories/drivers-repository';
import type { ManageBookingsRepository } from '../../repositories/manage-bookings-repository';
import type {
  BookingScope,
  OperatorBookingsRepository,
} from '../../repositories/operator-bookings-repository';
import type { OutboxRepository } from '../../repositories/outbox-repository';
import type { SettingsRepository } from '../../repositories/settings-repository';
import type { BookingService } from '../bookings/booking-service';
import { storedBookingMailData } from '../mail/stored-booking-mail';
import type { ManageLinks } from '../manage/manage-links';
import type { RefundService } from '../payments/refund-service';
import type { OperatorIdentity } from './operator-auth-service';

/** The operator's phone and mailbox and the cancellation policy, read before a transaction opens. */
export type Contacts = {
  companyPhone: string;
  companyEmail: string;
  policy: BookingPolicy;
  currency: string;
};

export interface ConsoleBookingsDeps {
  db: Kysely<Database>;
  /** The public site's booking rules, which a phone booking follows too. */
  booking: BookingService;
  operatorBookings: OperatorBookingsRepository;
  /** Each leg's status and driver, and the one place they are written (issue 32). */
  jobs: BookingJobsRepository;
  bookings: BookingsRepository;
  drivers: DriversRepository;
  outbox: OutboxRepository;
  settings: SettingsRepository;
  idempotency: ReturnType<typeof createIdempotency>;
  clock: () => Date;
  mailQueued: () => void;
  /** The money ledger, and card refunds when the operator cancels (issue 22). */
  payments: BookingPaymentsRepository;
  refunds: RefundService;
  /** The "Manage your booking" link in every mail to the passenger. */
  manageLinks: ManageLinks;
  /** The operator's name, address and VAT number for the receipt. */
  manage: Pick<ManageBookingsRepository, 'company'>;
}

/**
 * Which job an operator's call is about. By the booking's own endpoints (`via: 'booking'`) it
 * is the outward job, and a cancellation is the whole booking's, as before jobs; by the jobs
 * endpoints it is the leg the job reference names.
 */
export interface JobTarget {
  bookingNumber: string;
  leg: JobLeg;
  via: 'booking' | 'job';
}

/** The bookings an operator may see: their company's, or all when they have none (the admin). */
export function scopeOf(operator: OperatorIdentity): BookingScope {
  return { companyId: operator.companyId };
}

/** The contacts, policy and currency, from the settings. */
export async function mailContacts(deps: ConsoleBookingsDeps): Promise<Contacts> {
  const settings = toSettingsMap(
    await deps.settings.listByName([
      'Company_Contact_Info',
      'FROM_EMAIL',
      'CURRENCY',
      ...POLICY_SETTING_NAMES,
    ]),
  );
  return {
    companyPhone: companyPhone(settings),
    companyEmail: companyEmail(settings),
    policy: bookingPolicy(settings),
    currency: settings.CURRENCY?.trim() || '£',
  };
}

/**
 * A mail's data, with a fresh "Manage your booking" link made in the mail's transaction and
 * the calendar copy's SEQUENCE: how many changes the booking has had.
 */
export async function mailInputIn(
  deps: ConsoleBookingsDeps,
  trx: Transaction<Database>,
  loaded: { stored: StoredBooking; history: readonly unknown[] },
  contacts: Contacts,
) {
  const url = await deps.manageLinks.url(loaded.stored.booking, trx);
  return {
    ...storedBookingMailData(loaded.stored, contacts, url),
    sequence: loaded.history.length,
  };
}

/** Records one move of a job in the booking's history, by the operator, in the caller's transaction. */
export async function recordByOperator(
  deps: ConsoleBookingsDeps,
  trx: Transaction<Database>,
  operator: OperatorIdentity,
  job: { bookingId: number; leg: JobLeg },
  from: BookingStatus,
  to: BookingStatus,
  note: string,
) {
  await deps.operatorBookings.addHistory(
    {
      bookingId: job.bookingId,
      leg: job.leg,
      at: deps.clock(),
      actor: 'operator',
      operatorId: operator.id,
      actorName: operator.name,
      from,
      to,
      note,
    },
    trx,
  );
}
