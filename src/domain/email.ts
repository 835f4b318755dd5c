import * as z from 'zod/mini';

/**
 * The product's one email rule (issue 30): every web form and every server schema that takes an
 * email address imports it from here, so the browser refuses exactly what the server refuses.
 *
 * Only a plain mailbox is accepted, `local@domain`, because the mail library (nodemailer) reads
 * a recipient as a header would: `victim(1)@x.example` (a comment), `Name<victim@x.example>` (a
 * display name), `"a b"@x.example` (a quoted part), `victim@[192.0.2.1]` (an IP literal) or
 * `a@x.example, b@y.example` (a list) each reach a mailbox other than the text typed, so one
 * inbox could be given under endless spellings and dodge every per-address count and cap.
 *
 * - local part: letters, digits and ``#$&'*+/=?^_`{|}~-``, in dot-separated runs (no dot first,
 *   last or twice), at most 64 characters. `%` and `!` are left out: some mail relays still read
 *   them as routing (`victim%x.example@relay`), which is another way to a different mailbox;
 * - domain: at least two dot-separated labels of letters, digits and inner hyphens, each at
 *   most 63 characters, the last all letters (or an `xn--` name), no trailing dot;
 * - ASCII only, no spaces, at most 254 characters in all. Spaces around it are trimmed.
 */

/** The longest address accepted (RFC 5321's path limit less the angle brackets). */
export const EMAIL_MAX_LENGTH = 254;

const LOCAL_PART = /^[A-Za-z0-9#$&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9#$&'*+/=?^_`{|}~-]+)*$/;
const DOMAIN_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;
const TOP_LEVEL = /^(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/;

/** Whether `value` (spaces around it aside) is one plain mailbox, as described above. */
export function isEmailAddress(value: string): boolean {
  const email = value.trim();
  if (email.length > EMAIL_MAX_LENGTH) return false;
  const at = email.indexOf('@');
  if (at <= 0 || at !== email.lastIndexOf('@')) return false;
  const local = email.slice(0, at);
  const labels = email.slice(at + 1).split('.');
  return (
    local.length <= 64 &&
    LOCAL_PART.test(local) &&
    labels.length >= 2 &&
    labels.every((label) => DOMAIN_LABEL.test(label)) &&
    TOP_LEVEL.test(labels.at(-1)!)
  );
}

/**
 * Trimmed and lower-cased: the form in which an email identifies one passenger and one mailbox
 * (sign-in, lookups, the per-email counters). A plain mailbox is delivered where it says, so
 * this is also the mailbox mail to it reaches.
 */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

/** The server's words for an address that is not a plain mailbox; they name the field. */
export const EMAIL_MESSAGES = {
  required: (field: string) => `${field} is required`,
  invalid: (field: string) =>
    `${field} must be a plain email address like name@example.co.uk, with no name, brackets, quotes or spaces`,
  tooLong: (field: string) => `${field} must be at most ${EMAIL_MAX_LENGTH} characters`,
} as const;

/**
 * A required email field of a request (the wire schemas in contract/): trimmed, then one
 * problem at most, each naming `field`: missing, too long, or not a plain mailbox.
 */
export function emailSchema(field: string) {
  return z.string({ error: EMAIL_MESSAGES.required(field) }).check(
    z.trim(),
    z.superRefine((email, context) => {
      const message =
        email === ''
          ? EMAIL_MESSAGES.required(field)
          : email.length > EMAIL_MAX_LENGTH
            ? EMAIL_MESSAGES.tooLong(field)
            : isEmailAddress(email)
              ? undefined
              : EMAIL_MESSAGES.invalid(field);
      if (message) context.addIssue({ code: 'custom', message, input: email });
    }),
  );
}
