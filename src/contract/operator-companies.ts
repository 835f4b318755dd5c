import * as z from 'zod/mini';
import { COMPANY_MESSAGES } from '../domain/fleet-company-messages';
import { EMAIL_MAX_LENGTH, EMAIL_MESSAGES, isEmailAddress } from '../domain/email';
import { wholeNumberText } from './path-params';
import { phoneMessages, phoneSchema } from './phone';
import { text } from './field-rules';

/**
 * The console's Companies page (issue 33, admin only; API.md, Operator console: Companies):
 * the operators whose vehicles the site offers, with the phone their passengers call and the
 * mailbox their booking notices go to.
 */

/** A UK VAT number: GB and 9 digits (12 for a group), spaces as people write them. */
const VAT_NUMBER = /^GB ?\d{3} ?\d{4} ?\d{2}( ?\d{3})?$/;

export const companySchema = z.object({
  id: z.int(),
  name: z.string(),
  address: z.string(),
  /** '' : its passengers are given the site's number (Company_Contact_Info). */
  phone: z.string(),
  /** '' : its booking notices go to the site's address (FROM_EMAIL). */
  email: z.string(),
  vat_number: z.nullable(z.string()),
  active: z.boolean(),
});
export type CompanyRecord = z.infer<typeof companySchema>;

/** Optional text: trimmed, '' when left blank. */
const optionalText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .check(z.trim(), z.maxLength(max, `${field} is too long`));

/** POST /operator/companies */
export const companyInputSchema = z.object(
  {
    name: text('name', 100),
    address: text('address', 300),
    // Blank: the site's own number and mailbox stand in (CompanyRecord).
    phone: z.optional(
      phoneSchema(phoneMessages('phone')).check(z.trim(), z.maxLength(30, 'phone is too long')),
    ),
    email: z.optional(
      z.string({ error: 'email must be text' }).check(
        z.trim(),
        z.refine(
          (value) => value === '' || (value.length <= EMAIL_MAX_LENGTH && isEmailAddress(value)),
          EMAIL_MESSAGES.invalid('email'),
        ),
      ),
    ),
    vat_number: z.optional(
      z.nullable(
        z
          .pipe(
            optionalText('vat_number', 20),
            z.transform((value) => value.toUpperCase()),
          )
          .check(
            z.refine((value) => value === '' || VAT_NUMBER.test(value), COMPANY_MESSAGES.vatNumber),
          ),
      ),
    ),
  },
  { error: 'The request must be a JSON object' },
);
export type CompanyInput = z.infer<typeof companyInputSchema>;

/** PATCH /operator/companies/{id}: any field, and `active` to deactivate or reactivate. */
export const companyPatchSchema = z.object(
  {
    ...z.partial(companyInputSchema).shape,
    active: z.optional(z.boolean({ error: 'active must be true or false' })),
  },
  { error: 'The request must be a JSON object' },
);
export type CompanyPatch = z.infer<typeof companyPatchSchema>;

export const companiesResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(companySchema),
});

export const companyResponseSchema = z.object({
  success: z.literal(true),
  data: companySchema,
});

/** /operator/companies/{id} */
export const companyPathSchema = z.object({
  id: wholeNumberText(COMPANY_MESSAGES.companyNotFound),
});
