import * as z from 'zod/mini';
import { bookingStatusSchema } from './bookings';

/**
 * Offering a job to a driver (issue 34; API.md, The driver's app): the answers to the driver's
 * Accept and Decline. The console's Offer is offerJobRequestSchema (contract/operator.ts), the
 * decline's body declineOfferRequestSchema (contract/driver.ts), and the Web Push message
 * pushMessageSchema (contract/web-push.ts).
 */

/** POST /driver/jobs/{job_ref}/accept and …/decline: the job's status after the answer. */
export const offerAnswerResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ job_ref: z.string(), status: bookingStatusSchema }),
});
export type OfferAnswerResponse = z.infer<typeof offerAnswerResponseSchema>;
