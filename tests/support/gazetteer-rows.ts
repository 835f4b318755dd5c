import { buildGazetteer } from '../../src/server/db/seed-data/gazetteer';
import type { GazetteerRow } from '../../src/server/repositories/places-repository';

/** The seed's gazetteer as the places repository returns it, without a database. */
export function seedGazetteerRows(): GazetteerRow[] {
  return buildGazetteer().map((p) => ({
    key: p.key,
    name: p.name,
    address: p.address,
    kind: p.kind,
    lat: p.lat,
    lng: p.lng,
    postcode: p.postcode ?? null,
    rank: p.rank ?? 0,
    search_name: p.search_name,
    search_text: p.search_text,
  }));
}
