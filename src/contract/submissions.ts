import * as z from 'zod/mini';
import { textField } from '../domain/form-fields';

/**
 * Quote Now and Contact Us (spec section 7; API.md). Both accept Idempotency-Key, so a
 * submission replayed from the offline outbox is stored and mailed once.
 */

/** Quote Now counts (spec sections 5 and 9): passengers 1 to 50, luggages 0 to 20. */
export const QUOTE_NOW_LIMITS = { passengersMax: 50, luggagesMax: 20 } as const;

/** The longest text each Quote Now field takes, in characters (after trimming). */
export const QUOTE_NOW_MAX_LENGTHS = {
  pickup_address: 300,
  dropoff_address: 300,
  pickup_date: 10,
  pickup_time: 8,
  passenger_email: 254,
  passenger_phone: 30,
  passenger_name: 200,
  additional_info: 2000,
} as const;

/** The longest text each Contact Us field takes, in characters (after trimming). */
export const CONTACT_MAX_LENGTHS = {
  firstName: 100,
  lastName: 100,
  email: 254,
  telephone: 30,
  bookingNumber: 20,
  comments: 5000,
} as const;

/** Required text, trimmed: missing or blank is `message`. */
const required = (field: string, max: number, message: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? message : `${field} must be text`) })
    .check(
      z.trim(),
      z.minLength(1, message),
      z.maxLength(max, `${field} must be at most ${max} characters`),
    );
/** A count sent as a number or numeric text; missing, null or '' takes the default. */
const count = (field: string, min: number, max: number) =>
  z.optional(
    z.nullable(
      z.union([z.number(), z.string()], {
        error: `${field} must be a whole number from ${min} to ${max}`,
      }),
    ),
  );

const Q = QUOTE_NOW_MAX_LENGTHS;
const C = CONTACT_MAX_LENGTHS;

/** POST /send-instant-email: the Quote Now form. */
export const instantQuoteRequestSchema = z.object(
  {
    pickup_address: textField('pickup_address', Q.pickup_address),
    dropoff_address: textField('dropoff_address', Q.dropoff_address),
    /** YYYY-MM-DD or dd/mm/yyyy; required. */
    pickup_date: required('pickup_date', Q.pickup_date, 'pickup_date is required'),
    /** HH:MM 24-hour (HH:MM:SS too), or 12-hour text such as 9pm or 9:30pm; required. */
    pickup_time: required('pickup_time', Q.pickup_time, 'pickup_time is required'),
    passenger_email: required('passenger_email', Q.passenger_email, 'passenger_email is required'),
    passenger_phone: required('passenger_phone', Q.passenger_phone, 'passenger_phone is required'),
    passenger_name: textField('passenger_name', Q.passenger_name),
    additional_info: textField('additional_info', Q.additional_info),
    /** 1–50, default 1. */
    passengers: count('passengers', 1, QUOTE_NOW_LIMITS.passengersMax),
    /** 0–20, default 0. */
    luggages: count('luggages', 0, QUOTE_NOW_LIMITS.luggagesMax),
  },
  { error: 'The request must be a JSON object' },
);
export type InstantQuoteRequest = z.infer<typeof instantQuoteRequestSchema>;

/** The Contact Us query reasons, Booking first (the default). */
export const QUERY_REASONS = ['Booking', 'Invoice', 'Complaint', 'Lost Item', 'Other'] as const;

/** POST /contact-us */
export const contactRequestSchema = z.object(
  {
    firstName: textField('firstName', C.firstName),
    lastName: textField('lastName', C.lastName),
    email: required('email', C.email, 'email is required'),
    telephone: textField('telephone', C.telephone),
    queryReason: z._default(
      z.enum(QUERY_REASONS, { error: `queryReason must be one of ${QUERY_REASONS.join(', ')}` }),
      'Booking',
    ),
    bookingNumber: textField('bookingNumber', C.bookingNumber),
    comments: textField('comments', C.comments),
  },
  { error: 'The request must be a JSON object' },
);
export type ContactRequest = z.infer<typeof contactRequestSchema>;

/** Both answer 200 {success:true, message}; /send-instant-email adds data.success. */
export const submissionResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.optional(z.object({ success: z.literal(true) })),
});
export type SubmissionResponse = z.infer<typeof submissionResponseSchema>;
