import { sql } from 'kysely';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { OutgoingMail } from '../services/mail/outgoing-mail';

/** A manage link's token in a mail body (`?token=…`), and what the kept copy says instead. */
const SENT_TOKEN_PATTERN = '([?&]token=)[A-Za-z0-9_-]+';
const SENT_TOKEN_TEXT = '\\1(sent)';

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
    enqueue: (mail: OutgoingMail, trx?: Executor, capKey?: string) =>
      enqueue(trx ?? db, mail, capKey),
    recordSuppressed: (mail: OutgoingMail, capKey: string, reason: string, trx: Executor) =>
      recordSuppressed(trx, mail, capKey, reason),
    inTransaction: <T>(
      trx: Executor | undefined,
      work: (trx: Transaction<Database>) => Promise<T>,
    ) => inTransaction(trx ?? db, work),
    lockCapKey: (capKey: string, trx: Transaction<Database>) => lockCapKey(trx, capKey),
    countCappedLastDay: (capKey: string, trx: Executor) => countCappedLastDay(trx, capKey),
    claimDue: (now: Date, leaseUntil: Date, limit: number) => claimDue(db, now, leaseUntil, limit),
    markSent: (id: number, sentAt: Date, messageId: string) => markSent(db, id, sentAt, messageId),
    scheduleRetry: (id: number, nextAttemptAt: Date, error: string) =>
      scheduleRetry(db, id, nextAttemptAt, error),
  };
}

/** Queues a message; pass the transaction of the change that caused it. */
async function enqueue(db: Executor, mail: OutgoingMail, capKey?: string): Promise<number> {
  const row = await db
    .insertInto('outbox')
    .values({
      kind: mail.kind,
      recipient: mail.to,
      reply_to: mail.replyTo ?? null,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      attachments: JSON.stringify(mail.attachments ?? []),
      cap_key: capKey ?? null,
      secret: mail.secret === true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Records a message that will not be sent, with why; its body is not kept (it may hold a
 * reset code, or words a stranger chose).
 */
async function recordSuppressed(
  trx: Executor,
  mail: OutgoingMail,
  capKey: string,
  reason: string,
): Promise<number> {
  const row = await trx
    .insertInto('outbox')
    .values({
      kind: mail.kind,
      recipient: mail.to,
      reply_to: mail.replyTo ?? null,
      subject: mail.subject,
      text_body: '',
      html_body: '',
      status: 'suppressed',
      cap_key: capKey,
      suppressed_reason: reason,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Runs `work` in `trx` when it is a transaction, else in a transaction of its own. */
async function inTransaction<T>(
  trx: Executor,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  if (trx.isTransaction) return work(trx as Transaction<Database>);
  return trx.transaction().execute(work);
}

/**
 * Holds the mailbox `capKey` until the transaction ends, so two requests mailing it at
 * once are counted one after the other instead of both slipping under the cap.
 */
async function lockCapKey(trx: Transaction<Database>, capKey: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('outbox-cap-key'), hashtext(${capKey}))`.execute(
    trx,
  );
}

/** Capped messages queued or sent to the mailbox in the last 24 hours (database clock). */
async function countCappedLastDay(trx: Executor, capKey: string): Promise<number> {
  const row = await trx
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('cap_key', '=', capKey)
    .where('status', '<>', 'suppressed')
    .where('created_at', '>', sql<Date>`now() - interval '24 hours'`)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Takes up to `limit` due messages and holds them until `leaseUntil`, counting the try.
 * SKIP LOCKED and the lease together keep two senders (two processes) off the same row;
 * a sender that dies mid-send leaves a lease that simply runs out. A message never tried
 * is due at once, whatever the clock says: only retries wait for next_attempt_at.
 */
async function claimDue(
  db: Kysely<Database>,
  now: Date,
  leaseUntil: Date,
  limit: number,
): Promise<ClaimedMail[]> {
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
}

async function markSent(
  db: Kysely<Database>,
  id: number,
  sentAt: Date,
  messageId: string,
): Promise<void> {
  await db
    .updateTable('outbox')
    .set({
      status: 'sent',
      sent_at: sentAt,
      message_id: messageId,
      locked_until: null,
      last_error: null,
      // A sent reset code must not stay readable here, nor a working manage link: its token
      // is stored only hashed (manage_tokens), so the kept copy loses it once it has gone.
      text_body: sql<string>`case when secret then '' else regexp_replace(text_body, ${SENT_TOKEN_PATTERN}, ${SENT_TOKEN_TEXT}, 'g') end`,
      html_body: sql<string>`case when secret then '' else regexp_replace(html_body, ${SENT_TOKEN_PATTERN}, ${SENT_TOKEN_TEXT}, 'g') end`,
    })
    .where('id', '=', id)
    .execute();
}

/** Releases a message after a failed try; it is due again at `nextAttemptAt`. */
async function scheduleRetry(
  db: Kysely<Database>,
  id: number,
  nextAttemptAt: Date,
  error: string,
): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ next_attempt_at: nextAttemptAt, locked_until: null, last_error: error })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/** jsonb comes back parsed from both drivers; text is tolerated in case a driver differs. */
function parseAttachments(value: unknown): OutgoingMail['attachments'] {
  const list: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(list) ? (list as NonNullable<OutgoingMail['attachments']>) : [];
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
