import type { ValidationIssue } from '../../../../contract/envelope';
import type { ContactRequest, QUERY_REASONS } from '../../../../contract/submissions';
import { isEmailAddress } from '../../../../domain/registration';
import { fieldErrorsFromIssues } from '../../../lib/field-issues';

/**
 * The Contact Us form (spec section 2, Contact Us page; section 3, Contact form data): what it
 * holds, its checks and the request it becomes. Plain functions, no React.
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
export type ContactErrors = Partial<Record<ContactField, string>>;

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

/** Fewer digits than this is no number anyone could ring back (the server's rule too). */
const MIN_PHONE_DIGITS = 7;

/**
 * The spec shows no required rules; the server needs an email to answer, and telephone and
 * booking number are numeric. Each message names its field.
 */
export function validateContact(values: ContactValues): ContactErrors {
  const errors: ContactErrors = {};
  const email = values.email.trim();
  if (!email) errors.email = 'Enter your email address, so we can reply';
  else if (!isEmailAddress(email)) {
    errors.email = 'Enter a valid email address, like name@example.com';
  }
  const telephone = values.telephone.replace(/\s/g, '');
  if (telephone && !/^\d+$/.test(telephone)) errors.telephone = 'Telephone may contain only digits';
  else if (telephone && telephone.length < MIN_PHONE_DIGITS) {
    errors.telephone = `Telephone must have at least ${MIN_PHONE_DIGITS} digits`;
  }
  const bookingNumber = values.bookingNumber.trim();
  if (bookingNumber && !/^\d+$/.test(bookingNumber)) {
    errors.bookingNumber = 'Booking Number may contain only digits';
  }
  return errors;
}

/** POST /contact-us's body (spec section 3: sent as firstName, lastName, email, ...). */
export function toContactRequest(values: ContactValues): ContactRequest {
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    telephone: values.telephone.replace(/\s/g, ''),
    queryReason: values.queryReason,
    bookingNumber: values.bookingNumber.trim(),
    comments: values.comments.trim(),
  };
}

/**
 * A 400's issues on the fields they name, in the page's words: 'bookingNumber may contain only
 * digits' shows under Booking Number as 'Booking Number may contain only digits'.
 */
export function serverErrors(issues: readonly ValidationIssue[]): ContactErrors {
  return fieldErrorsFromIssues(
    issues,
    (path) => CONTACT_FIELDS.find((name) => name === path),
    CONTACT_LABELS,
  );
}
