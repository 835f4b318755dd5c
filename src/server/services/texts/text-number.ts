import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** A number texts can go to, in E.164, or why not (shown to the passenger and the console). */
export type TextNumber = { number: string } | { problem: string };

/** What a text can reach: a mobile, or a number the plan cannot tell from one (US, Canada). */
const TEXTABLE = new Set(['MOBILE', 'FIXED_LINE_OR_MOBILE', 'PAGER']);

/**
 * Checks a phone number as the passenger typed it (a UK number unless it starts with +) with
 * libphonenumber's full metadata: it must be a valid number of a kind that takes texts.
 */
export function textNumber(phone: string): TextNumber {
  const parsed = parsePhoneNumberFromString(phone.trim(), 'GB');
  if (!parsed?.isValid()) {
    return { problem: `We cannot send texts to ${phone.trim()}: it is not a number we can reach.` };
  }
  const type = parsed.getType();
  if (type === undefined || !TEXTABLE.has(type)) {
    return { problem: `We cannot send texts to ${phone.trim()}: it is not a mobile number.` };
  }
  return { number: parsed.number };
}
