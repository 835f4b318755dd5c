import { LIMITS } from './booking-limits';
import type { LegExtras } from './leg-extras';
import { legExtrasPrice, type ExtrasPart } from './extras-pricing';
import { assertMiles, findFixedFare, hourlyFare, mileageFare } from './fares';
import { assertPence, pence, penceToPounds, type Pence } from './money';
import { applyBasisPoints, roundToWholePounds } from './pence-rounding';
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
} from './pricing-model';

/**
 * The price of one vehicle category of one operator for a journey. Pure arithmetic on integer
 * pence: every fractional amount is rounded to a whole penny once, by roundPenceHalfUp or
 * applyBasisPoints, and the breakdown is built from those whole parts, so the parts sum to the
 * final price by construction rather than by a correction at the end.
 */

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
function addPart(breakdown: Breakdown, part: BreakdownPart, amount: Pence): void {
  if (amount === 0) return;
  breakdown[part] = pence((breakdown[part] ?? 0) + amount);
}

/** Sum of all parts of a breakdown. */
export function breakdownTotal(breakdown: Breakdown): Pence {
  let total = 0;
  for (const part of BREAKDOWN_PARTS) total += breakdown[part] ?? 0;
  return pence(total);
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
  addPart(breakdown, 'round_off', pence(price - subtotal));
  addPart(breakdown, 'additional_vehicles', pence(price * (request.vehicleCount - 1)));
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
