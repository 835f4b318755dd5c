import type { Transaction } from 'kysely';
import type { BookingStatus } from '../../../domain/booking-lifecycle';
import type { MessageEvent } from '../../../domain/passenger-messages';
import type { Database } from '../../db/schema';
import type { MessageTemplatesRepository } from '../../repositories/message-templates-repository';
import type { TextMessagesRepository } from '../../repositories/text-messages-repository';
import type { JobQueue } from '../job-queue/job-queue';
import type { ManageLinks } from '../manage/manage-links';
import { passengerWords, type PassengerEvent } from '../messages/passenger-words';
import { textNumber } from './text-number';

/** What queueing a text is done with: the change path's own dependencies (ChangeDeps). */
export interface TextDeps {
  texts: TextMessagesRepository;
  queue: JobQueue;
  links: ManageLinks;
  messageTemplates: Pick<MessageTemplatesRepository, 'find'>;
  clock: () => Date;
  /** SMS_DAILY_CAP: texts one number may get in 24 hours (0: no cap). */
  smsDailyCap: number;
}

/** The job statuses the passenger is texted about, and the event each is. */
const STATUS_EVENTS: Partial<Record<BookingStatus, MessageEvent>> = {
  confirmed: 'booking_confirmed',
  driver_assigned: 'driver_assigned',
  en_route: 'driver_on_the_way',
  arrived: 'driver_arrived',
  cancelled: 'booking_cancelled',
};

export function textEventFor(status: BookingStatus): MessageEvent | undefined {
  return STATUS_EVENTS[status];
}

/** The booking_passengers columns for a new booking's phone and its "Text me" choice. */
export function textSettings(passenger: { phone: string; textsWanted: boolean }) {
  const checked = passenger.phone.trim() ? textNumber(passenger.phone) : undefined;
  return {
    texts_wanted: passenger.textsWanted,
    text_number: checked && 'number' in checked ? checked.number : null,
    text_problem: checked && 'problem' in checked ? checked.problem : null,
  };
}

/**
 * Queues the passenger's text about `event` on one journey, in the change's transaction: at
 * most one per booking, journey and event (a second is not written), only when they want texts
 * and their number can take them, and held back (recorded, not sent) over the number's daily
 * cap. Written now, in the operator's wording, so it says what was true when it happened.
 */
export async function textPassenger(
  deps: TextDeps,
  trx: Transaction<Database>,
  about: PassengerEvent,
): Promise<void> {
  const facts = await deps.texts.facts(about.bookingId, about.leg, trx);
  if (!facts?.textsWanted || !facts.textNumber) return;
  const body = await passengerWords(deps, trx, facts, { ...about, channel: 'text' });
  const cap = deps.smsDailyCap;
  const over =
    cap > 0 && (await deps.texts.countLastDay(facts.textNumber, deps.clock(), trx)) >= cap;
  const id = await deps.texts.insert(
    {
      bookingId: about.bookingId,
      leg: about.leg,
      event: about.event,
      occurrence: about.occurrence,
      to: facts.textNumber,
      body,
      suppressed: over ? `Not sent: over the number's daily cap of ${cap} texts` : undefined,
    },
    trx,
  );
  if (id !== null && !over) await deps.queue.add('sms-send', { smsId: id }, { trx });
}
