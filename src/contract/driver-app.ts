import * as z from 'zod/mini';

/**
 * What the driver's app reads beyond driver.ts (issue 34): the answers it needs only to be
 * successful, and the Web Push message the service worker shows.
 */

/**
 * The answer of a call whose body the app does not use (accept, decline, status, location,
 * push subscription): it refetches what changed. Extra fields are allowed and ignored.
 */
export const driverOkResponseSchema = z.object({ success: z.literal(true) });
export type DriverOkResponse = z.infer<typeof driverOkResponseSchema>;

/**
 * A Web Push message to a driver (an offer, a changed job): the notification's title and text,
 * and the app's page it opens (same origin, e.g. /driver/jobs/710000011).
 */
export const driverPushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
});
export type DriverPushPayload = z.infer<typeof driverPushPayloadSchema>;
