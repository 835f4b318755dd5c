import type { Pence } from './money';

/**
 * The data a price is computed from, as the server loads it from the database. Pure data: the
 * arithmetic lives in pricing.ts, the rules (grace, capacity, bans) in quote-rules.ts.
 * Every amount is integer pence; every rate in basis points (1 % = 100 bp) so uplifts stay exact.
 */

/** One band of a per-mile tariff: miles up to `upToMiles` (null: every mile beyond) at a rate. */
export interface MileBand {
  upToMiles: number | null;
  pencePerMile: Pence;
}

/** What one operator charges for one fleet category. */
export interface RateCard {
  companyId: number;
  categoryId: number;
  baseFare: Pence;
  /** Ascending by upToMiles; the last band has upToMiles null. */
  mileBands: MileBand[];
  minimumFare: Pence;
  /** Total price for a booking of N hours, N from 4 to 24 (index by hours). */
  hourlyRates: Partial<Record<number, Pence>>;
}

/** A named circle on the map: an airport, central London, a cruise terminal. */
export interface Zone {
  id: number;
  name: string;
  lat: number;
  lng: number;
  radiusKm: number;
  /** A pickup inside an airport zone pays the operator's airport pickup charge. */
  isAirport: boolean;
}

/** A fixed fare between two zones that replaces the mileage fare of a direct leg. */
export interface FixedFare {
  companyId: number;
  categoryId: number;
  fromZoneId: number;
  toZoneId: number;
  /** Also applies from `toZone` to `fromZone`. */
  bothWays: boolean;
  fare: Pence;
}

/** Per operator charges that are not per vehicle category. */
export interface CompanyCharges {
  companyId: number;
  /** Added to a leg whose pickup lies in an airport zone (parking and waiting at arrivals). */
  airportPickupCharge: Pence;
  /** Night uplift on the fare of a leg that starts in [nightStartMinute, nightEndMinute). */
  nightUpliftBp: number;
  /** Minutes after midnight, UK time; the window may wrap midnight (22:00–06:00). */
  nightStartMinute: number;
  nightEndMinute: number;
  /** Uplift on the fare of a leg that starts on a bank holiday where the pickup is. */
  bankHolidayUpliftBp: number;
}

/** Bank holidays differ between England and Wales and Scotland. */
export type HolidayRegion = 'england-and-wales' | 'scotland';

export interface BankHoliday {
  date: string; // YYYY-MM-DD
  region: HolidayRegion;
  name: string;
}

/** The extras' prices, from the spec's settings, in pence (0 means the extra is off). */
export interface ExtrasPrices {
  meetAndGreet: Pence;
  babySeatEach: Pence;
  boosterSeatEach: Pence;
  wheelChair: Pence;
  specialLuggageEach: Pence;
  perFiveWaitingMinutes: Pence;
}

/**
 * Named parts of a price. Keys are the wire names in `breakdown` (API.md): each is a whole
 * number of pence here and pounds on the wire, and together they sum exactly to final_price.
 * A part that is zero is left out.
 */
export const BREAKDOWN_PARTS = [
  'outward_fare',
  'return_fare',
  'hourly_fare',
  'airport_pickup_charge',
  'night_uplift',
  'bank_holiday_uplift',
  'meet_and_greet',
  'baby_seats',
  'booster_seats',
  'wheel_chair',
  'special_luggage',
  'waiting_time',
  'additional_vehicles',
  'round_off',
] as const;
export type BreakdownPart = (typeof BREAKDOWN_PARTS)[number];

/** Labels for people (results page, emails), in the order parts are listed. */
export const BREAKDOWN_LABELS: Record<BreakdownPart, string> = {
  outward_fare: 'Outward journey',
  return_fare: 'Return journey',
  hourly_fare: 'Hourly hire',
  airport_pickup_charge: 'Airport pickup charge',
  night_uplift: 'Night-time uplift',
  bank_holiday_uplift: 'Bank holiday uplift',
  meet_and_greet: 'Meet & Greet',
  baby_seats: 'Baby Seat',
  booster_seats: 'Booster Seat',
  wheel_chair: 'Wheelchair',
  special_luggage: 'Special Luggage',
  waiting_time: 'Waiting Time',
  additional_vehicles: 'Additional vehicles',
  round_off: 'Rounding',
};

export type Breakdown = Partial<Record<BreakdownPart, Pence>>;

/** A priced offer for one vehicle category of one operator. */
export interface PricedOffer {
  companyId: number;
  categoryId: number;
  /** Price of one vehicle, after rounding. */
  price: Pence;
  /** price x vehicle count; equals the sum of the breakdown. */
  finalPrice: Pence;
  breakdown: Breakdown;
}
