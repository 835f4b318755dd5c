import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export function createServerSecretsRepository(db: Kysely<Database>) {
  return {
    /**
     * The secret called `name`, stored as `candidate` if there was none yet. Two processes
     * starting together on one database both get the one that was stored first.
     */
    async findOrCreate(name: string, candidate: string): Promise<string> {
      await db
        .insertInto('server_secrets')
        .values({ name, value: candidate })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const row = await db
        .selectFrom('server_secrets')
        .select('value')
        .where('name', '=', name)
        .executeTakeFirstOrThrow();
      return row.value;
    },
  };
}

export type ServerSecretsRepository = ReturnType<typeof createServerSecretsRepository>;
