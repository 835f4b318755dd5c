import * as z from 'zod/mini';
import { parseJobRef } from '../domain/booking-jobs';
import { OPERATOR_MESSAGES } from '../domain/messages';

/**
 * What the paths of API.md name (`{booking_number}`, `{job_ref}`, `{id}`), one shape each for
 * every route that takes them. A path that is not of its shape names nothing: the server
 * answers it 404 with the schema's message (the passenger's area with its own one 404).
 */

/** A whole number as a path or query writes it, '1' to '999999999', read as a number. */
export const wholeNumberText = (message: string) =>
  z.pipe(z.string().check(z.regex(/^[1-9]\d{0,8}$/, message)), z.transform(Number));

/**
 * A booking number: letters and digits, at most 20 (ours are nine digits), read in capitals.
 * Nothing else reaches a query.
 */
export const bookingNumberSchema = z
  .string()
  .check(z.regex(/^[A-Za-z0-9]{1,20}$/, OPERATOR_MESSAGES.bookingNotFound), z.toUpperCase());

/**
 * A job reference (issue 32): a booking number, with "-R" for its return leg (read by the
 * domain's parseJobRef), as the booking number and the leg.
 */
export const jobRefSchema = z.pipe(
  z.string(),
  z.transform((ref, context) => {
    const job = parseJobRef(ref);
    const number = job && z.safeParse(bookingNumberSchema, job.bookingNumber);
    if (job && number?.success) return { bookingNumber: number.data, leg: job.leg };
    context.issues.push({ code: 'custom', message: OPERATOR_MESSAGES.bookingNotFound, input: ref });
    return z.NEVER;
  }),
);

/** /operator/bookings/{booking_number}… and /manage-booking/{booking_number}… */
export const bookingPathSchema = z.object({ booking_number: bookingNumberSchema });
export type BookingPath = z.output<typeof bookingPathSchema>;

/** /operator/jobs/{job_ref}… */
export const jobPathSchema = z.object({ job_ref: jobRefSchema });

/** /operator/drivers/{id} */
export const driverPathSchema = z.object({
  id: wholeNumberText(OPERATOR_MESSAGES.driverNotFound),
});

/** /operator/bookings/{booking_number}/refunds/{id}/retry */
export const refundPathSchema = z.object({
  booking_number: bookingNumberSchema,
  id: wholeNumberText(OPERATOR_MESSAGES.refundNotFound),
});
