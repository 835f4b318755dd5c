import { sql, type Kysely } from 'kysely';

/**
 * Where the passenger stood when the pickup came from "use my current location" (issue 20,
 * item 1), or the map position picked with the address: the point a driver goes to. Null when
 * the browser sent none, and for bookings made before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('bookings')
    .addColumn('pickup_lat', 'double precision', (col) =>
      col.check(sql`pickup_lat between -90 and 90`),
    )
    .addColumn('pickup_lng', 'double precision', (col) =>
      col.check(sql`pickup_lng between -180 and 180`),
    )
    .execute();
  // Both or neither: half a position is no place.
  await db.schema
    .alterTable('bookings')
    .addCheckConstraint(
      'bookings_pickup_position_whole',
      sql`(pickup_lat is null) = (pickup_lng is null)`,
    )
    .execute();
}
