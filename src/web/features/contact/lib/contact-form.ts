import * as z from 'zod/mini';
import { phoneMessages, phoneSchema } from '../../../../contract/phone';
import { QUERY_REASONS, type ContactRequest } from '../../../../contract/submissions';
import { emailRule, textRule } from '../../../lib/form-rules';

/**
 * The Contact Us form (spec section 2, Contact Us page; section 3, Contact form data): what it
 * holds, its checks and the request it becomes. No React.
 */

export type QueryReason = (typeof QUERY_REASONS)[number];

export type ContactValues = {
  firstName: string;
  lastName: string;
  email: string;
  telephone: string;
  queryReason: QueryReason;
  bookingNumber: string;
  comments: string;
};
export type ContactField = keyof ContactValues;

/** The fields in the order the page shows them, with their visible labels. */
export const CONTACT_LABELS: Record<ContactField, string> = {
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  telephone: 'Telephone',
  queryReason: 'Query Reason',
  bookingNumber: 'Booking Number',
  comments: 'Additional Comments',
};
export const CONTACT_FIELDS = Object.keys(CONTACT_LABELS) as ContactField[];

export const EMPTY_CONTACT: ContactValues = {
  firstName: '',
  lastName: '',
  email: '',
  telephone: '',
  queryReason: 'Booking',
  bookingNumber: '',
  comments: '',
};

/**
 * The form's checks (the spec shows no required rules): the server needs an email to answer;
 * telephone follows the wire's phone rule; booking number is numeric. Each message names its
 * field.
 */
export const contactFormSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: emailRule(
    'Enter your email address, so we can reply',
    'Enter a valid email address, like name@example.com',
  ),
  telephone: phoneSchema(phoneMessages(CONTACT_LABELS.telephone)),
  queryReason: z.enum(QUERY_REASONS),
  bookingNumber: textRule((text) =>
    /^\d*$/.test(text.trim()) ? undefined : 'Booking Number may contain only digits',
  ),
  comments: z.string(),
}) satisfies z.ZodMiniType<ContactValues>;

/** POST /contact-us's body (spec section 3: sent as firstName, lastName, email, ...). */
export function toContactRequest(values: ContactValues): ContactRequest {
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    telephone: values.telephone.trim(),
    queryReason: values.queryReason,
    bookingNumber: values.bookingNumber.trim(),
    comments: values.comments.trim(),
  };
}
