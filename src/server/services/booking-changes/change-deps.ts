import type { Kysely } from 'kysely';
import {
  bookingPolicy,
  POLICY_SETTING_NAMES,
  type BookingPolicy,
} from '../../../domain/booking-policy';
import { companyEmail, companyPhone, currencySign, toSettingsMap } from '../../../domain/settings';
import type { Database } from '../../db/schema';
import type { ActivityRepository } from '../../repositories/activity-repository';
import type { BookingHistoryRepository } from '../../repositories/booking-history-repository';
import type { BookingJobsRepository } from '../../repositories/booking-jobs-repository';
import type { BookingPaymentsRepository } from '../../repositories/booking-payments-repository';
import type { BookingsRepository } from '../../repositories/bookings-repository';
import type { DriversRepository } from '../../repositories/drivers-repository';
import type { ManageBookingsRepository } from '../../repositories/manage-bookings-repository';
import type { MessageTemplatesRepository } from '../../repositories/message-templates-repository';
import type { OutboxRepository } from '../../repositories/outbox-repository';
import type { SettingsRepository } from '../../repositories/settings-repository';
import type { VehiclesRepository } from '../../repositories/vehicles-repository';
import type { Ledger } from '../ledger/ledger';
import type { ManageLinks } from '../manage/manage-links';
import type { JobQueue } from '../job-queue/job-queue';
import type { TextMessagesRepository } from '../../repositories/text-messages-repository';
import type { FlightTracksRepository } from '../../repositories/flight-tracks-repository';
import type { PassengerPushRepository } from '../../repositories/passenger-push-repository';

/**
 * What every change to a booking and its jobs is written with (issue 32), whoever makes it:
 * the jobs (their one writer), the history, the ledger, the mails and the clock. The
 * passenger's and the operator's services extend it with what only they need.
 */
export interface ChangeDeps {
  db: Kysely<Database>;
  /** Each leg's status and driver, and the one place they are written. */
  jobs: BookingJobsRepository;
  /** The booking's status history (append-only). */
  history: BookingHistoryRepository;
  bookings: Pick<BookingsRepository, 'findWithDetails'>;
  drivers: Pick<DriversRepository, 'find'>;
  /** The company's vehicles: the one a job is sent in (issue 34). */
  vehicles: Pick<VehiclesRepository, 'find' | 'findByRegistration'>;
  /** The ledger's rows (written only through `ledger`). */
  payments: Pick<BookingPaymentsRepository, 'list'>;
  /** The operator's name, address and VAT number, for the receipt. */
  manage: Pick<ManageBookingsRepository, 'company'>;
  /** The "Manage your booking" link in every mail to the passenger. */
  links: ManageLinks;
  /** The money: charges, refunds, and the one post-commit refund path. */
  ledger: Ledger;
  outbox: OutboxRepository;
  /** The operator's wording of the passenger's mails (issue 35's Messages page). */
  messageTemplates: Pick<MessageTemplatesRepository, 'find'>;
  settings: SettingsRepository;
  clock: () => Date;
  /** The console's activity log, where an operator's change is written too (issue 33). */
  activity: Pick<ActivityRepository, 'record'>;
  /** Wakes the mail sender after a commit that queued mail. */
  mailQueued: () => void;
  /** Background jobs a change causes (an offer's timeout, a text), added in its transaction. */
  queue: JobQueue;
  /** The passenger's texts (issue 35). */
  texts: TextMessagesRepository;
  /** The jobs' tracked flights (issue 35): the answers show them, a change starts them again. */
  flightTracks: FlightTracksRepository;
  /** False without FLIGHTAWARE_API_KEY: tracks say so and are never looked at. */
  flightTracking: boolean;
  /** FLIGHT_BUFFER_MINUTES. */
  flightBufferMinutes: number;
  /** SMS_DAILY_CAP. */
  smsDailyCap: number;
  /** The browsers following a booking by Web Push (issue 35). */
  passengerPush: PassengerPushRepository;
}

/** The policy, the operator's contact details and the currency, read before a transaction. */
export interface ChangeContext {
  policy: BookingPolicy;
  contacts: { companyPhone: string; companyEmail: string };
  currency: string;
}

const SETTING_NAMES = [...POLICY_SETTING_NAMES, 'Company_Contact_Info', 'FROM_EMAIL', 'CURRENCY'];

/** The context every change is judged and told in, from the settings. */
export async function changeContext(deps: Pick<ChangeDeps, 'settings'>): Promise<ChangeContext> {
  const settings = toSettingsMap(await deps.settings.listByName(SETTING_NAMES));
  return {
    policy: bookingPolicy(settings),
    contacts: { companyPhone: companyPhone(settings), companyEmail: companyEmail(settings) },
    currency: currencySign(settings),
  };
}

/** After the commit of a change: mail to the sender, refunds to the provider. The one path. */
export async function afterCommit(
  deps: Pick<ChangeDeps, 'ledger' | 'mailQueued'>,
  refundIds: readonly number[],
): Promise<void> {
  deps.mailQueued();
  await deps.ledger.sendRefunds(refundIds);
}
