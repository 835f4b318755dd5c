import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { OutgoingMail } from '../services/mail/outgoing-mail';

type Executor = Kysely<Database> | Transaction<Database>;

/** A queued message held by one sender for the length of its lease. */
export interface ClaimedMail extends OutgoingMail {
  id: number;
  /** Tries so far, this one included. */
  attempts: number;
  createdAt: Date;
}

/** The mail outbox: rows written with what caused them, sent and retried by the mail sender. */
export function createOutboxRepository(db: Kysely<Database>) {
  return {
    /** Queues a message; pass the transaction of the change that caused it. */
    async enqueue(mail: OutgoingMail, trx?: Executor): Promise<number> {
      const row = await (trx ?? db)
        .insertInto('outbox')
        .values({
          kind: mail.kind,
          recipient: mail.to,
          reply_to: mail.replyTo ?? null,
          subject: mail.subject,
          text_body: mail.text,
          html_body: mail.html,
          attachments: JSON.stringify(mail.attachments ?? []),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /**
     * Takes up to `limit` due messages and holds them until `leaseUntil`, counting the try.
     * SKIP LOCKED and the lease together keep two senders (two processes) off the same row;
     * a sender that dies mid-send leaves a lease that simply runs out. A message never tried
     * is due at once, whatever the clock says: only retries wait for next_attempt_at.
     */
    async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<ClaimedMail[]> {
      const due = db
        .selectFrom('outbox')
        .select('id')
        .where('status', '=', 'pending')
        .where((eb) => eb.or([eb('attempts', '=', 0), eb('next_attempt_at', '<=', now)]))
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
        .orderBy('id')
        .limit(limit)
        .forUpdate()
        .skipLocked();
      const rows = await db
        .updateTable('outbox')
        .set((eb) => ({ locked_until: leaseUntil, attempts: eb('attempts', '+', 1) }))
        .where('id', 'in', due)
        .where('status', '=', 'pending')
        .returning([
          'id',
          'kind',
          'recipient',
          'reply_to',
          'subject',
          'text_body',
          'html_body',
          'attachments',
          'attempts',
          'created_at',
        ])
        .execute();
      return rows
        .sort((a, b) => a.id - b.id)
        .map((row) => ({
          id: row.id,
          kind: row.kind,
          to: row.recipient,
          ...(row.reply_to ? { replyTo: row.reply_to } : {}),
          subject: row.subject,
          text: row.text_body,
          html: row.html_body,
          attachments: parseAttachments(row.attachments),
          attempts: row.attempts,
          createdAt: row.created_at,
        }));
    },

    async markSent(id: number, sentAt: Date, messageId: string): Promise<void> {
      await db
        .updateTable('outbox')
        .set({
          status: 'sent',
          sent_at: sentAt,
          message_id: messageId,
          locked_until: null,
          last_error: null,
        })
        .where('id', '=', id)
        .execute();
    },

    /** Releases a message after a failed try; it is due again at `nextAttemptAt`. */
    async scheduleRetry(id: number, nextAttemptAt: Date, error: string): Promise<void> {
      await db
        .updateTable('outbox')
        .set({ next_attempt_at: nextAttemptAt, locked_until: null, last_error: error })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .execute();
    },
  };
}

/** jsonb comes back parsed from both drivers; text is tolerated in case a driver differs. */
function parseAttachments(value: unknown): OutgoingMail['attachments'] {
  const list: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(list) ? (list as NonNullable<OutgoingMail['attachments']>) : [];
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
