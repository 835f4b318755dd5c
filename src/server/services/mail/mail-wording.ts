import type { Kysely } from 'kysely';
import {
  fillMessage,
  type MessageEvent,
  type MessageValues,
} from '../../../domain/passenger-messages';
import type { Database } from '../../db/schema';
import type { MessageTemplatesRepository } from '../../repositories/message-templates-repository';
import { firstNameOf, pickupTimeWords, tidyGaps } from '../messages/message-values';
import type { BookingMailData } from './booking-mail-data';
import { passengerMailData } from './passenger-view';

/** The operator's own subject and opening paragraph of a mail, filled in for its booking. */
export interface MailWording {
  subject: string;
  intro: string;
}

/**
 * A booking's placeholder values as a mail to the passenger may show them (passenger-view.ts):
 * no typed name, so {first_name} is empty there and its gap tidied away.
 */
export function mailValues(
  input: BookingMailData,
  driver?: { name: string; vehicleRegistration: string },
): MessageValues {
  const { booking, passengerDetails } = passengerMailData(input).data;
  return {
    first_name: firstNameOf(passengerDetails.passenger_name),
    booking_number: booking.booking_number,
    pickup_time: pickupTimeWords(booking.pick_up_date, booking.pick_up_time),
    vehicle: booking.vehicle_type,
    registration: driver?.vehicleRegistration ?? '',
    driver_first_name: driver ? firstNameOf(driver.name) : '',
    tracking_link: input.manageUrl ?? '',
    company_phone: input.companyPhone,
    flight_arrival: '',
  };
}

/**
 * The operator's saved subject and opening paragraph for `event` (Messages page), filled in,
 * read in the mail's own transaction; undefined while the event keeps its default, when the
 * mail keeps the words it has always had.
 */
export async function savedMailWording(
  templates: Pick<MessageTemplatesRepository, 'find'>,
  trx: Kysely<Database>,
  event: MessageEvent,
  values: MessageValues,
): Promise<MailWording | undefined> {
  const row = await templates.find(event, trx);
  if (!row || row.subject === null || row.intro === null) return undefined;
  const fill = (text: string) => tidyGaps(fillMessage(text, values));
  return { subject: fill(row.subject), intro: fill(row.intro) };
}
