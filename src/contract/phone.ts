import * as z from 'zod/mini';

/**
 * The telephone rule of the wire (Quote Now's passenger_phone, Contact Us's telephone): the
 * server applies it to what arrives and the forms apply it before sending, so a number one
 * accepts the other accepts too.
 */

/** Fewer digits than this is no UK or international number anyone could ring back. */
export const MIN_PHONE_DIGITS = 7;

/** Digits, spaces, +, ( ) and -: how people write numbers ('+44 (0)20 7946-0000'). */
const PHONE_CHARACTERS = /^[\d\s+()-]+$/;

/** What can be wrong with a number: a character no number holds, or too few digits. */
export type PhoneFault = 'characters' | 'tooShort';

/** The rule itself: which fault `phone` has, or null. */
function phoneFault(phone: string): PhoneFault | null {
  if (!PHONE_CHARACTERS.test(phone)) return 'characters';
  return phone.replace(/\D/g, '').length >= MIN_PHONE_DIGITS ? null : 'tooShort';
}

/**
 * The messages for each fault, naming the field: by its wire name for the server, by its
 * visible label ('Telephone', 'Number') for a form.
 */
export function phoneMessages(field: string): Record<PhoneFault, string> {
  return {
    characters: `${field} may contain only digits, spaces, +, ( ) and -`,
    tooShort: `${field} must have at least ${MIN_PHONE_DIGITS} digits`,
  };
}

/**
 * A schema for a telephone field holding text, worded for the page showing it. Blank text is
 * `messages.required` when given, else passes (the field is optional).
 */
export function phoneSchema(messages: Record<PhoneFault, string> & { required?: string }) {
  return z.string().check(
    z.superRefine((phone, context) => {
      const blank = phone.trim() === '';
      const fault = blank ? null : phoneFault(phone);
      const message = blank ? messages.required : fault && messages[fault];
      if (message) context.addIssue({ code: 'custom', message, input: phone });
    }),
  );
}

/**
 * The server's check, through the same schema: the wire's message for what is wrong with
 * `phone`, or null. Blank text is the wire schema's business (required or optional).
 */
export function phoneProblem(field: string, phone: string): string | null {
  const result = z.safeParse(phoneSchema(phoneMessages(field)), phone);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}
