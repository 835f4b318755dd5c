import type {
  ChargesFields,
  ChargesWire,
  FixedFareInput,
  FixedFareWire,
  PriceVersionWire,
  RateCardWire,
} from '../../../contract/operator-prices';
import { pence, penceToPounds, poundsToPence, type Pence } from '../../../domain/money';
import type { PriceChanges } from '../../../contract/operator-prices';
import type { CompanyCharges, FixedFare, RateCard } from '../../../domain/pricing-model';
import type { CardRow, PartVersion } from '../../repositories/price-cards-repository';
import type { PriceVersionRow } from '../../repositories/price-versions-repository';

/** Between the Prices page's wire (pounds, percent, "HH:MM") and the domain (pence, bp, minutes). */

const percentToBp = (percent: number) => Math.round(percent * 100);
const minuteOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
const clockOf = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

export function toCardWire(row: CardRow): RateCardWire {
  const { card } = row;
  const hourly: Record<string, number> = {};
  for (const [hours, price] of Object.entries(card.hourlyRates)) {
    hourly[hours] = penceToPounds(price as Pence);
  }
  return {
    id: row.id,
    company_id: card.companyId,
    company_name: row.companyName,
    category_id: card.categoryId,
    category_name: row.categoryName,
    base_fare: penceToPounds(card.baseFare),
    minimum_fare: penceToPounds(card.minimumFare),
    mile_bands: card.mileBands.map((band) => ({
      up_to_miles: band.upToMiles,
      per_mile: penceToPounds(band.pencePerMile),
    })),
    hourly_rates: hourly,
    version: row.version,
    updated_at: row.updatedAt.toISOString(),
    updated_by: row.updatedBy,
  };
}

type CardFields = Omit<NonNullable<PriceChanges['rate_cards']>[number], 'category_id'>;

/** A card as typed on the page, for one company's category. */
export function cardFromWire(companyId: number, categoryId: number, input: CardFields): RateCard {
  const hourlyRates: RateCard['hourlyRates'] = {};
  for (const [hours, pounds] of Object.entries(input.hourly_rates)) {
    if (pounds !== undefined) hourlyRates[Number(hours)] = poundsToPence(pounds);
  }
  return {
    companyId,
    categoryId,
    baseFare: poundsToPence(input.base_fare),
    minimumFare: poundsToPence(input.minimum_fare),
    mileBands: input.mile_bands.map((band) => ({
      upToMiles: band.up_to_miles,
      pencePerMile: poundsToPence(band.per_mile),
    })),
    hourlyRates,
  };
}

export function fixedFareFromWire(companyId: number, input: FixedFareInput): FixedFare {
  return {
    companyId,
    categoryId: input.category_id,
    fromZoneId: input.from_zone_id,
    toZoneId: input.to_zone_id,
    bothWays: input.both_ways,
    fare: poundsToPence(input.fare),
  };
}

export function toFixedFareWire(
  fare: FixedFare,
  names: { category: (id: number) => string; zone: (id: number) => string },
): FixedFareWire {
  return {
    category_id: fare.categoryId,
    category_name: names.category(fare.categoryId),
    from_zone_id: fare.fromZoneId,
    from_zone_name: names.zone(fare.fromZoneId),
    to_zone_id: fare.toZoneId,
    to_zone_name: names.zone(fare.toZoneId),
    both_ways: fare.bothWays,
    fare: penceToPounds(fare.fare),
  };
}

export function chargesFromWire(companyId: number, input: ChargesFields): CompanyCharges {
  return {
    companyId,
    airportPickupCharge: poundsToPence(input.airport_pickup_charge),
    nightUpliftBp: percentToBp(input.night_uplift_percent),
    nightStartMinute: minuteOf(input.night_start),
    nightEndMinute: minuteOf(input.night_end),
    bankHolidayUpliftBp: percentToBp(input.bank_holiday_uplift_percent),
  };
}

export function toChargesWire(charges: CompanyCharges, part: PartVersion): ChargesWire {
  return {
    company_id: charges.companyId,
    airport_pickup_charge: penceToPounds(charges.airportPickupCharge),
    night_uplift_percent: charges.nightUpliftBp / 100,
    night_start: clockOf(charges.nightStartMinute),
    night_end: clockOf(charges.nightEndMinute),
    bank_holiday_uplift_percent: charges.bankHolidayUpliftBp / 100,
    version: part.version,
  };
}

/** A version for History; `restored_from` as the restored version's number. */
export function toVersionWire(
  row: PriceVersionRow,
  currentId: number | undefined,
  numberOf: (id: number) => number | null,
): PriceVersionWire {
  return {
    id: row.id,
    number: row.number,
    created_at: row.created_at.toISOString(),
    operator_name: row.operator_name,
    summary: row.summary,
    changes: Array.isArray(row.changes) ? (row.changes as string[]) : [],
    restored_from: row.restored_from === null ? null : numberOf(row.restored_from),
    current: row.id === currentId,
  };
}

/** Pence from a stored snapshot's JSON number. */
export const storedPence = (value: unknown): Pence => pence(Number(value));
