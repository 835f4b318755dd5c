import type { BookingDetails } from '../../../contract/operator';
/**
 * Reading a stored booking form's extras: its JSON holds what the passenger sent, as numbers or
 * text, so each value is taken only when it is what it should be.
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

/** The extras and counts the passenger asked for (outward leg), from the stored form. */
export function storedDetails(form: unknown): BookingDetails {
  const f = (form ?? {}) as Record<string, unknown>;
  return {
    luggages: storedCount(f.luggages),
    hand_luggages: storedCount(f.hand_luggages),
    meet_and_greet: storedYesNo(f.meet_and_greet),
    baby_seat: storedCount(f.baby_seats),
    booster_seat: storedCount(f.booster_seats),
    wheel_chair: storedYesNo(f.wheel_chair),
    special_luggages: storedCount(f.special_luggage),
    waiting_minutes: storedCount(f.waiting_min),
  };
}
