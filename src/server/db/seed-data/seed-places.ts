import { sql } from 'kysely';
import type { Transaction } from 'kysely';
import type { Database, NewPlace } from '../schema';

/** Rows per INSERT: well under PostgreSQL's 65,535 bind parameters at 12 columns a row. */
const PLACE_CHUNK = 1000;

/** The gazetteer, which only the seed owns: brought exactly in line with the data. */
export async function seedPlaces(trx: Transaction<Database>, places: NewPlace[]): Promise<void> {
  for (let i = 0; i < places.length; i += PLACE_CHUNK) {
    await trx
      .insertInto('places')
      .values(places.slice(i, i + PLACE_CHUNK))
      .onConflict((oc) =>
        oc.column('key').doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          address: eb.ref('excluded.address'),
          kind: eb.ref('excluded.kind'),
          lat: eb.ref('excluded.lat'),
          lng: eb.ref('excluded.lng'),
          postcode: eb.ref('excluded.postcode'),
          popular: eb.ref('excluded.popular'),
          search_name: eb.ref('excluded.search_name'),
          search_text: eb.ref('excluded.search_text'),
          rank: eb.ref('excluded.rank'),
          source: eb.ref('excluded.source'),
          area: eb.ref('excluded.area'),
        })),
      )
      .execute();
  }
  // Entries dropped from the data (a renamed terminal, say) leave the gazetteer too.
  const keys = places.map((p) => p.key);
  await trx
    .deleteFrom('places')
    .where(sql<boolean>`not (key = any(${keys}::text[]))`)
    .execute();
}
