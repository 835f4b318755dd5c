import * as z from 'zod/mini';

/**
 * Quote Now and Contact Us (spec section 7; API.md). Both accept Idempotency-Key, so a
 * submission replayed from the offline outbox is stored and mailed once.
 */

const text = (field: string, max: number) =>
  z._default(
    z
      .string({ error: `${field} must be text` })
      .check(z.trim(), z.maxLength(max, `${field} must be at most ${max} characters`)),
    '',
  );
const required = (field: string, max: number, message: string) =>
  z
    .string({ error: message })
    .check(z.trim(), z.minLength(1, message), z.maxLength(max, `${field} is too long`));

/** POST /send-instant-email: the Quote Now form. */
export const instantQuoteRequestSchema = z.object(
  {
    pickup_address: text('pickup_address', 300),
    dropoff_address: text('dropoff_address', 300),
    /** YYYY-MM-DD or dd/mm/yyyy; required. */
    pickup_date: required('pickup_date', 10, 'pickup_date is required'),
    /** HH:MM 24-hour, or 12-hour text such as 9pm or 9:30pm; required. */
    pickup_time: required('pickup_time', 8, 'pickup_time is required'),
    passenger_email: required('passenger_email', 254, 'passenger_email is required'),
    passenger_phone: required('passenger_phone', 30, 'passenger_phone is required'),
    passenger_name: text('passenger_name', 200),
    additional_info: text('additional_info', 2000),
    /** 1–50. */
    passengers: z.optional(z.union([z.number(), z.string()])),
    /** 0–20. */
    luggages: z.optional(z.union([z.number(), z.string()])),
  },
  { error: 'The request must be a JSON object' },
);
export type InstantQuoteRequest = z.infer<typeof instantQuoteRequestSchema>;

/** The Contact Us query reasons, Booking first (the default). */
export const QUERY_REASONS = ['Booking', 'Invoice', 'Complaint', 'Lost Item', 'Other'] as const;

/** POST /contact-us */
export const contactRequestSchema = z.object(
  {
    firstName: text('firstName', 100),
    lastName: text('lastName', 100),
    email: required('email', 254, 'email is required'),
    telephone: text('telephone', 30),
    queryReason: z._default(
      z.enum(QUERY_REASONS, { error: `queryReason must be one of ${QUERY_REASONS.join(', ')}` }),
      'Booking',
    ),
    bookingNumber: text('bookingNumber', 20),
    comments: text('comments', 5000),
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
