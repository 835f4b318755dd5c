import { CAPACITY_EXCEEDED, MESSAGES } from './messages';
import { isEnabled, type SettingsMap } from './settings';

/**
 * The rules that decide whether and what to quote (spec sections 5, 8 and 9), apart from the
 * arithmetic in pricing.ts. Failures carry the spec's texts from messages.ts word for word.
 */

const MS_PER_MINUTE = 60_000;
/** Spec section 9: kilometres are miles times 1.60934, rounded (not geo.ts's exact 1.609344). */
const SPEC_KM_PER_MILE = 1.60934;

/** True when a pickup is too soon to book online: earlier than now plus GRACE_TIME (or past). */
export function isWithinGrace(pickupUtc: Date, now: Date, graceMinutes: number): boolean {
  return pickupUtc.getTime() < now.getTime() + graceMinutes * MS_PER_MINUTE;
}

/** The counts a capacity check compares, with their vehicle attributes. */
export interface CapacityRequest {
  passengers: number;
  luggages: number;
  hand_luggages: number;
}

/** What a vehicle holds: seats, large and small luggage. */
export interface VehicleCapacity {
  max_seat: number;
  luggage: number;
  small_luggage: number;
}

/** Either the vehicles that fit or the spec's message naming the limits no vehicle meets. */
export type CapacityResult<T> = { ok: true; fitting: T[] } | { ok: false; message: string };

const CAPACITY_RULES = [
  { request: 'passengers', vehicle: 'max_seat', label: CAPACITY_EXCEEDED.passengers },
  { request: 'luggages', vehicle: 'luggage', label: CAPACITY_EXCEEDED.luggages },
  { request: 'hand_luggages', vehicle: 'small_luggage', label: CAPACITY_EXCEEDED.hand_luggages },
] as const;

/** Each limit `vehicle` cannot meet, as the spec words it: 'Luggage exceeded by 2'. */
function limitsExceeded(request: CapacityRequest, vehicle: VehicleCapacity): string[] {
  const exceeded: string[] = [];
  for (const rule of CAPACITY_RULES) {
    const over = request[rule.request] - vehicle[rule.vehicle];
    if (over > 0) exceeded.push(`${rule.label} ${over}`);
  }
  return exceeded;
}

/**
 * The spec's mileage capacity check: a count above the largest any vehicle offers fails with
 * the exact message; otherwise the vehicles that fit every count at once are kept.
 */
export function capacityCheck<T extends VehicleCapacity>(
  request: CapacityRequest,
  vehicles: T[],
): CapacityResult<T> {
  // Largest per attribute, not per vehicle: the message says which limit no vehicle meets.
  const largest = (attribute: keyof VehicleCapacity) =>
    Math.max(0, ...vehicles.map((vehicle) => vehicle[attribute]));
  const exceeded = limitsExceeded(request, {
    max_seat: largest('max_seat'),
    luggage: largest('luggage'),
    small_luggage: largest('small_luggage'),
  });
  if (exceeded.length > 0) {
    return { ok: false, message: MESSAGES.capacityPrefix + exceeded.join(', ') };
  }
  const fitting = vehicles.filter((vehicle) => limitsExceeded(request, vehicle).length === 0);
  return { ok: true, fitting };
}

/**
 * Why one chosen vehicle cannot carry the request, in the spec's capacity wording, or null
 * when it can: what Edit Options says when new extras outgrow the vehicle but not the fleet.
 */
export function chosenVehicleCapacityMessage(
  request: CapacityRequest,
  vehicle: VehicleCapacity,
): string | null {
  const exceeded = limitsExceeded(request, vehicle);
  return exceeded.length > 0 ? MESSAGES.chosenVehicleCapacityPrefix + exceeded.join(', ') : null;
}

/**
 * Lower case letters and digits only, accents dropped, so 'Heathrow T5', 'heathrow-t5' and
 * 'HEATHRÓW  T5' compare equal and a postcode matches with or without its space.
 */
