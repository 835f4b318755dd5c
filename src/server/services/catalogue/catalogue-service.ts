import { MAX_ADDRESS_LIMIT } from '../../../contract/catalogue';
import type { AiAddressesQuery } from '../../../contract/catalogue';
import type { AddressSuggestion, Company, Vehicle } from '../../../domain/fleet';
import { SETTING_NAMES } from '../../../domain/settings';
import type { Setting } from '../../../domain/settings';
import { createRefreshingCache } from '../../lib/refreshing-cache';
import { searchWords } from '../../lib/place-text';
import type { FleetRepository } from '../../repositories/fleet-repository';
import { DISTRICT_CENTRES } from '../../db/seed-data/outcodes';
import type { PlacesRepository } from '../../repositories/places-repository';
import type { SettingsRepository } from '../../repositories/settings-repository';

export interface CatalogueDeps {
  settings: SettingsRepository;
  fleet: FleetRepository;
  places: PlacesRepository;
  /** How long a read is served from memory; CATALOGUE_TTL_MS unless given (tests). */
  ttlMs?: number;
  /** A monotonic clock in ms (fixed in tests). */
  monotonicMs?: () => number;
}

/**
 * How long settings-flat, the fleet, the operators and the popular places are served from
 * memory: a change to their rows shows within this time (from the start of the read that
 * preceded it), or at once after invalidate(). The same bound as the settings quotes read, so
 * the form and the prices it gets never disagree for longer.
 */
export const CATALOGUE_TTL_MS = 5_000;

/** What the booking form needs before a quote: settings, fleet, operators, place suggestions. */
export function createCatalogueService(deps: CatalogueDeps) {
  const ttlMs = deps.ttlMs ?? CATALOGUE_TTL_MS;
  const cached = <T>(load: () => Promise<T>) =>
    createRefreshingCache(load, {
      ttlMs,
      refreshAheadMs: ttlMs / 5,
      monotonicMs: deps.monotonicMs,
    });

  const settingsFlat = cached(async (): Promise<Setting[]> => {
    const stored = new Map(
      (await deps.settings.listByName(SETTING_NAMES)).map((row) => [
        row.setting_name,
        row.setting_value,
      ]),
    );
    return SETTING_NAMES.map((name) => ({
      setting_name: name,
      setting_value: stored.get(name) ?? '',
    }));
  });

  const vehicles = cached(async (): Promise<Vehicle[]> => {
    const rows = await deps.fleet.listOfferedCategories();
    return rows.map((row) => ({
      tbms_vid: row.id,
      vehicle_img: row.image_path,
      category_name: row.name,
      seats: row.seats,
      hand_luggage: row.hand_luggage,
      luggage: row.luggage,
    }));
  });

  const companies = cached(async (): Promise<Company[]> => {
    const rows = await deps.fleet.listActiveCompanies();
    return rows.map((row) => ({ id: row.id, company: { company_name: row.name } }));
  });

  // The longest list any call can ask for; a shorter one is its head (the order is total).
  const popular = cached(async (): Promise<AddressSuggestion[]> => {
    const rows = await deps.places.popular(MAX_ADDRESS_LIMIT);
    return rows.map(({ id, address, area }) => ({ id, address, area }));
  });

  /** Where the hint's text places: its best suggestion's point, if any. */
  async function hintPosition(near: string | undefined) {
    const words = near ? searchWords(near) : [];
    if (words.length === 0) return undefined;
    const [best] = await deps.places.search(words, 1);
    return best ? { lat: best.lat, lng: best.lng } : undefined;
  }

  return {
    /**
     * Forgets every list held in memory, so the next call reads the database. Whatever writes
     * settings, fleet, operators or places calls this; without it a change shows within
     * CATALOGUE_TTL_MS.
     */
    invalidate(): void {
      settingsFlat.invalidate();
      vehicles.invalidate();
      companies.invalidate();
      popular.invalidate();
    },

    /**
     * Exactly the settings the spec reads, in the spec's order; anything else in the table is
     * the server's own and never published. A name missing from the database is sent as '' so
     * the client never sees a gap.
     */
    settingsFlat: (): Promise<Setting[]> => settingsFlat.get(),

    /** Fleet categories some operator runs, as GET /fetch_vehicles shows them. */
    vehicles: (): Promise<Vehicle[]> => vehicles.get(),

    /** Active operators, as GET /fetch_companies shows them. */
    companies: (): Promise<Company[]> => companies.get(),

    /**
     * Suggestions matching every typed word (in any order, anywhere in a name, alias, code or
     * postcode); without a query, the popular airports, terminals, stations and ports.
     */
    async addresses(query: AiAddressesQuery): Promise<AddressSuggestion[]> {
      if (query.q === undefined || query.q === '') {
        return (await popular.get()).slice(0, query.limit);
      }
      // A full postcode of a known district: offered as typed, placed at the district.
      const postcode = postcodeSuggestion(query.q);
      if (postcode) return [postcode];
      const words = searchWords(query.q);
      // Only punctuation typed: nothing can match it, and "everything" would be no help.
      if (words.length === 0) return [];
      const rows = await deps.places.search(words, query.limit, await hintPosition(query.near));
      return rows.map(({ id, address, area }) => ({ id, address, area }));
    },
  };
}

/**
 * The typed text when it is one full postcode ("sw1a2aa" → "SW1A 2AA") whose district the
 * offline resolver places (seed-data/outcodes.ts): a quote for that text is priced at the
 * district's centre. Id 0: it is no gazetteer row.
 */
export function postcodeSuggestion(text: string): AddressSuggestion | undefined {
  const match = /^([A-Z]{1,2}\d[A-Z\d]?)\s*(\d[A-Z]{2})$/i.exec(text.trim());
  if (!match) return undefined;
  const outward = (match[1] as string).toUpperCase();
  const district = DISTRICT_CENTRES[outward];
  if (!district) return undefined;
  const address = `${outward} ${(match[2] as string).toUpperCase()}`;
  return { id: 0, address, area: `${district.area}, ${outward}` };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
