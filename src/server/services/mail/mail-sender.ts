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
  /** Starts polling the outbox (no-op when the poll interval is 0). */
  start(): void;
  /** Stops polling and waits for a pass in progress to end. */
  stop(): Promise<void>;
  /** Asks for a pass now, e.g. right after a transaction that queued a message committed. */
  kick(): void;
  /**
   * Delivers everything due now, pass after pass, until nothing due is left; failures are
   * scheduled for retry as usual. For tests and tools: deterministic, whatever the poll does.
   */
  drain(): Promise<DeliveryResult>;
}

export interface MailSenderOptions {
  outbox: OutboxRepository;
  transport: MailTransport;
  /** The From address (FROM_EMAIL), read each pass so a settings change needs no restart. */
  fromAddress: () => Promise<string>;
  /** The app's clock: retries are scheduled, and found due, by it. */
  clock: () => Date;
  logger: FastifyBaseLogger;
  /** Milliseconds between polls; 0 means no background delivery (only drain()). */
  pollIntervalMs: number;
}

/**
 * Sends the outbox: claims due rows with a lease, hands each to the transport, and marks it
 * sent or schedules a retry with exponential backoff. A message is retried until it goes:
 * the last error stays on the row for an operator to see, and nothing is dropped.
 */
export function createMailSender(options: MailSenderOptions): MailSender {
  const { outbox, transport, clock, logger, pollIntervalMs } = options;
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  let again = false;
  // Passes never overlap within a process; other processes are kept off by the lease.
  let current: Promise<unknown> = Promise.resolve();
  let busy = false;

  async function sendOne(mail: ClaimedMail, from: string, result: DeliveryResult) {
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

  /** Claims and sends until a claim comes back short of a full batch. */
  async function pass(): Promise<DeliveryResult> {
    const result = { sent: 0, failed: 0 };
    const from = await options.fromAddress();
    for (;;) {
      const now = clock();
      const batch = await outbox.claimDue(now, new Date(now.getTime() + LEASE_MS), BATCH_SIZE);
      for (const mail of batch) await sendOne(mail, from, result);
      if (batch.length < BATCH_SIZE) return result;
    }
  }

  function serialised<T>(work: () => Promise<T>): Promise<T> {
    const next = current.then(work, work);
    current = next.catch(() => undefined);
    return next;
  }

  function schedule(delay: number) {
    if (!running) return;
    clearTimeout(timer);
    timer = setTimeout(runBackground, delay);
    timer.unref();
  }

  function runBackground() {
    timer = undefined;
    busy = true;
    void serialised(pass)
      .catch((error: unknown) => logger.error({ err: error }, 'mail delivery pass failed'))
      .finally(() => {
        busy = false;
        if (again) {
          again = false;
          schedule(0);
        } else {
          schedule(pollIntervalMs);
        }
      });
  }

  return {
    start() {
      if (running || pollIntervalMs === 0) return;
      running = true;
      logger.info({ transport: transport.description }, 'mail sender started');
      schedule(0);
    },
    async stop() {
      running = false;
      clearTimeout(timer);
      timer = undefined;
      await current;
      transport.close();
    },
    kick() {
      if (!running) return;
      if (busy) again = true;
      else schedule(0);
    },
    async drain() {
      const total = { sent: 0, failed: 0 };
      for (;;) {
        const result = await serialised(pass);
        total.sent += result.sent;
        total.failed += result.failed;
        if (result.sent + result.failed === 0) return total;
      }
    },
  };
}

/** Stable per row, so a resend after a crash carries the same Message-ID. */
function messageIdFor(mail: ClaimedMail, from: string): string {
  const at = from.lastIndexOf('@');
  const domain = (at >= 0 ? from.slice(at + 1).replace(/[>\s]/g, '') : '') || 'localhost';
  return `<outbox-${mail.id}-${mail.createdAt.getTime()}@${domain}>`;
}
