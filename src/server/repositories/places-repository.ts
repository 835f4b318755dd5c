import { sql } from 'kysely';
import type { Kysely, Selectable } from 'kysely';
import { TRANSPORT_KINDS } from '../db/schema';
import type { Database, PlaceKind, PlacesTable } from '../db/schema';
import { escapeLike } from '../lib/place-text';

/** A gazetteer row as the offline distance resolver reads it. */
export type GazetteerRow = Pick<
  Selectable<PlacesTable>,
  | 'key'
  | 'name'
  | 'address'
  | 'kind'
  | 'lat'
  | 'lng'
  | 'postcode'
  | 'rank'
  | 'search_name'
  | 'search_text'
>;

export interface PlaceSuggestionRow {
  id: number;
  address: string;
  kind: PlaceKind;
  area: string;
  lat: number;
  lng: number;
}

/** A town at least this big (RANK in seed-data/gazetteer.ts): a city or a major town. */
const BIG_PLACE_RANK = 3_000;

/** Airports first, then terminals, stations, ports, as TRANSPORT_KINDS lists them. */
const kindOrder = sql`case kind ${sql.join(
  TRANSPORT_KINDS.map((kind, i) => sql`when ${sql.lit(kind)} then ${sql.lit(i)}`),
  sql` `,
)} else ${sql.lit(TRANSPORT_KINDS.length)} end`;

export function createPlacesRepository(db: Kysely<Database>) {
  return {
    search: (words: string[], limit: number, near?: { lat: number; lng: number }) =>
      searchPlaces(db, words, limit, near),
    popular: (limit: number) => popularPlaces(db, limit),
    gazetteer: () => gazetteer(db),
    gazetteerVersion: () => gazetteerVersion(db),
  };
}

export type PlacesRepository = ReturnType<typeof createPlacesRepository>;

/**
 * Places whose search text contains every word (already normalised), most likely meant
 * first: the exact name of a city, major town or transport place; then airports,
 * terminals, stations and ports; then names starting with the phrase; then popular; then,
 * given `near` (the other end of the journey), the nearer first; then higher-ranked places,
 * shorter names. A small town's exact name no longer beats a station of that name
 * ("Waterloo": London Waterloo station before Waterloo, Merseyside).
 */
async function searchPlaces(
  db: Kysely<Database>,
  words: string[],
  limit: number,
  near?: { lat: number; lng: number },
): Promise<PlaceSuggestionRow[]> {
  const phrase = words.join(' ');
  let query = db.selectFrom('places').select(['id', 'address', 'kind', 'area', 'lat', 'lng']);
  for (const word of words) {
    const pattern = `%${escapeLike(word)}%`;
    query = query.where(sql<boolean>`search_text like ${pattern} escape '\\'`);
  }
  const transport = sql`kind in (${sql.join([...TRANSPORT_KINDS])})`;
  return (
    query
      .orderBy(sql`search_name = ${phrase} and (${transport} or rank >= ${BIG_PLACE_RANK})`, 'desc')
      .orderBy(transport, 'desc')
      .orderBy(sql`search_name = ${phrase}`, 'desc')
      .orderBy(sql`search_name like ${`${escapeLike(phrase)}%`} escape '\\'`, 'desc')
      .orderBy('popular', 'desc')
      // Nearness only among places the text names alike and as popular ('Gatwick' near
      // Heathrow is still Gatwick Airport, not a London station whose search text mentions
      // it), and in steps of about 50 km (0.5°, longitude shrunk for the UK's latitude), so
      // it tells Edinburgh's airport from Heathrow's but leaves one airport's terminals in
      // their usual order.
      .$if(near !== undefined, (qb) =>
        qb.orderBy(
          sql`floor(sqrt(power(lat - ${near?.lat}, 2) + power((lng - ${near?.lng}) * 0.62, 2)) / 0.5)`,
        ),
      )
      .orderBy('rank', 'desc')
      .orderBy(sql`length(name)`)
      .orderBy('name')
      .orderBy('id')
      .limit(limit)
      .execute()
  );
}

/**
 * Popular airports, terminals, stations and ports, taking turns by kind (best airport,
 * best terminal, best station, best port, second airport, ...) so a short list still
 * shows every kind.
 */
async function popularPlaces(db: Kysely<Database>, limit: number): Promise<PlaceSuggestionRow[]> {
  const ranked = db
    .selectFrom('places')
    .select([
      'id',
      'address',
      'kind',
      'area',
      'lat',
      'lng',
      sql<number>`row_number() over (partition by kind order by rank desc, name, id)`.as('turn'),
    ])
    .where('popular', '=', true)
    .where('kind', 'in', [...TRANSPORT_KINDS])
    .as('ranked');
  return db
    .selectFrom(ranked)
    .select(['id', 'address', 'kind', 'area', 'lat', 'lng'])
    .orderBy('turn')
    .orderBy(kindOrder)
    .limit(limit)
    .execute();
}

/**
 * The whole gazetteer (about 5,000 rows), best-ranked first, for the offline distance
 * resolver to hold in memory: it reads every address against every name, so a query per
 * lookup would not do.
 */
async function gazetteer(db: Kysely<Database>): Promise<GazetteerRow[]> {
  return db
    .selectFrom('places')
    .select([
      'key',
      'name',
      'address',
      'kind',
      'lat',
      'lng',
      'postcode',
      'rank',
      'search_name',
      'search_text',
    ])
    .orderBy('rank', 'desc')
    .orderBy('id')
    .execute();
}

/**
 * Changes whenever a seed runs (only the seed writes the gazetteer): a one-row query that
 * tells a process holding the gazetteer in memory whether to read it again.
 */
async function gazetteerVersion(db: Kysely<Database>): Promise<string> {
  const row = await db
    .selectFrom('seed_runs')
    .select([
      sql<string>`coalesce(max(applied_at)::text, '')`.as('latest'),
      sql<string>`count(*)::text`.as('runs'),
    ])
    .executeTakeFirst();
  return `${row?.latest ?? ''}/${row?.runs ?? '0'}`;
}
