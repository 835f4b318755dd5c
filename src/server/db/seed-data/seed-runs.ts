import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';

/**
 * A seed applied once per version of its data: its seed_runs row holds the digest of what was
 * applied, so a later start (or another process) skips it and a changed seed runs again.
 */
export async function seedRunDone(
  run: Kysely<Database>,
  name: string,
  digest: string,
): Promise<boolean> {
  const row = await run
    .selectFrom('seed_runs')
    .select('digest')
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.digest === digest;
}

/** Records the seed as applied, in the transaction that applied it. */
export async function markSeedRun(
  run: Kysely<Database>,
  name: string,
  digest: string,
): Promise<void> {
  await run
    .insertInto('seed_runs')
    .values({ name, digest })
    .onConflict((oc) => oc.column('name').doUpdateSet({ digest, applied_at: sql`now()` }))
    .execute();
}
