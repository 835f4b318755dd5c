/**
 * Money is integer pence inside the product; pounds only at the edges (API JSON, display).
 * Amounts above this bound are rejected: no ride costs ten million pounds, and staying far
 * below Number.MAX_SAFE_INTEGER keeps every sum exact.
 */
export const MAX_PENCE = 1_000_000_000;

declare const penceBrand: unique symbol;

/**
 * A whole number of pence. Branded, so pounds (or any other number) cannot pass for pence
 * without going through poundsToPence() or pence(), which check it.
 */
export type Pence = number & { readonly [penceBrand]: true };

/** A whole number of pence, checked (an integer within MAX_PENCE) and branded. */
export function pence(value: number): Pence {
  assertPence(value);
  return value;
}

/** Pounds (a number with at most two decimals, as on the wire) to integer pence. */
export function poundsToPence(pounds: number): Pence {
  if (!Number.isFinite(pounds)) throw new RangeError(`Not an amount: ${pounds}`);
  const pence = Math.round(pounds * 100);
  assertPence(pence);
  return pence;
}

/** Integer pence to pounds for the API edge (e.g. 1234 -> 12.34). */
export function penceToPounds(pence: Pence): number {
  assertPence(pence);
  return pence / 100;
}

/** Throws unless the value is a whole number of pence within the supported range. */
export function assertPence(pence: number): asserts pence is Pence {
  if (!Number.isInteger(pence) || Math.abs(pence) > MAX_PENCE) {
    throw new RangeError(`Not a whole number of pence in range: ${pence}`);
  }
}

/** en-GB display with a currency sign, e.g. formatMoney(123456, '£') -> '£1,234.56'. */
export function formatMoney(pence: Pence, currencySign = '£'): string {
  assertPence(pence);
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(pence);
  const pounds = Math.floor(abs / 100).toLocaleString('en-GB');
  const rest = String(abs % 100).padStart(2, '0');
  return `${sign}${currencySign}${pounds}.${rest}`;
}
