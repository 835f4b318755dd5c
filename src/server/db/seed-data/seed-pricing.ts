import type { Transaction } from 'kysely';
import type { BankHoliday } from '../../../domain/pricing-model';
import type { Database } from '../schema';
import {
  DEMO_BANNED_ADDRESSES,
  DEMO_COMPANY_CHARGES,
  DEMO_FIXED_FARES,
  DEMO_RATE_CARDS,
  DEMO_ZONES,
} from './pricing';
import { idsByName, type IdsByName } from './seed-operators';

/**
 * Rate cards, zones, fixed fares, operator charges, banned addresses and bank holidays. Every
 * insert skips a row already there, so prices an operator changed stay changed; a card's bands
 * and hourly rates are written only with a card created now, so an operator who removed a band
 * or a duration does not find it back after an upgrade.
 */
export async function seedPricing(
  trx: Transaction<Database>,
  holidays: BankHoliday[],
): Promise<void> {
  const ids = await idsByName(trx);
  const cards = await seedRateCards(trx, ids);
  await seedZonesAndFares(trx, ids, cards);
  await seedCompanyCharges(trx, ids);

  await trx
    .insertInto('banned_addresses')
    .values(DEMO_BANNED_ADDRESSES)
    .onConflict((oc) => oc.column('pattern').doNothing())
    .execute();

  if (holidays.length > 0) {
    await trx
      .insertInto('bank_holidays')
      .values(holidays)
      .onConflict((oc) => oc.columns(['date', 'region']).doNothing())
      .execute();
  }
}

/** The demo's rate cards (each with its bands and hourly rates when created now). */
async function seedRateCards(trx: Transaction<Database>, ids: IdsByName) {
  const cards = DEMO_RATE_CARDS.flatMap((card) => {
    const company_id = ids.company.get(card.company);
    const category_id = ids.category.get(card.category);
    return company_id === undefined || category_id === undefined
      ? []
      : [{ card, company_id, category_id }];
  });
  if (cards.length > 0) {
    const created = await trx
      .insertInto('rate_cards')
      .values(
        cards.map(({ card, company_id, category_id }) => ({
          company_id,
          category_id,
          base_fare_pence: card.baseFarePence,
          minimum_fare_pence: card.minimumFarePence,
        })),
      )
      .onConflict((oc) => oc.columns(['company_id', 'category_id']).doNothing())
      .returning(['company_id', 'category_id'])
      .execute();
    const isNew = new Set(created.map((row) => `${row.company_id}:${row.category_id}`));
    const fresh = cards.filter((c) => isNew.has(`${c.company_id}:${c.category_id}`));
    const bands = fresh.flatMap(({ card, company_id, category_id }) =>
      card.mileBands.map((band, i) => ({
        company_id,
        category_id,
        band: i + 1,
        up_to_miles: band.upToMiles,
        pence_per_mile: band.pencePerMile,
      })),
    );
    const hourly = fresh.flatMap(({ card, company_id, category_id }) =>
      Object.entries(card.hourlyRates).map(([hours, price]) => ({
        company_id,
        category_id,
        hours: Number(hours),
        price_pence: price,
      })),
    );
    if (bands.length > 0) await trx.insertInto('rate_card_mile_bands').values(bands).execute();
    if (hourly.length > 0) await trx.insertInto('rate_card_hourly_rates').values(hourly).execute();
  }
  return cards;
}

type SeededCard = Awaited<ReturnType<typeof seedRateCards>>[number];

/** Zones, and the fixed fares between them of the cards the demo prices. */
async function seedZonesAndFares(
  trx: Transaction<Database>,
  ids: IdsByName,
  cards: SeededCard[],
): Promise<void> {
  await trx
    .insertInto('zones')
    .values(
      DEMO_ZONES.map((zone) => ({
        name: zone.name,
        lat: zone.lat,
        lng: zone.lng,
        radius_km: zone.radiusKm,
        is_airport: zone.isAirport,
        // The code flights are tracked to (issue 35): 'Heathrow Airport (LHR)' lands at LHR.
        iata_code: zone.isAirport ? (/\(([A-Z]{3})\)/.exec(zone.name)?.[1] ?? null) : null,
      })),
    )
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const zones = await trx.selectFrom('zones').select(['id', 'name']).execute();
  const zoneId = new Map(zones.map((zone) => [zone.name, zone.id]));
  const priced = new Set(cards.map((c) => `${c.company_id}:${c.category_id}`));
  const fares = DEMO_FIXED_FARES.flatMap((fare) => {
    const company_id = ids.company.get(fare.company);
    const category_id = ids.category.get(fare.category);
    const from_zone_id = zoneId.get(fare.from);
    const to_zone_id = zoneId.get(fare.to);
    if (
      company_id === undefined ||
      category_id === undefined ||
      from_zone_id === undefined ||
      to_zone_id === undefined ||
      !priced.has(`${company_id}:${category_id}`)
    ) {
      return [];
    }
    return [
      {
        company_id,
        category_id,
        from_zone_id,
        to_zone_id,
        both_ways: fare.bothWays,
        fare_pence: fare.farePence,
      },
    ];
  });
  if (fares.length > 0) {
    await trx
      .insertInto('fixed_fares')
      .values(fares)
      .onConflict((oc) =>
        oc.columns(['company_id', 'category_id', 'from_zone_id', 'to_zone_id']).doNothing(),
      )
      .execute();
  }
}

/** Each operator's airport pickup, night and bank holiday charges. */
async function seedCompanyCharges(trx: Transaction<Database>, ids: IdsByName): Promise<void> {
  const charges = DEMO_COMPANY_CHARGES.flatMap((charge) => {
    const company_id = ids.company.get(charge.company);
    if (company_id === undefined) return [];
    return [
      {
        company_id,
        airport_pickup_pence: charge.airportPickupPence,
        night_start_minute: charge.nightStartMinute,
        night_end_minute: charge.nightEndMinute,
        night_uplift_bp: charge.nightUpliftBp,
        bank_holiday_uplift_bp: charge.bankHolidayUpliftBp,
      },
    ];
  });
  if (charges.length > 0) {
    await trx
      .insertInto('company_charges')
      .values(charges)
      .onConflict((oc) => oc.column('company_id').doNothing())
      .execute();
  }
}
