import type { FastifyBaseLogger } from 'fastify';
import type { ClaimedMail, OutboxRepository } from '../../repositories/outbox-repository';
import type { MailTransport } from './mail-transport';

/** How long a claimed message is held; far longer than a send may take (see mail-transport). */
const LEASE_MS = 5 * 60_000;
/** Messages taken per claim; a pass claims again while it keeps finding full batches. */
const BATCH_SIZE = 20;
/** First retry after 15 s, doubling each time, never more than 10 minutes apart. */
const RETRY_BASE_MS = 15_000;
const RETRY_CAP_MS = 10 * 60_000;

/** The wait before try number `attempts + 1`, after `attempts` failed tries. */
export function retryDelayMs(attempts: number): number {
  const exponent = Math.min(Math.max(attempts - 1, 0), 20);
  return Math.min(RETRY_BASE_MS * 2 ** exponent, RETRY_CAP_MS);
}

export interface DeliveryResult {
  sent: number;
  failed: number;
}

export interface MailSender {
  /** One delivery pass, after any pass in progress here: what the job queue runs. */
  pass(): Promise<DeliveryResult>;
  /**
   * Delivers everything due now, pass after pass, until nothing due is left; failures are
   * scheduled for retry as usual. For tests and tools: deterministic, whatever the queue does.
   */
  drain(): Promise<DeliveryResult>;
  /** Closes the transport once no pass is under way. */
  close(): Promise<void>;
}

export interface MailSenderOptions {
  outbox: OutboxRepository;
  transport: MailTransport;
  /** The From address (FROM_EMAIL), read each pass so a settings change needs no restart. */
  fromAddress: () => Promise<string>;
  /** The app's clock: retries are scheduled, and found due, by it. */
  clock: () => Date;
  logger: FastifyBaseLogger;
}

/**
 * Sends the outbox: claims due rows with a lease, hands each to the transport, and marks it
 * sent or schedules a retry with exponential backoff. A message is retried until it goes:
 * the last error stays on the row for an operator to see, and nothing is dropped. When a pass
 * runs is the job queue's business (a job added with each mail, and a sweep for retries);
 * other processes are kept off a claimed row by its lease.
 */
export function createMailSender(options: MailSenderOptions): MailSender {
  // Passes never overlap within a process.
  let current: Promise<unknown> = Promise.resolve();
  function serialised(): Promise<DeliveryResult> {
    const next = current.then(
      () => pass(options),
      () => pass(options),
    );
    current = next.catch(() => undefined);
    return next;
  }
  return {
    pass: serialised,
    async drain() {
      const total = { sent: 0, failed: 0 };
      for (;;) {
        const result = await serialised();
        total.sent += result.sent;
        total.failed += result.failed;
        if (result.sent + result.failed === 0) return total;
      }
    },
    async close() {
      await current;
      options.transport.close();
    },
  };
}

/** Claims and sends until a claim comes back short of a full batch. */
async function pass(options: MailSenderOptions): Promise<DeliveryResult> {
  const { outbox, clock } = options;
  const result = { sent: 0, failed: 0 };
  const from = await options.fromAddress();
  for (;;) {
    const now = clock();
    const batch = await outbox.claimDue(now, new Date(now.getTime() + LEASE_MS), BATCH_SIZE);
    for (const mail of batch) await sendOne(options, mail, from, result);
    if (batch.length < BATCH_SIZE) return result;
  }
}

async function sendOne(
  { outbox, transport, clock, logger }: MailSenderOptions,
  mail: ClaimedMail,
  from: string,
  result: DeliveryResult,
): Promise<void> {
  try {
    const { messageId } = await transport.send({
      ...mail,
      from,
      messageId: messageIdFor(mail, from),
    });
    await outbox.markSent(mail.id, clock(), messageId);
    result.sent += 1;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const next = new Date(clock().getTime() + retryDelayMs(mail.attempts));
    logger.warn(
      { err: error, outboxId: mail.id, kind: mail.kind, attempts: mail.attempts, retryAt: next },
      'mail not sent; will retry',
    );
    await outbox.scheduleRetry(mail.id, next, reason.slice(0, 1000));
    result.failed += 1;
  }
}

/** Stable per row, so a resend after a crash carries the same Message-ID. */
function messageIdFor(mail: ClaimedMail, from: string): string {
  const at = from.lastIndexOf('@');
  const domain = (at >= 0 ? from.slice(at + 1).replace(/[>\s]/g, '') : '') || 'localhost';
  return `<outbox-${mail.id}-${mail.createdAt.getTime()}@${domain}>`;
}
