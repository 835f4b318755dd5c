import type { Kysely, Transaction } from 'kysely';
import type { Database, SubmissionsTable } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

export interface NewSubmission {
  kind: SubmissionsTable['kind'];
  /** The sender's address, so the operator can find every request from one person. */
  email: string;
  /** The validated request, as the operator needs it to act. */
  payload: Record<string, unknown>;
  /** When it arrived, by the app's clock. */
  createdAt: Date;
}

/** Quote Now requests and Contact Us messages, kept for the operator whatever the mail does. */
export function createSubmissionsRepository(db: Kysely<Database>) {
  return {
    /** Stores a submission; pass the transaction that also queues its mails. */
    async insert(submission: NewSubmission, trx?: Executor): Promise<number> {
      const row = await (trx ?? db)
        .insertInto('submissions')
        .values({
          kind: submission.kind,
          email: submission.email,
          payload: JSON.stringify(submission.payload),
          created_at: submission.createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
  };
}

export type SubmissionsRepository = ReturnType<typeof createSubmissionsRepository>;
