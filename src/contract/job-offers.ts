import * as z from 'zod/mini';
import { bookingStatusSchema } from './bookings';
import { idField } from './operator';

/**
 * Offering a job to a driver (issue 34; API.md, The driver's app): the console's Offer, and
 * the Web Push message the driver's phone is sent. The driver answers with
 * POST /driver/jobs/{job_ref}/accept or /decline (declineOfferRequestSchema, contract/driver.ts).
 */

/** POST /operator/jobs/{job_ref}/offer: the driver asked, and the vehicle they would drive. */
export const offerJobRequestSchema = z.object(
  {
    driver_id: idField('driver_id must be a driver'),
    vehicle_id: idField('vehicle_id must be a vehicle'),
  },
  { error: 'The request must be a JSON object' },
);
export type OfferJobRequest = z.infer<typeof offerJobRequestSchema>;

/**
 * The payload of the Web Push notification of a new offer, as the driver app's service worker
 * reads it: what the notification says, and the page a tap opens (/driver/jobs/{job_ref}).
 */
export const offerPushMessageSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
});
export type OfferPushMessage = z.infer<typeof offerPushMessageSchema>;

/** POST /driver/jobs/{job_ref}/accept and …/decline: the job's status after the answer. */
export const offerAnswerResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ job_ref: z.string(), status: bookingStatusSchema }),
});
export type OfferAnswerResponse = z.infer<typeof offerAnswerResponseSchema>;

/** POST /driver/push-subscription: kept. */
export const pushSubscriptionResponseSchema = z.object({ success: z.literal(true) });
