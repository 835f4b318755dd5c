/**
 * A telephone number as a person reads it aloud or dials it: a UK number in national format
 * ('07700 900456', '020 7946 0000'), any other as +CC and groups ('+33 612 345 678'). Numbers
 * are accepted as people type them (contract/phone.ts), so the same number arrives written
 * many ways; this writes it one way.
 */

/** Country codes of two digits; a code starting 1 or 7 has one, any other of three. */
const TWO_DIGIT_CODES = new Set([
  20, 27, 30, 31, 32, 33, 34, 36, 39, 40, 41, 43, 44, 45, 46, 47, 48, 49, 51, 52, 53, 54, 55, 56,
  57, 58, 60, 61, 62, 63, 64, 65, 66, 81, 82, 84, 86, 90, 91, 92, 93, 94, 95, 98,
]);

function countryCodeLength(digits: string): number {
  if (digits.startsWith('1') || digits.startsWith('7')) return 1;
  return TWO_DIGIT_CODES.has(Number(digits.slice(0, 2))) ? 2 : 3;
}

/** Digits in groups of the given sizes, the last group taking what is left. */
function grouped(digits: string, sizes: readonly number[]): string {
  const groups: string[] = [];
  let at = 0;
  for (const size of sizes) {
    if (at >= digits.length) break;
    groups.push(digits.slice(at, at + size));
    at += size;
  }
  if (at < digits.length) groups[groups.length - 1] += digits.slice(at);
  return groups.join(' ');
}

/** A UK number's national digits (0 first) as Ofcom's number plan groups them. */
function ukNational(digits: string): string {
  if (digits.length !== 10 && digits.length !== 11) return grouped(digits, [5, 6]);
  if (digits.startsWith('02')) return grouped(digits, [3, 4, 4]);
  // Large cities' codes: 0113, 0121 … and 0161 … (011x and 01x1).
  if (/^01(1\d|\d1)/.test(digits)) return grouped(digits, [4, 3, 4]);
  if (/^0[389]/.test(digits)) return grouped(digits, digits.length === 10 ? [4, 6] : [4, 3, 4]);
  return grouped(digits, [5, 6]);
}

/** The rest of an international number in threes, its last group two to four digits long. */
function inThrees(digits: string): string {
  const groups: string[] = [];
  let rest = digits;
  while (rest.length > 4) {
    groups.push(rest.slice(0, 3));
    rest = rest.slice(3);
  }
  if (rest) groups.push(rest);
  return groups.join(' ');
}

/**
 * The number written one way, or null when it is no number this can read (no country code and
 * no leading 0, or too few digits): the caller shows what was typed.
 */
export function readablePhone(typed: string): string | null {
  // '+44 (0)20 …': the (0) is the national prefix written beside the country code.
  const text = typed.trim().replace(/\(0\)/g, '');
  const international = text.startsWith('+') || text.startsWith('00');
  let digits = text.replace(/\D/g, '');
  if (text.startsWith('00')) digits = digits.slice(2);
  if (digits.length < 7) return null;
  if (!international) return digits.startsWith('0') ? ukNational(digits) : null;
  if (digits.startsWith('44')) return ukNational(`0${digits.slice(2).replace(/^0/, '')}`);
  const codeLength = countryCodeLength(digits);
  const code = digits.slice(0, codeLength);
  // Grouped as typed when the typist grouped it after the code ('+353 87 123 4567').
  const typedGroups = text.replace(/^00/, '+').replace(/[()-]/g, ' ').trim().split(/\s+/);
  if (typedGroups[0] === `+${code}` && typedGroups.length > 2) return typedGroups.join(' ');
  const rest = digits.slice(codeLength);
  return `+${code} ${code === '1' ? grouped(rest, [3, 3, 4]) : inThrees(rest)}`;
}
