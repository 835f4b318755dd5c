import type {
  ChargesFields,
  ChargesWire,
  FixedFareInput,
  FixedFaresResponse,
  RateCardWire,
} from '../../../../../contract/operator-prices';
import { HOURLY_HOURS } from '../../../../../contract/operator-prices';

/**
 * What the page's fields hold: text as typed, turned into the contract's numbers only when
 * sent, so a half-typed amount is the server's to refuse under its field.
 */
export interface CardDraft {
  base_fare: string;
  minimum_fare: string;
  mile_bands: { up_to_miles: string; per_mile: string }[];
  hourly: Record<string, string>;
}

export type ChargesDraft = Record<keyof ChargesFields, string>;

export interface FareDraft {
  category_id: string;
  from_zone_id: string;
  to_zone_id: string;
  both_ways: boolean;
  fare: string;
}

const text = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);
/** A typed amount as a number; text that is not one goes as it is, for the server's message. */
const amount = (value: string): number => (value.trim() === '' ? Number.NaN : Number(value));

export function cardDraft(card: RateCardWire): CardDraft {
  const hourly: Record<string, string> = {};
  for (const hours of HOURLY_HOURS) hourly[hours] = text(card.hourly_rates[hours]);
  return {
    base_fare: text(card.base_fare),
    minimum_fare: text(card.minimum_fare),
    mile_bands: card.mile_bands.map((band) => ({
      up_to_miles: text(band.up_to_miles),
      per_mile: text(band.per_mile),
    })),
    hourly,
  };
}

export function cardFields(draft: CardDraft) {
  const hourly_rates: Record<string, number> = {};
  for (const [hours, value] of Object.entries(draft.hourly)) {
    if (value.trim() !== '') hourly_rates[hours] = amount(value);
  }
  return {
    base_fare: amount(draft.base_fare),
    minimum_fare: amount(draft.minimum_fare),
    mile_bands: draft.mile_bands.map((band) => ({
      up_to_miles: band.up_to_miles.trim() === '' ? null : amount(band.up_to_miles),
      per_mile: amount(band.per_mile),
    })),
    hourly_rates,
  };
}

export function chargesDraft(charges: ChargesWire): ChargesDraft {
  return {
    airport_pickup_charge: text(charges.airport_pickup_charge),
    night_uplift_percent: text(charges.night_uplift_percent),
    night_start: charges.night_start,
    night_end: charges.night_end,
    bank_holiday_uplift_percent: text(charges.bank_holiday_uplift_percent),
  };
}

export function chargesFields(draft: ChargesDraft): ChargesFields {
  return {
    airport_pickup_charge: amount(draft.airport_pickup_charge),
    night_uplift_percent: amount(draft.night_uplift_percent),
    night_start: draft.night_start,
    night_end: draft.night_end,
    bank_holiday_uplift_percent: amount(draft.bank_holiday_uplift_percent),
  };
}

export function faresDraft(fares: FixedFaresResponse): FareDraft[] {
  return fares.fixed_fares.map((fare) => ({
    category_id: String(fare.category_id),
    from_zone_id: String(fare.from_zone_id),
    to_zone_id: String(fare.to_zone_id),
    both_ways: fare.both_ways,
    fare: text(fare.fare),
  }));
}

export function faresFields(drafts: FareDraft[]): FixedFareInput[] {
  return drafts.map((fare) => ({
    category_id: Number(fare.category_id),
    from_zone_id: Number(fare.from_zone_id),
    to_zone_id: Number(fare.to_zone_id),
    both_ways: fare.both_ways,
    fare: amount(fare.fare),
  }));
}

/** A server's field problems by path, for the message under each field. */
export function issuesByPath(error: unknown): (path: string) => string | undefined {
  const issues =
    error && typeof error === 'object' && 'issues' in error
      ? (error as { issues: readonly { path: string; message: string }[] }).issues
      : [];
  return (path) => issues.find((issue) => issue.path === path)?.message;
}
