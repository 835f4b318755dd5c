import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { MailState } from '../../domain/console-requests';

/** An outbox row as the Mail page reads it (no HTML body or attachments: the list is text). */
export interface MailLogRow {
  id: number;
  kind: string;
  recipient: string;
  reply_to: string | null;
  subject: string;
  status: Database['outbox']['status']['__select__'];
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date;
  created_at: Date;
  sent_at: Date | null;
  suppressed_reason: string | null;
  cap_key: string | null;
  secret: boolean;
  text_body: string;
}

/** A row to copy: everything the outbox keeps of it. */
export interface MailCopyRow extends MailLogRow {
  html_body: string;
  attachments: unknown;
}

const LIST_COLUMNS = [
  'id',
  'kind',
  'recipient',
  'reply_to',
  'subject',
  'status',
  'attempts',
  'last_error',
  'next_attempt_at',
  'created_at',
  'sent_at',
  'suppressed_reason',
  'cap_key',
  'secret',
  'text_body',
] as const;

/** The rows in one of the Mail page's states (the mapping's other half: mail-log-view.ts). */
function inState(eb: ExpressionBuilder<Database, 'outbox'>, state: MailState) {
  switch (state) {
    case 'sent':
      return eb('status', '=', 'sent');
    case 'held':
      return eb('status', '=', 'suppressed');
    case 'failing':
      return eb.or([
        eb('status', '=', 'failed'),
        eb.and([eb('status', '=', 'pending'), eb('last_error', 'is not', null)]),
      ]);
    case 'waiting':
      return eb.and([eb('status', '=', 'pending'), eb('last_error', 'is', null)]);
  }
}

/** The outbox as the console's Mail page lists it; sending stays with outbox-repository.ts. */
export function createMailLogRepository(db: Kysely<Database>) {
  return {
    /** A page of messages, newest first, and how many match in all. */
    async list(
      state: MailState | undefined,
      page: { limit: number; offset: number },
    ): Promise<{ rows: MailLogRow[]; total: number }> {
      let rows = db.selectFrom('outbox').select(LIST_COLUMNS);
      let count = db.selectFrom('outbox').select((eb) => eb.fn.countAll<string | number>().as('n'));
      if (state !== undefined) {
        rows = rows.where((eb) => inState(eb, state));
        count = count.where((eb) => inState(eb, state));
      }
      const found = await rows
        .orderBy('id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      const total = await count.executeTakeFirstOrThrow();
      return { rows: found, total: Number(total.n) };
    },

    async find(id: number): Promise<MailCopyRow | undefined> {
      return db
        .selectFrom('outbox')
        .select([...LIST_COLUMNS, 'html_body', 'attachments'])
        .where('id', '=', id)
        .executeTakeFirst();
    },
  };
}

export type MailLogRepository = ReturnType<typeof createMailLogRepository>;
