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

/**
 * The sign an amount is shown with, from the CURRENCY setting or the currency a booking was
 * stored with (the setting's value then): trimmed; not set, or the code GBP, is '£'. The one
 * currency rule for the web, the mails and the receipt.
 */
export function currencySignOf(currency: string | undefined): string {
  const text = currency?.trim() ?? '';
  return text === '' || text.toUpperCase() === 'GBP' ? '£' : text;
}

/** Pounds as the API sends them (two decimals at most) for display: '£1,234.50'. */
export function formatPounds(pounds: number, currencySign = '£'): string {
  return formatMoney(poundsToPence(pounds), currencySign);
}

/**
 * A price difference in pounds with its direction: '+£5.00', '−£5.00' (a minus sign, U+2212,
 * which screen readers say as "minus"), '£0.00'.
 */
export function formatSignedPounds(pounds: number, currencySign = '£'): string {
  const size = formatMoney(pence(Math.abs(poundsToPence(pounds))), currencySign);
  if (pounds > 0) return `+${size}`;
  if (pounds < 0) return `\u2212${size}`;
  return size;
}

/**
 * Pounds rounded to the whole pound, half up: '£1,235' for 1234.5 (the success page's total
 * when ROUND_OFF is 'yes', spec section 9).
 */
export function formatWholePounds(pounds: number, currencySign = '£'): string {
  const whole = Math.round(poundsToPence(pounds) / 100);
  return `${whole < 0 ? '-' : ''}${currencySign}${Math.abs(whole).toLocaleString('en-GB')}`;
}
