import type { Kysely, Selectable } from 'kysely';
import type { Database, MessageTemplatesTable } from '../db/schema';

/** A saved template with the name of who saved it last (null when that account is gone). */
export type MessageTemplateRow = Selectable<MessageTemplatesTable> & {
  updated_by_name: string | null;
};

/** The operator's wording of passenger messages (migration 0028): a row per changed event. */
export function createMessageTemplatesRepository(db: Kysely<Database>) {
  const withAuthor = (executor: Kysely<Database>) =>
    executor
      .selectFrom('message_templates')
      .leftJoin('operators', 'operators.id', 'message_templates.updated_by')
      .selectAll('message_templates')
      .select('operators.name as updated_by_name');

  return {
    async list(): Promise<MessageTemplateRow[]> {
      return withAuthor(db).execute();
    },

    /** One event's saved row, read in `executor` (a change's transaction) when given. */
    async find(event: string, executor: Kysely<Database> = db) {
      return withAuthor(executor).where('message_templates.event', '=', event).executeTakeFirst();
    },

    /** The row, locked until `trx` ends: two saves of one event queue. */
    async lock(trx: Kysely<Database>, event: string) {
      return trx
        .selectFrom('message_templates')
        .selectAll()
        .where('event', '=', event)
        .forUpdate()
        .executeTakeFirst();
    },

    async save(
      trx: Kysely<Database>,
      row: Omit<Selectable<MessageTemplatesTable>, 'updated_at'> & { updated_at: Date },
    ): Promise<void> {
      const { event: _event, ...change } = row;
      await trx
        .insertInto('message_templates')
        .values(row)
        .onConflict((oc) => oc.column('event').doUpdateSet(change))
        .execute();
    },

    /** Back to the default: the row goes. True when there was one. */
    async remove(trx: Kysely<Database>, event: string): Promise<boolean> {
      const result = await trx
        .deleteFrom('message_templates')
        .where('event', '=', event)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type MessageTemplatesRepository = ReturnType<typeof createMessageTemplatesRepository>;
