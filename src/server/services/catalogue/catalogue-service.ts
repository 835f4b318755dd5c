import type { AiAddressesQuery } from '../../../contract/catalogue';
import type { AddressSuggestion, Company, Vehicle } from '../../../domain/fleet';
import { SETTING_NAMES } from '../../../domain/settings';
import type { Setting } from '../../../domain/settings';
import { searchWords } from '../../lib/place-text';
import type { FleetRepository } from '../../repositories/fleet-repository';
import type { PlacesRepository } from '../../repositories/places-repository';
import type { SettingsRepository } from '../../repositories/settings-repository';

export interface CatalogueDeps {
  settings: SettingsRepository;
  fleet: FleetRepository;
  places: PlacesRepository;
}

/** What the booking form needs before a quote: settings, fleet, operators, place suggestions. */
export function createCatalogueService(deps: CatalogueDeps) {
  return {
    /**
     * Exactly the settings the spec reads, in the spec's order; anything else in the table is
     * the server's own and never published. A name missing from the database is sent as '' so
     * the client never sees a gap.
     */
    async settingsFlat(): Promise<Setting[]> {
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
    },

    /** Fleet categories some operator runs, as GET /fetch_vehicles shows them. */
    async vehicles(): Promise<Vehicle[]> {
      const rows = await deps.fleet.listOfferedCategories();
      return rows.map((row) => ({
        tbms_vid: row.id,
        vehicle_img: row.image_path,
        category_name: row.name,
        seats: row.seats,
        hand_luggage: row.hand_luggage,
        luggage: row.luggage,
      }));
    },

    /** Active operators, as GET /fetch_companies shows them. */
    async companies(): Promise<Company[]> {
      const rows = await deps.fleet.listActiveCompanies();
      return rows.map((row) => ({ id: row.id, company: { company_name: row.name } }));
    },

    /**
     * Suggestions matching every typed word (in any order, anywhere in a name, alias, code or
     * postcode); without a query, the popular airports, terminals, stations and ports.
     */
    async addresses(query: AiAddressesQuery): Promise<AddressSuggestion[]> {
      if (query.q === undefined || query.q === '') {
        const rows = await deps.places.popular(query.limit);
        return rows.map(({ id, address }) => ({ id, address }));
      }
      const words = searchWords(query.q);
      // Only punctuation typed: nothing can match it, and "everything" would be no help.
      if (words.length === 0) return [];
      const rows = await deps.places.search(words, query.limit);
      return rows.map(({ id, address }) => ({ id, address }));
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
