import type { FastifyBaseLogger } from 'fastify';
import type { JobLeg } from '../../../domain/booking-jobs';
import type { TextMessagesRepository } from '../../repositories/text-messages-repository';
import { NumberCannotTakeTexts, type SmsTransport } from './sms-transport';

/** Tries in all (the sms-send queue's retryLimit + 1); after the last, the text has failed. */
export const TEXT_TRIES = 9;

/** How far the provider's clock may be behind ours when an earlier try is looked for. */
const CLOCK_MARGIN_MS = 5 * 60_000;

/** A journey over: nothing more is texted about it but its cancellation. */
const OVER = new Set(['completed', 'cancelled', 'no_show']);

export interface SendTextDeps {
  texts: TextMessagesRepository;
  transport: SmsTransport;
  clock: () => Date;
  logger: FastifyBaseLogger;
  /** Where Twilio reports delivery: PUBLIC_URL's status callback, when Twilio can reach it. */
  statusCallback?: string;
}

/**
 * The sms-send job: one text, once. The row is claimed first (a text already sent, held back
 * or failed for good is left alone). A try after the first asks the provider whether an
 * earlier one sent it after all (Twilio takes no idempotency key). Otherwise it is checked
 * against the booking as it is now (never sent after the journey is over, nor once texts were
 * turned off), then handed to the transport. A number that can never take texts ends it and
 * is recorded for the pages; any other failure puts it back and throws, so the queue tries
 * again with backoff, TEXT_TRIES in all.
 */
export async function sendText(deps: SendTextDeps, smsId: number): Promise<void> {
  const { texts, clock } = deps;
  const row = await texts.claim(smsId);
  if (!row) return;
  const text = {
    id: row.id,
    event: row.event,
    to: row.to_number,
    body: row.body,
    statusCallback: deps.statusCallback,
  };
  try {
    // An earlier try may have reached the provider and lost its answer (a timeout, a process
    // killed mid-call): then it was sent, whatever has happened to the booking since.
    const since = new Date(new Date(row.created_at).getTime() - CLOCK_MARGIN_MS);
    const earlier = row.attempts > 1 ? await deps.transport.findSent(text, since) : null;
    if (earlier) {
      await texts.markSent(row.id, earlier, clock());
      return;
    }
    const heldBack = await heldBackBecause(texts, row);
    if (heldBack) {
      await texts.markEnded(row.id, 'suppressed', heldBack, clock());
      return;
    }
    await texts.markSent(row.id, await deps.transport.send(text), clock());
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (error instanceof NumberCannotTakeTexts) {
      // The problem first: once the text reads failed, the pages can already say why.
      await texts.recordProblem(row.booking_id, cannotTakeTexts(row.to_number));
      await texts.markEnded(row.id, 'failed', reason, clock());
      return;
    }
    deps.logger.warn({ err: error, smsId, attempts: row.attempts }, 'text not sent');
    if (row.attempts >= TEXT_TRIES) {
      await texts.markEnded(row.id, 'failed', reason, clock());
      return;
    }
    await texts.markRetry(row.id, reason);
    throw error;
  }
}

/** Why a text is not to be sent now, or null: the journey is over, or texts were turned off. */
async function heldBackBecause(
  texts: TextMessagesRepository,
  row: { booking_id: number; leg: JobLeg; event: string; recipient: string },
): Promise<string | null> {
  const facts = await texts.facts(row.booking_id, row.leg);
  const over = facts?.jobStatus ? OVER.has(facts.jobStatus) : true;
  if (row.event !== 'booking_cancelled' && over) return 'Not sent: the journey was over';
  // The passenger's choice is theirs; a text to the driver is the job's.
  if (row.recipient === 'passenger' && !facts?.textsWanted) {
    return 'Not sent: texts were turned off';
  }
  return null;
}

/** What the booking page and the console say of a number the provider refused. */
export function cannotTakeTexts(number: string): string {
  return `We cannot send texts to ${number}: it cannot receive text messages.`;
}
