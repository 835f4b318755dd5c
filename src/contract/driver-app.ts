import * as z from 'zod/mini';

/**
 * What the driver's app reads beyond driver.ts (issue 34): the answers it needs only to be
 * successful. (Its Web Push message is web-push.ts's, as the passenger's.)
 */

/**
 * The answer of a call whose body the app does not use (accept, decline, status, location,
 * push subscription): it refetches what changed. Extra fields are allowed and ignored.
 */
export const driverOkResponseSchema = z.object({ success: z.literal(true) });
export type DriverOkResponse = z.infer<typeof driverOkResponseSchema>;
