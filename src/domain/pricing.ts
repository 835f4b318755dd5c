import { LIMITS, type LegExtras } from './booking-form';
import { haversineKm } from './geo';
import { assertPence, penceToPounds, poundsToPence, type Pence } from './money';
import {
  BREAKDOWN_PARTS,
  type BankHoliday,
  type Breakdown,
  type BreakdownPart,
  type CompanyCharges,
  type ExtrasPrices,
  type FixedFare,
  type HolidayRegion,
  type PricedOffer,
  type RateCard,
  type Zone,
} from './pricing-model';
import type { SettingsMap } from './settings';

/**
 * The price of one vehicle category of one operator for a journey. Pure arithmetic on integer
 * pence: every fractional amount is rounded to a whole penny once, by roundPenceHalfUp or
 * applyBasisPoints, and the breakdown is built from those whole parts, so the parts sum to the
 * final price by construction rather than by a correction at the end.
 */

const BASIS_POINTS_PER_WHOLE = 10_000;
const PENCE_PER_POUND = 100;
const WAITING_BLOCK_MINUTES = 5;
const MINUTES_PER_DAY = 24 * 60;
const VEHICLE_COUNT_MIN = 1;
const { vehicleCountMax: VEHICLE_COUNT_MAX } = LIMITS;
const { hourlyDurationMin: HOURLY_HOURS_MIN, hourlyDurationMax: HOURLY_HOURS_MAX } = LIMITS;

/** The card, the operator's charges and the settings one price is computed from. */
export interface PricingTables {
  rateCard: RateCard;
  charges: CompanyCharges;
  fixedFares: FixedFare[];
  bankHolidays: BankHoliday[];
  extras: ExtrasPrices;
}

/** One journey leg as the pricing needs it; the server measures and locates it beforehand. */
export interface PricingLeg {
  kind: 'outward' | 'return';
  /** Road miles of the whole leg including its extra stops (mileage mode); ignored hourly. */
  miles: number;
  /** Zones the leg's pickup and final drop-off lie in; fixed fares apply only when `direct` (no stops). */
  fromZoneIds: number[];
  toZoneIds: number[];
  direct: boolean;
  pickupIsAirport: boolean;
  /** Local UK date and minute the leg starts. */
  date: string;
  minuteOfDay: number;
  region: HolidayRegion;
  extras: LegExtras;
}

/** Everything about the booking that changes its price. */
export interface PriceRequest {
  mode: 'mileage' | 'hourly';
  /** Mileage: outward then optional return. Hourly: exactly one leg (kind 'outward'). */
  legs: PricingLeg[];
  /** Hourly mode only: 4..24. */
  hours?: number;
  /** 1..6 identical vehicles. */
  vehicleCount: number;
  /** ROUND_OFF === 'yes': each vehicle's price is rounded to whole pounds. */
  roundOff: boolean;
}

