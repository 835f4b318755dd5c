import type { Transaction } from 'kysely';
import type { JobLeg } from '../../../domain/booking-jobs';
import {
  DEFAULT_MESSAGES,
  fillMessage,
  withoutLink,
  type MessageEvent,
  type MessageValues,
} from '../../../domain/passenger-messages';
import type { Database } from '../../db/schema';
import type { MessageTemplatesRepository } from '../../repositories/message-templates-repository';
import type { TextFacts } from '../../repositories/text-messages-repository';
import type { ManageLinks } from '../manage/manage-links';
import { firstNameOf, pickupTimeWords, tidyGaps } from './message-values';

/** What the passenger is told about: one event on one journey. */
export interface PassengerEvent {
  bookingId: number;
  leg: JobLeg;
  event: MessageEvent;
  /** Which time the event happened: a flight may move the pickup more than once. */
  occurrence?: number;
  /** What the event itself knows: a moved pickup's flight arrival and meet time. */
  values?: Partial<MessageValues>;
}

/** What the passenger's words are written with. */
export interface WordsDeps {
  links: ManageLinks;
  messageTemplates: Pick<MessageTemplatesRepository, 'find'>;
}

/**
 * What the passenger is told about `event` on one journey, in the operator's wording (the
 * Messages page) or the default: the text message's words. A text carries the booking page's
 * link; a notification opens the page itself, so its words leave the link out.
 */
export async function passengerWords(
  deps: WordsDeps,
  trx: Transaction<Database>,
  facts: TextFacts,
  about: Pick<PassengerEvent, 'leg' | 'event' | 'values'> & { channel: 'text' | 'push' },
): Promise<string> {
  const saved = await deps.messageTemplates.find(about.event, trx);
  const template = saved?.sms ?? DEFAULT_MESSAGES[about.event].sms;
  const words = about.channel === 'push' ? withoutLink(template) : template;
  const values = { ...(await valuesFor(deps, trx, facts, about.leg, words)), ...about.values };
  return tidyGaps(fillMessage(words, values));
}

async function valuesFor(
  deps: WordsDeps,
  trx: Transaction<Database>,
  facts: TextFacts,
  leg: JobLeg,
  words: string,
): Promise<MessageValues> {
  const isReturn = leg === 'return' && facts.returnDate && facts.returnTime;
  const booking = {
    id: facts.bookingId,
    booking_number: facts.bookingNumber,
    pickup_at: facts.pickupAt,
    return_at: facts.returnAt,
  };
  // Made only when the words use it: a link is a token stored for the booking.
  const link = words.includes('{tracking_link}') ? await deps.links.url(booking, trx) : '';
  return {
    // Like the mails, a text never carries the name the booker typed (passenger-view.ts).
    first_name: '',
    booking_number: facts.bookingNumber,
    pickup_time: isReturn
      ? pickupTimeWords(facts.returnDate ?? '', facts.returnTime ?? '')
      : pickupTimeWords(facts.pickupDate, facts.pickupTime),
    vehicle: facts.vehicle ?? facts.vehicleType,
    registration: facts.registration ?? '',
    driver_first_name: facts.driverName ? firstNameOf(facts.driverName) : 'Your driver',
    tracking_link: link,
    company_phone: facts.companyPhone?.trim() ?? '',
    flight_arrival: '',
  };
}
