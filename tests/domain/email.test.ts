import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { checkPassengerEmailRequestSchema } from '../../src/contract/accounts';
import {
  passengerLoginRequestSchema,
  updatePassengerRequestSchema,
} from '../../src/contract/corporate';
import { lookupRequestSchema } from '../../src/contract/manage-booking';
import { manualBookingRequestSchema } from '../../src/contract/phone-booking';
import { emailSchema, isEmailAddress } from '../../src/domain/email';
import { emailRule } from '../../src/web/lib/form-rules';

/** Plain mailboxes people really have. */
const PLAIN = [
  'ada@example.co.uk',
  'Ada.Lovelace@Example.CO.UK',
  'ada+rides@example.com',
  "o'brien@example.ie",
  'first_last-2@mail.example-site.org',
  'a@b.io',
  'x@xn--bcher-kva.example',
  '  padded@example.com  ',
];

/** Each reaches some mailbox other than its text, or none; issue 30's three first. */
const NOT_PLAIN = [
  'victim(1)@x.example',
  'victim(2)@x.example',
  'Refund-at-evil.example<victim@x.example>',
  'victim@x.example (Refund at evil.example)',
  '"victim"@x.example',
  '"a b"@x.example',
  'victim@[192.0.2.1]',
  'victim@[IPv6:2001:db8::1]',
  'a@x.example, b@y.example',
  'a@x.example;b@y.example',
  'vic tim@x.example',
  'victim@x.exa mple',
  'victim\t@x.example',
  'victim%x.example@relay.example',
  'x.example!victim@relay.example',
  'victim@relay.example@x.example',
  '.victim@x.example',
  'victim.@x.example',
  'vic..tim@x.example',
  'victim@x.example.',
  'victim@-x.example',
  'victim@x-.example',
  'victim@x..example',
  'victim@x.e',
  'victim@x.123',
  'victim@localhost',
  'victïm@x.example',
  'victim@exämple.com',
  'victim',
  '@x.example',
  'victim@',
  `${'a'.repeat(65)}@x.example`,
  `a@${'b'.repeat(64)}.example`,
  `a@${'b.'.repeat(126)}uk`,
];

describe('the one email rule (domain/email.ts)', () => {
  it('accepts a plain mailbox', () => {
    for (const email of PLAIN) expect(isEmailAddress(email), email).toBe(true);
  });

  it('refuses comments, display names, quoted parts, IP literals, lists, whitespace and routing', () => {
    for (const email of NOT_PLAIN) expect(isEmailAddress(email), email).toBe(false);
  });

  it('names the field in the server’s message', () => {
    const result = z.safeParse(emailSchema('passenger_email'), 'victim(1)@x.example');
    expect(result.success).toBe(false);
    expect(result.error?.issues).toHaveLength(1);
    expect(result.error?.issues[0]?.message).toMatch(/^passenger_email must be a plain email/);
    expect(z.safeParse(emailSchema('email'), '').error?.issues[0]?.message).toBe(
      'email is required',
    );
    expect(z.parse(emailSchema('email'), '  ada@example.co.uk ')).toBe('ada@example.co.uk');
  });

  it('gives the same verdict in every web form and every server schema that takes an email', () => {
    const webForm = emailRule('Enter your email', 'Enter a valid email');
    const server: ((email: string) => boolean)[] = [
      (email) => z.safeParse(checkPassengerEmailRequestSchema, { email, password: 'x' }).success,
      (email) => z.safeParse(passengerLoginRequestSchema, { email, password: 'x' }).success,
      (email) =>
        z.safeParse(updatePassengerRequestSchema, { passenger_id: 1, name: 'Ada', email }).success,
      (email) => z.safeParse(lookupRequestSchema, { booking_number: '123', email }).success,
      (email) =>
        z.safeParse(manualBookingRequestSchema, {
          booking_type: 'milleage',
          form: {},
          selected_vehicle: { tbms_vid: 1, company_id: 1 },
          passenger: { name: 'Ada', email, phone: '07700 900123' },
          payment_method: 'car',
        }).success,
    ];
    for (const email of [...PLAIN, ...NOT_PLAIN]) {
      const verdict = isEmailAddress(email);
      expect(z.safeParse(webForm, email).success, email).toBe(verdict);
      for (const accepts of server) expect(accepts(email), email).toBe(verdict);
    }
  });
});
