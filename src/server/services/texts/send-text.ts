import type { FastifyBaseLogger } from 'fastify';
import type { TextMessagesRepository } from '../../repositories/text-messages-repository';
import { NumberCannotTakeTexts, type SmsTransport } from './sms-transport';

/** Tries in all (the sms-send queue's retryLimit + 1); after the last, the text has failed. */
export const TEXT_TRIES = 9;

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
 * or failed for good is left alone), checked against the booking as it is now (never sent
 * after the journey is over, nor once texts were turned off), then handed to the transport,
 * unless an earlier try turns out to have sent it.
 * A number that can never take texts ends it and is recorded for the pages; any other
 * failure puts it back and throws, so the queue tries again with backoff, TEXT_TRIES in all.
 */
export async function sendText(deps: SendTextDeps, smsId: number): Promise<void> {
  const { texts, clock } = deps;
  const row = await texts.claim(smsId);
  if (!row) return;
  const facts = await texts.facts(row.booking_id, row.leg);
  const over = facts?.jobStatus ? OVER.has(facts.jobStatus) : true;
  if (row.event !== 'booking_cancelled' && over) {
    await texts.markEnded(row.id, 'suppressed', 'Not sent: the journey was over', clock());
    return;
  }
  // The passenger's choice is theirs; a text to the driver is the job's.
  if (row.recipient === 'passenger' && !facts?.textsWanted) {
    await texts.markEnded(row.id, 'suppressed', 'Not sent: texts were turned off', clock());
    return;
  }
  const text = {
    id: row.id,
    event: row.event,
    to: row.to_number,
    body: row.body,
    statusCallback: deps.statusCallback,
  };
  try {
    // A try before this one may have reached the provider and lost its answer (a timeout, a
    // process killed mid-call; Twilio takes no idempotency key): if it has the text, it was sent.
    const earlier = row.attempts > 1 ? await deps.transport.findSent(text, row.created_at) : null;
    const providerId = earlier ?? (await deps.transport.send(text));
    await texts.markSent(row.id, providerId, clock());
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

/** What the booking page and the console say of a number the provider refused. */
export function cannotTakeTexts(number: string): string {
  return `We cannot send texts to ${number}: it cannot receive text messages.`;
}
