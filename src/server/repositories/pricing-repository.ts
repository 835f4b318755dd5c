import { sql } from 'kysely';
import type { Kysely, Selectable } from 'kysely';
import type {
  BankHoliday,
  CompanyCharges,
  FixedFare,
  RateCard,
  Zone,
} from '../../domain/pricing-model';
import type { Database, RateCardsTable } from '../db/schema';
import { pence } from '../../domain/money';

/** An operator's vehicle category that can be priced: both active, with a rate card. */
export interface OfferingRow {
  companyId: number;
  companyName: string;
  /** 1.0–5.0, one decimal. */
  rating: number;
  categoryId: number;
  categoryName: string;
  seats: number;
  luggage: number;
  handLuggage: number;
  imagePath: string;
  sortOrder: number;
}

/** An offering and its rate card. */
export interface PricedOfferingRow extends OfferingRow {
  rateCard: RateCard;
}

function cardKey(companyId: number, categoryId: number): string {
  return `${companyId}:${categoryId}`;
}

/** Reads what prices are computed from: rate cards, zones, fares, charges, holidays, bans. */
export function createPricingRepository(db: Kysely<Database>) {
  return {
    listPricedOfferings: () => listPricedOfferings(db),
    listZones: () => listZones(db),
    listFixedFares: () => listFixedFares(db),
    listCompanyCharges: () => listCompanyCharges(db),
    listBankHolidays: (fromDate: string) => listBankHolidays(db, fromDate),
    listBannedPatterns: () => listBannedPatterns(db),
  };
}

/** The pricing tables' queries. */
export type PricingRepository = ReturnType<typeof createPricingRepository>;

/** Every active operator's active categories that have a rate card, with the card. */
async function listPricedOfferings(db: Kysely<Database>): Promise<PricedOfferingRow[]> {
  const rows = await db
    .selectFrom('rate_cards as rc')
    .innerJoin('company_vehicles as cv', (join) =>
      join
        .onRef('cv.company_id', '=', 'rc.company_id')
        .onRef('cv.category_id', '=', 'rc.category_id'),
    )
    .innerJoin('companies as c', 'c.id', 'rc.company_id')
    .innerJoin('fleet_categories as fc', 'fc.id', 'rc.category_id')
    .select([
      'rc.company_id',
      'rc.category_id',
      'rc.base_fare_pence',
      'rc.minimum_fare_pence',
      'c.name as company_name',
      'c.rating',
      'fc.name as category_name',
      'fc.seats',
      'fc.luggage',
      'fc.hand_luggage',
      // The company's own picture of the category (issue 33), else the category's.
      sql<string>`coalesce(cv.image_path, fc.image_path)`.as('image_path'),
      'fc.sort_order',
    ])
    .where('cv.active', '=', true)
    .where('c.active', '=', true)
    .where('fc.active', '=', true)
    .orderBy('fc.sort_order')
    .orderBy('rc.category_id')
    .orderBy('rc.company_id')
    .execute();
  const cards = await rateCards(db, rows);
  return rows.map((row) => ({
    companyId: row.company_id,
    companyName: row.company_name,
    rating: Number(row.rating),
    categoryId: row.category_id,
    categoryName: row.category_name,
    seats: row.seats,
    luggage: row.luggage,
    handLuggage: row.hand_luggage,
    imagePath: row.image_path,
    sortOrder: row.sort_order,
    rateCard: cards.get(cardKey(row.company_id, row.category_id)) as RateCard,
  }));
}

/** The rate cards of `rows`' offerings, with their mile bands and hourly rates, by cardKey. */
async function rateCards(
  db: Kysely<Database>,
  rows: Pick<
    Selectable<RateCardsTable>,
    'company_id' | 'category_id' | 'base_fare_pence' | 'minimum_fare_pence'
  >[],
): Promise<Map<string, RateCard>> {
  const bands = await db
    .selectFrom('rate_card_mile_bands')
    .select(['company_id', 'category_id', 'up_to_miles', 'pence_per_mile'])
    .orderBy('company_id')
    .orderBy('category_id')
    .orderBy('band')
    .execute();
  const hourly = await db
    .selectFrom('rate_card_hourly_rates')
    .select(['company_id', 'category_id', 'hours', 'price_pence'])
    .execute();

  const cards = new Map<string, RateCard>();
  for (const row of rows) {
    cards.set(cardKey(row.company_id, row.category_id), {
      companyId: row.company_id,
      categoryId: row.category_id,
      baseFare: pence(row.base_fare_pence),
      minimumFare: pence(row.minimum_fare_pence),
      mileBands: [],
      hourlyRates: {},
    });
  }
  for (const band of bands) {
    cards.get(cardKey(band.company_id, band.category_id))?.mileBands.push({
      upToMiles: band.up_to_miles === null ? null : Number(band.up_to_miles),
      pencePerMile: pence(band.pence_per_mile),
    });
  }
  for (const rate of hourly) {
    const card = cards.get(cardKey(rate.company_id, rate.category_id));
    if (card) card.hourlyRates[rate.hours] = pence(rate.price_pence);
  }
  return cards;
}

/** Every zone. */
async function listZones(db: Kysely<Database>): Promise<Zone[]> {
  const rows = await db
    .selectFrom('zones')
    .select(['id', 'name', 'lat', 'lng', 'radius_km', 'is_airport'])
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    lat: row.lat,
    lng: row.lng,
    radiusKm: Number(row.radius_km),
    isAirport: row.is_airport,
  }));
}

/** Every fixed fare. */
async function listFixedFares(db: Kysely<Database>): Promise<FixedFare[]> {
  const rows = await db
    .selectFrom('fixed_fares')
    .select(['company_id', 'category_id', 'from_zone_id', 'to_zone_id', 'both_ways', 'fare_pence'])
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    companyId: row.company_id,
    categoryId: row.category_id,
    fromZoneId: row.from_zone_id,
    toZoneId: row.to_zone_id,
    bothWays: row.both_ways,
    fare: pence(row.fare_pence),
  }));
}

/** Each operator's airport, night and bank-holiday charges. */
async function listCompanyCharges(db: Kysely<Database>): Promise<CompanyCharges[]> {
  const rows = await db.selectFrom('company_charges').selectAll().execute();
  return rows.map((row) => ({
    companyId: row.company_id,
    airportPickupCharge: pence(row.airport_pickup_pence),
    nightUpliftBp: row.night_uplift_bp,
    nightStartMinute: row.night_start_minute,
    nightEndMinute: row.night_end_minute,
    bankHolidayUpliftBp: row.bank_holiday_uplift_bp,
  }));
}

/** Bank holidays of both calendars from `fromDate` (YYYY-MM-DD) on. */
async function listBankHolidays(db: Kysely<Database>, fromDate: string): Promise<BankHoliday[]> {
  return (
    db
      .selectFrom('bank_holidays')
      // Text, not a Date: the pg driver would turn a date into local midnight.
      .select([sql<string>`to_char(date, 'YYYY-MM-DD')`.as('date'), 'region', 'name'])
      .where('date', '>=', fromDate)
      .orderBy('date')
      .orderBy('region')
      .execute()
  );
}

/** The banned-address patterns. */
async function listBannedPatterns(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('banned_addresses').select('pattern').execute();
  return rows.map((row) => row.pattern);
}
