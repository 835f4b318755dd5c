import { assertPence, pence, type Pence } from './money';

/**
 * Rounding of computed amounts to whole pence and pounds, in exact integer arithmetic where the
 * inputs are whole: the pricing rounds each fractional amount once, here.
 */

const BASIS_POINTS_PER_WHOLE = 10_000;
const PENCE_PER_POUND = 100;

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
export function applyBasisPoints(amount: Pence, basisPoints: number): Pence {
  assertPence(amount);
  if (!Number.isInteger(basisPoints) || basisPoints < 0) {
    throw new RangeError(`Not a rate in basis points: ${basisPoints}`);
  }
  // Both factors are bounded (pence ≤ 1e9), so the product stays an exact safe integer.
  const product = amount * basisPoints;
  const remainder = product % BASIS_POINTS_PER_WHOLE;
  const whole = (product - remainder) / BASIS_POINTS_PER_WHOLE;
  return pence(2 * remainder >= BASIS_POINTS_PER_WHOLE ? whole + 1 : whole);
}

/** Whole pence to the nearest whole pound, halves up (£12.50 → £13), for ROUND_OFF. */
export function roundToWholePounds(amount: Pence): Pence {
  assertPence(amount);
  const remainder = ((amount % PENCE_PER_POUND) + PENCE_PER_POUND) % PENCE_PER_POUND;
  const down = amount - remainder;
  return pence(2 * remainder >= PENCE_PER_POUND ? down + PENCE_PER_POUND : down);
}
