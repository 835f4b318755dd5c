import { randomInt } from 'node:crypto';

/** Digits in a booking number: short enough to read out on the phone, 900 million of them. */
export const BOOKING_NUMBER_DIGITS = 9;

/**
 * A random booking number, first digit non-zero (the contact form's booking number field is
 * numeric, so a leading zero would be lost). Random rather than a sequence, so one number says
 * nothing about the next; uniqueness is the database's unique key, with a retry on collision.
 */
export function randomBookingNumber(): string {
  const low = 10 ** (BOOKING_NUMBER_DIGITS - 1);
  return String(randomInt(low, 10 * low));
}
