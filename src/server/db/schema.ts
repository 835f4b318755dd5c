import type { ColumnType, Generated, Insertable } from 'kysely';

/**
 * The database as Kysely sees it. Keep in step with migrations.ts: a column added there is
 * added here in the same change.
 */

/** PostgreSQL `numeric` comes back as text from both drivers; write it as a number or text. */
type Numeric = ColumnType<string, number | string, number | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

/** Kinds of gazetteer entry; the first four are "transport" places ranked ahead of towns. */
export const PLACE_KINDS = ['airport', 'terminal', 'station', 'port', 'city', 'town'] as const;
export type PlaceKind = (typeof PLACE_KINDS)[number];
export const TRANSPORT_KINDS = ['airport', 'terminal', 'station', 'port'] as const;

export interface SettingsTable {
  setting_name: string;
  setting_value: string;
  updated_at: UpdatedAt;
}

export interface CompaniesTable {
  id: Generated<number>;
  name: string;
  /** 1.0–5.0, one decimal. */
  rating: Numeric;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
}

export interface FleetCategoriesTable {
  id: Generated<number>;
  name: string;
  seats: number;
  luggage: number;
  hand_luggage: number;
  wheelchair_spaces: ColumnType<number, number | undefined, number>;
  /** Path under /storage/, e.g. `vehicles/saloon.svg`. */
  image_path: string;
  sort_order: number;
}

export interface CompanyVehiclesTable {
  id: Generated<number>;
  company_id: number;
  category_id: number;
  active: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface PlacesTable {
  id: Generated<number>;
  /** Stable identity across seed runs, e.g. `geonames:reading:51.456:-0.971`, `iata:LHR`. */
  key: string;
  name: string;
  /** What a suggestion shows, e.g. `Heathrow Airport Terminal 5, TW6 2GA`. */
  address: string;
  kind: PlaceKind;
  lat: number;
  lng: number;
  postcode: string | null;
  popular: boolean;
  /** The name, lower-cased and stripped of punctuation, for exact and prefix ranking. */
  search_name: string;
  /** Name, aliases, codes, postcode and county, normalised the same way, for word matching. */
  search_text: string;
  /** Higher first among equally good matches. */
  rank: number;
  source: string;
}

export interface BannedAddressesTable {
  id: Generated<number>;
  /** Matched case-insensitively against pickup, drop-off and stop addresses. */
  pattern: string;
  reason: string | null;
  created_at: CreatedAt;
}

export interface IdempotencyKeysTable {
  scope: string;
  key: string;
  request_hash: string;
  status_code: number;
  response: ColumnType<unknown, string, string>;
  created_at: CreatedAt;
  expires_at: ColumnType<Date, Date | string, Date | string>;
}

export interface SeedRunsTable {
  name: string;
  /** A digest of the seed data; a change re-applies the seed. */
  digest: string;
  applied_at: UpdatedAt;
}

export interface Database {
  settings: SettingsTable;
  companies: CompaniesTable;
  fleet_categories: FleetCategoriesTable;
  company_vehicles: CompanyVehiclesTable;
  places: PlacesTable;
  banned_addresses: BannedAddressesTable;
  idempotency_keys: IdempotencyKeysTable;
  seed_runs: SeedRunsTable;
}

export type NewPlace = Insertable<PlacesTable>;