/** The operator has no hourly rate for the asked duration, so the category cannot be offered. */
export class NoRateError extends Error {
  override readonly name = 'NoRateError';
  constructor(
    readonly companyId: number,
    readonly categoryId: number,
    readonly hours: number,
  ) {
    super(`Company ${companyId} has no ${hours}-hour rate for category ${categoryId}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Rounding

/**
 * A computed amount of pence to a whole penny, halves up. Multiplying a decimal such as 1.15
 * miles by a rate can land a hair below the half it stands for (11.499999999999998), so a
 * tolerance far below a millionth of a penny puts such values back on the half.
 */
export function roundPenceHalfUp(amount: number): Pence {
  if (!Number.isFinite(amount)) throw new RangeError(`Not an amount: ${amount}`);
  const tolerance = 1e-9 + Math.abs(amount) * 1e-12;
  const pence = Math.floor(amount + 0.5 + tolerance);
  assertPence(pence);
  return pence;
}

/** `pence` × `basisPoints` / 10,000 rounded half up, in exact integer arithmetic. */
export function applyBasisPoints(pence: Pence, basisPoints: number): Pence {
  assertPence(pence);
  if (!Number.isInteger(basisPoints) || basisPoints < 0) {
    throw new RangeError(`Not a rate in basis points: ${basisPoints}`);
  }
  // Both factors are bounded (pence ≤ 1e9), so the product stays an exact safe integer.
  const product = pence * basisPoints;
  const remainder = product % BASIS_POINTS_PER_WHOLE;
  const whole = (product - remainder) / BASIS_POINTS_PER_WHOLE;
  return 2 * remainder >= BASIS_POINTS_PER_WHOLE ? whole + 1 : whole;
}

/** Whole pence to the nearest whole pound, halves up (£12.50 → £13), for ROUND_OFF. */
export function roundToWholePounds(pence: Pence): Pence {
  assertPence(pence);
  const remainder = ((pence % PENCE_PER_POUND) + PENCE_PER_POUND) % PENCE_PER_POUND;
  const down = pence - remainder;
  return 2 * remainder >= PENCE_PER_POUND ? down + PENCE_PER_POUND : down;
}

// ---------------------------------------------------------------------------------------------
// Tables

/** A settings value in pounds ('2.5') as pence; anything unusable means the extra is off (0). */
function settingPence(value: string | undefined): Pence {
  if (value === undefined || value.trim() === '') return 0;
  const pounds = Number(value.trim());
  if (!Number.isFinite(pounds) || pounds <= 0) return 0;
  try {
    return poundsToPence(pounds);
  } catch {
    return 0; // beyond MAX_PENCE: a typo in the settings must not take pricing down
  }
}

/** The extras' prices from the spec's settings (pounds as text) in pence. */
export function extrasPricesFromSettings(settings: SettingsMap): ExtrasPrices {
  return {
    meetAndGreet: settingPence(settings.MEET_AND_GREET),
    babySeatEach: settingPence(settings.BABY_PRICE_PER_SEAT),
    boosterSeatEach: settingPence(settings.BOOSTER_PRICE_PER_SEAT),
    wheelChair: settingPence(settings.WHEEL_CHAIR),
    specialLuggageEach: settingPence(settings.SPECIAL_LUGGAGE_PER_PRICE),
    perFiveWaitingMinutes: settingPence(settings.PRICE_PER_FIVE_WAITING_MIN),
  };
}

// ---------------------------------------------------------------------------------------------
// Fares

/** Throws unless a distance is a usable number of miles. */
function assertMiles(miles: number): void {
  if (!Number.isFinite(miles) || miles < 0) throw new RangeError(`Not a distance: ${miles}`);
}

/**
 * Base fare plus the per-mile bands (each band charges the miles between the previous band's end
 * and its own), never below the minimum fare. Miles beyond a last band that has an end are
 * charged at that band's rate, so a mis-entered card cannot make long trips cheaper.
 */
export function mileageFare(card: RateCard, miles: number): Pence {
  assertMiles(miles);
  let perMile = 0; // fractional pence, rounded once below so bands do not each add a rounding
  let bandStart = 0;
  for (const band of card.mileBands) {
    const bandEnd = band.upToMiles ?? Number.POSITIVE_INFINITY;
    const milesInBand = Math.min(miles, bandEnd) - bandStart;
    if (milesInBand > 0) perMile += milesInBand * band.pencePerMile;
    bandStart = Math.max(bandStart, bandEnd);
  }
  const last = card.mileBands.at(-1);
  if (last && miles > bandStart) perMile += (miles - bandStart) * last.pencePerMile;
  const fare = card.baseFare + roundPenceHalfUp(perMile);
  assertPence(fare);
  return Math.max(fare, card.minimumFare);
}

/** The card's total for an N-hour hire, or null when the operator does not offer that duration. */
export function hourlyFare(card: RateCard, hours: number): Pence | null {
  return card.hourlyRates[hours] ?? null;
}

/** The zones whose circle holds a point (a point on the edge counts as inside). */
export function zonesContaining(zones: Zone[], point: { lat: number; lng: number }): Zone[] {
  return zones.filter((zone) => haversineKm(zone, point) <= zone.radiusKm);
}

/** Whether a fixed fare covers a trip from any of one set of zones to any of another. */
function fixedFareCovers(fare: FixedFare, fromZoneIds: number[], toZoneIds: number[]): boolean {
  const forward = fromZoneIds.includes(fare.fromZoneId) && toZoneIds.includes(fare.toZoneId);
  const backward =
    fare.bothWays && fromZoneIds.includes(fare.toZoneId) && toZoneIds.includes(fare.fromZoneId);
  return forward || backward;
}

/** The operator's fixed fare for this category between the zones, the cheapest if several apply. */
export function findFixedFare(
  fares: FixedFare[],
  companyId: number,
  categoryId: number,
  fromZoneIds: number[],
  toZoneIds: number[],
): FixedFare | undefined {
  let best: FixedFare | undefined;
  for (const fare of fares) {
    if (fare.companyId !== companyId || fare.categoryId !== categoryId) continue;
    if (!fixedFareCovers(fare, fromZoneIds, toZoneIds)) continue;
    if (best === undefined || fare.fare < best.fare) best = fare;
  }
  return best;
}

/** The extras' breakdown parts. */
export type ExtrasPart =
  | 'meet_and_greet'
  | 'baby_seats'
  | 'booster_seats'
  | 'wheel_chair'
  | 'special_luggage'
  | 'waiting_time';

/** Throws unless a count of extras is a whole number ≥ 0 (a negative seat would be a discount). */
function assertCount(name: string, count: number): void {
  if (!Number.isInteger(count) || count < 0)
    throw new RangeError(`Not a count of ${name}: ${count}`);
}

/** What one leg's extras cost, by breakdown part; parts that cost nothing are left out. */
export function legExtrasPrice(
  extras: LegExtras,
  prices: ExtrasPrices,
): Partial<Record<ExtrasPart, Pence>> {
  assertCount('baby seats', extras.baby_seats);
  assertCount('booster seats', extras.booster_seats);
  assertCount('special luggage', extras.special_luggage);
  assertCount('waiting minutes', extras.waiting_min);
  // Waiting is sold in 5-minute blocks; a started block is a whole block.
  const waitingBlocks = Math.ceil(extras.waiting_min / WAITING_BLOCK_MINUTES);
  // Part by part in the breakdown's order, without an intermediate record: this runs for
  // every vehicle of every quote.
  const charged: Partial<Record<ExtrasPart, Pence>> = {};
  const meetAndGreet = extras.meet_and_greet === 'yes' ? prices.meetAndGreet : 0;
  if (meetAndGreet !== 0) charged.meet_and_greet = meetAndGreet;
  const babySeats = extras.baby_seats * prices.babySeatEach;
  if (babySeats !== 0) charged.baby_seats = babySeats;
  const boosterSeats = extras.booster_seats * prices.boosterSeatEach;
  if (boosterSeats !== 0) charged.booster_seats = boosterSeats;
  const wheelChair = extras.wheel_chair === 'yes' ? prices.wheelChair : 0;
  if (wheelChair !== 0) charged.wheel_chair = wheelChair;
  const specialLuggage = extras.special_luggage * prices.specialLuggageEach;
  if (specialLuggage !== 0) charged.special_luggage = specialLuggage;
  const waitingTime = waitingBlocks * prices.perFiveWaitingMinutes;
  if (waitingTime !== 0) charged.waiting_time = waitingTime;
  return charged;
}

/**
 * Whether a leg starting at this UK minute of the day is in the operator's night window
 * [start, end), which may wrap midnight (22:00–06:00). Equal ends mean no night window.
 */
export function isNight(charges: CompanyCharges, minuteOfDay: number): boolean {
  const { nightStartMinute: start, nightEndMinute: end } = charges;
  if (start === end) return false;
  if (start < end) return minuteOfDay >= start && minuteOfDay < end;
  return minuteOfDay >= start || minuteOfDay < end;
}

/** Whether a date is a bank holiday in the given part of the UK. */
export function isBankHoliday(
  holidays: BankHoliday[],
  date: string,
  region: HolidayRegion,
): boolean {
  return holidays.some((holiday) => holiday.date === date && holiday.region === region);
}

// ---------------------------------------------------------------------------------------------
// A whole offer

/** Adds whole pence to a breakdown part; zero adds nothing, so zero parts never appear. */
function addPart(breakdown: Breakdown, part: BreakdownPart, pence: Pence): void {
  if (pence === 0) return;
  breakdown[part] = (breakdown[part] ?? 0) + pence;
}

/** Sum of all parts of a breakdown. */
export function breakdownTotal(breakdown: Breakdown): Pence {
  let total = 0;
  for (const part of BREAKDOWN_PARTS) total += breakdown[part] ?? 0;
  return total;
}

/** The usual mileage legs, checked without building the text the error message needs. */
function isOutwardThenOptionalReturn(legs: PricingLeg[]): boolean {
  if (legs[0]?.kind !== 'outward') return false;
  return legs.length === 1 || (legs.length === 2 && legs[1]?.kind === 'return');
}

/** Rejects requests the arithmetic below would otherwise price wrongly instead of failing. */
function validateRequest(request: PriceRequest): void {
  const { vehicleCount, legs, mode } = request;
  if (
    !Number.isInteger(vehicleCount) ||
    vehicleCount < VEHICLE_COUNT_MIN ||
    vehicleCount > VEHICLE_COUNT_MAX
  ) {
    throw new RangeError(
      `Vehicle count must be ${VEHICLE_COUNT_MIN} to ${VEHICLE_COUNT_MAX}: ${vehicleCount}`,
    );
  }
  if (mode === 'hourly') {
    const { hours } = request;
    if (legs.length !== 1 || legs[0]?.kind !== 'outward') {
      throw new RangeError('An hourly hire has exactly one outward leg');
    }
    if (
      hours === undefined ||
      !Number.isInteger(hours) ||
      hours < HOURLY_HOURS_MIN ||
      hours > HOURLY_HOURS_MAX
    ) {
      throw new RangeError(`Hours must be ${HOURLY_HOURS_MIN} to ${HOURLY_HOURS_MAX}: ${hours}`);
    }
  } else if (!isOutwardThenOptionalReturn(legs)) {
    const kinds = legs.map((leg) => leg.kind).join(',');
    if (kinds !== 'outward' && kinds !== 'outward,return') {
      throw new RangeError(`A mileage trip is an outward leg and an optional return: ${kinds}`);
    }
  }
  for (const leg of legs) {
    if (mode === 'mileage') assertMiles(leg.miles);
    if (
      !Number.isInteger(leg.minuteOfDay) ||
      leg.minuteOfDay < 0 ||
      leg.minuteOfDay >= MINUTES_PER_DAY
    ) {
      throw new RangeError(`Not a minute of the day: ${leg.minuteOfDay}`);
    }
  }
}

/** The fare of one leg before uplifts and extras, with the breakdown part it belongs to. */
function legFare(
  request: PriceRequest,
  leg: PricingLeg,
  tables: PricingTables,
): { part: BreakdownPart; fare: Pence } {
  const { rateCard } = tables;
  if (request.mode === 'hourly') {
    const hours = request.hours ?? 0;
    const fare = hourlyFare(rateCard, hours);
    if (fare === null) throw new NoRateError(rateCard.companyId, rateCard.categoryId, hours);
    return { part: 'hourly_fare', fare };
  }
  const part = leg.kind === 'outward' ? 'outward_fare' : 'return_fare';
  // Stops change the route, so a zone-to-zone fixed fare only fits a direct leg.
  const fixed = leg.direct
    ? findFixedFare(
        tables.fixedFares,
        rateCard.companyId,
        rateCard.categoryId,
        leg.fromZoneIds,
        leg.toZoneIds,
      )
    : undefined;
  return { part, fare: fixed ? fixed.fare : mileageFare(rateCard, leg.miles) };
}

/** Adds one leg's fare, airport charge, uplifts and extras to a one-vehicle breakdown. */
function addLeg(
  breakdown: Breakdown,
  request: PriceRequest,
  leg: PricingLeg,
  tables: PricingTables,
) {
  const { charges } = tables;
  const { part, fare } = legFare(request, leg, tables);
  addPart(breakdown, part, fare);
  if (leg.pickupIsAirport) addPart(breakdown, 'airport_pickup_charge', charges.airportPickupCharge);
  // Uplifts are on the fare alone: waiting or a baby seat costs the same at 3 am.
  if (isNight(charges, leg.minuteOfDay)) {
    addPart(breakdown, 'night_uplift', applyBasisPoints(fare, charges.nightUpliftBp));
  }
  if (isBankHoliday(tables.bankHolidays, leg.date, leg.region)) {
    addPart(breakdown, 'bank_holiday_uplift', applyBasisPoints(fare, charges.bankHolidayUpliftBp));
  }
  const extras = legExtrasPrice(leg.extras, tables.extras);
  // for...in rather than Object.entries: no array of pairs per leg of every offer.
  for (const extra in extras) {
    const part = extra as ExtrasPart;
    addPart(breakdown, part, extras[part] as Pence);
  }
}

/**
 * Prices one vehicle category of one operator. The breakdown holds one vehicle's parts, its
 * 'round_off', and 'additional_vehicles' = price × (count − 1), so the parts always sum to
 * finalPrice = price × vehicleCount. Throws RangeError on invalid input and NoRateError when an
 * hourly duration has no rate.
 */
export function priceOffer(request: PriceRequest, tables: PricingTables): PricedOffer {
  validateRequest(request);
  const breakdown: Breakdown = {};
  for (const leg of request.legs) addLeg(breakdown, request, leg, tables);
  const subtotal = breakdownTotal(breakdown);
  const price = request.roundOff ? roundToWholePounds(subtotal) : subtotal;
  addPart(breakdown, 'round_off', price - subtotal);
  addPart(breakdown, 'additional_vehicles', price * (request.vehicleCount - 1));
  const finalPrice = price * request.vehicleCount;
  assertPence(finalPrice);
  return {
    companyId: tables.rateCard.companyId,
    categoryId: tables.rateCard.categoryId,
    price,
    finalPrice,
    breakdown,
  };
}

/** The API's breakdown: non-zero parts in pounds, in BREAKDOWN_PARTS order, then final_price. */
export function breakdownToWire(breakdown: Breakdown, finalPrice: Pence): Record<string, number> {
  const wire: Record<string, number> = {};
  for (const part of BREAKDOWN_PARTS) {
    const pence = breakdown[part];
    if (pence !== undefined && pence !== 0) wire[part] = penceToPounds(pence);
  }
  wire.final_price = penceToPounds(finalPrice);
  return wire;
}
