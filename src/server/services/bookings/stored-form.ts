import type { BookingData, BookingDetails, LegDetails } from '../../../contract/bookings';
import { LEG_FIELDS, returnPassengers } from '../../../domain/leg-extras';
/**
 * Reading a stored booking form's extras: its JSON holds what the passenger sent, as numbers or
 * text, so each value is taken only when it is what it should be. A return trip's form holds
 * the return leg's own extras under return_ names (domain/leg-extras.ts); a form stored
 * without them reads as none on that leg.
 */

/** A count (luggage, seats, minutes); anything else is 0. */
export function storedCount(value: unknown): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 ? n : 0;
}

/** 'yes' only for 'yes'. */
export function storedYesNo(value: unknown): 'yes' | 'no' {
  return value === 'yes' ? 'yes' : 'no';
}

/** The form's fields of one leg: the outward's as they are, the return's under return_. */
function legOf(form: Record<string, unknown>, prefix: '' | 'return_') {
  return Object.fromEntries(LEG_FIELDS.map((field) => [field, form[`${prefix}${field}`]]));
}

/** One leg's extras as the API names them. */
function detailsOf(leg: Record<string, unknown>): BookingDetails {
  return {
    luggages: storedCount(leg.luggages),
    hand_luggages: storedCount(leg.hand_luggages),
    meet_and_greet: storedYesNo(leg.meet_and_greet),
    baby_seat: storedCount(leg.baby_seats),
    booster_seat: storedCount(leg.booster_seats),
    wheel_chair: storedYesNo(leg.wheel_chair),
    special_luggages: storedCount(leg.special_luggage),
    waiting_minutes: storedCount(leg.waiting_min),
  };
}

/** The extras and counts the passenger asked for on the outward (or only) leg. */
export function storedDetails(form: unknown): BookingDetails {
  return detailsOf(legOf((form ?? {}) as Record<string, unknown>, ''));
}

/**
 * Each leg's passengers and extras: the return leg's only on a return trip. The outward
 * passengers are the booking's; the return's are its own, else the outward count (spec 4).
 */
export function storedLegExtras(
  form: unknown,
  journeyType: BookingData['booking']['journey_type'],
  totalPassengers: number,
): BookingData['legExtras'] {
  const f = (form ?? {}) as Record<string, unknown>;
  const outward: LegDetails = { passengers: totalPassengers, ...detailsOf(legOf(f, '')) };
  if (journeyType !== 'return') return { outward, return: null };
  const back = storedCount(returnPassengers(f.return_passengers, totalPassengers));
  return {
    outward,
    return: { passengers: back || totalPassengers, ...detailsOf(legOf(f, 'return_')) },
  };
}
