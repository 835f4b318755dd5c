import type { Transaction } from 'kysely';
import type { OperatorBookingTexts } from '../../../contract/operator';
import { MESSAGE_EVENT_LABELS, MESSAGE_EVENTS } from '../../../domain/passenger-messages';
import { TEXT_MESSAGE_STATUS_LABELS } from '../../../domain/text-message-status';
import type { Database } from '../../db/schema';
import type { TextMessagesRepository } from '../../repositories/text-messages-repository';

const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());

/** An event's label; an event no longer in the catalogue shows by its stored name. */
function eventLabel(event: string): string {
  return (MESSAGE_EVENTS as readonly string[]).includes(event)
    ? MESSAGE_EVENT_LABELS[event as keyof typeof MESSAGE_EVENT_LABELS]
    : event;
}

/**
 * The passenger's texts as the console's booking page shows them (issue 35): their choice, the
 * number's problem, and each text's status. Never a text's body: it may hold a manage link.
 */
export async function consoleTexts(
  texts: Pick<TextMessagesRepository, 'list' | 'passengerChoice'>,
  bookingId: number,
  trx?: Transaction<Database>,
): Promise<OperatorBookingTexts> {
  const [choice, rows] = await Promise.all([
    texts.passengerChoice(bookingId, trx),
    texts.list(bookingId, trx),
  ]);
  return {
    wanted: choice?.texts_wanted ?? false,
    number: choice?.text_number ?? null,
    problem: choice?.text_problem ?? null,
    messages: rows.map((row) => ({
      event: row.event,
      // A flight's move is texted to the driver too (issue 35).
      label:
        row.recipient === 'driver'
          ? `${eventLabel(row.event)} (to the driver)`
          : eventLabel(row.event),
      leg: row.leg,
      to: row.to_number,
      status: row.status,
      status_label: TEXT_MESSAGE_STATUS_LABELS[row.status],
      error: row.error,
      created_at: new Date(row.created_at).toISOString(),
      sent_at: iso(row.sent_at),
      status_at: iso(row.status_at),
    })),
  };
}
