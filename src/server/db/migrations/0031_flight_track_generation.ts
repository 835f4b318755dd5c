import type { Kysely } from 'kysely';

/**
 * A tracked flight is tracked anew when the passenger changes its number or the pickup
 * (issue 35). Each new start counts a generation, and a look carries the generation it was
 * queued for: a look of an earlier one finds it stale and stops, so a job keeps one live chain
 * of looks however often it changes. A flight number taken off stops the track without
 * deleting it (`active` false), so its generation and the moves already told carry on if the
 * number comes back.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('flight_tracks')
    .addColumn('generation', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('active', 'boolean', (col) => col.notNull().defaultTo(true))
    .execute();
}
