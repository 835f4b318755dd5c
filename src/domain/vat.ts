import { assertPence, pence, type Pence } from './money';

/**
 * VAT as a receipt states it: the part of a VAT-inclusive amount that is tax, in exact integer
 * pence (issue 22). Rates are basis points (20 % = 2,000 bp), as elsewhere in pricing.
 */

/** The UK standard rate, which taxi and private-hire fares of a VAT-registered operator carry. */
export const UK_STANDARD_VAT_BP = 2_000;

const BASIS_POINTS_PER_WHOLE = 10_000;

/**
 * The VAT inside a gross amount: gross × rate / (1 + rate), rounded to the penny, halves away
 * from zero (at 20 % that is gross ÷ 6: £123.45 holds £20.58).
 */
export function vatIncluded(gross: Pence, rateBp: number = UK_STANDARD_VAT_BP): Pence {
  assertPence(gross);
  if (!Number.isInteger(rateBp) || rateBp < 0 || rateBp > BASIS_POINTS_PER_WHOLE) {
    throw new RangeError(`Not a VAT rate in basis points: ${rateBp}`);
  }
  // Both factors are bounded (pence ≤ 1e9, rate ≤ 1e4), so the product is an exact safe integer.
  const product = Math.abs(gross) * rateBp;
  const divisor = BASIS_POINTS_PER_WHOLE + rateBp;
  const remainder = product % divisor;
  const whole = (product - remainder) / divisor;
  const rounded = 2 * remainder >= divisor ? whole + 1 : whole;
  return pence(gross < 0 ? -rounded : rounded);
}
