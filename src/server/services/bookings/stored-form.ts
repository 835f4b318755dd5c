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