function normaliseAddress(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/**
 * The banned patterns as matchBanned compares them, worked out once for a list that serves
 * many quotes. A blank pattern would match every address and stop all bookings; it is a
 * mistake, not a ban, and is left out.
 */
export function normaliseBannedPatterns(patterns: string[]): string[] {
  return patterns.map(normaliseAddress).filter((pattern) => pattern !== '');
}

/** True when any address contains any pattern from normaliseBannedPatterns. */
export function matchesNormalisedBan(addresses: string[], banned: string[]): boolean {
  if (banned.length === 0) return false;
  return addresses
    .map(normaliseAddress)
    .some((address) => banned.some((pattern) => address.includes(pattern)));
}

/** True when any address contains any banned pattern, ignoring case, spacing and punctuation. */
export function matchesBannedAddress(addresses: string[], patterns: string[]): boolean {
  return matchesNormalisedBan(addresses, normaliseBannedPatterns(patterns));
}

/**
 * True when a distance shows as 0.0 miles (one decimal, as the API sends it), which means pickup
 * and drop-off are the same place. A distance that is not a number cannot be priced either.
 */
export function isZeroDistance(miles: number): boolean {
  return !(Math.round(Math.abs(miles) * 10) >= 1);
}

/** The fields of a price offer that the selection rules look at. */
export interface SelectableOffer {
  company_id: number;
  vehicle_id: number;
  price: number;
  final_price: number;
}

/** Cheapest first; equal prices by company id, then as given (Array.sort is stable). */
function byPrice<T extends SelectableOffer>(offers: T[]): T[] {
  return [...offers].sort((a, b) => a.price - b.price || a.company_id - b.company_id);
}

/** The cheapest offer of each vehicle category, given offers sorted cheapest first. */
function cheapestPerCategory<T extends SelectableOffer>(sorted: T[]): T[] {
  const seen = new Set<number>();
  return sorted.filter((offer) => {
    if (seen.has(offer.vehicle_id)) return false;
    seen.add(offer.vehicle_id);
    return true;
  });
}

/**
 * Which offers the results page shows, cheapest first, under the settings MULTIPLE_OPERATORS
 * (else only the primary operator, by default the lowest company id present), MULTIPLE_PRICES
 * (else the cheapest offer per vehicle category) and, with MULTIPLE_PRICES, CHEAPEST_COMPANY_PRICE
 * (only the offers of the company with the cheapest price).
 */
export function selectOffers<T extends SelectableOffer>(
  offers: T[],
  settings: SettingsMap,
  primaryCompanyId?: number,
): T[] {
  let selected = byPrice(offers);
  if (selected.length === 0) return selected;
  if (!isEnabled(settings, 'MULTIPLE_OPERATORS')) {
    const primary = primaryCompanyId ?? Math.min(...selected.map((offer) => offer.company_id));
    selected = selected.filter((offer) => offer.company_id === primary);
  }
  if (!isEnabled(settings, 'MULTIPLE_PRICES')) return cheapestPerCategory(selected);
  if (isEnabled(settings, 'CHEAPEST_COMPANY_PRICE')) {
    const cheapestCompany = selected[0]?.company_id;
    selected = selected.filter((offer) => offer.company_id === cheapestCompany);
  }
  return selected;
}

/** The summary panel's kilometres: miles × 1.60934, rounded (spec section 9). */
export function kilometresFromMiles(miles: number): number {
  return Math.round(miles * SPEC_KM_PER_MILE);
}

/** Minutes as the summary panel shows a duration: '45 mins', '1 hr 5 mins', '2 hrs'. */
export function formatDuration(minutes: number): string {
  if (!Number.isFinite(minutes) || minutes < 0) throw new RangeError(`Not a duration: ${minutes}`);
  const total = Math.round(minutes);
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  const hourText = hours === 1 ? '1 hr' : `${hours} hrs`;
  const minuteText = rest === 1 ? '1 min' : `${rest} mins`;
  if (hours === 0) return minuteText;
  return rest === 0 ? hourText : `${hourText} ${minuteText}`;
}
