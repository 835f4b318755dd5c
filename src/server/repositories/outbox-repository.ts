import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { OutgoingMail } from '../services/mail/outgoing-mail';

type Executor = Kysely<Database> | Transaction<Database>;

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
          subject: mail.subject,
          text_body: mail.text,
          html_body: mail.html,
          attachments: JSON.stringify(mail.attachments ?? []),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
