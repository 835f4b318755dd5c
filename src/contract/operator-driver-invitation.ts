import * as z from 'zod/mini';

/**
 * The console's Invite to the driver app (issue 34; API.md, The driver's app): the answer of
 * POST /operator/drivers/{id}/invitation, naming the mailbox the single-use link went to.
 */
export const driverInvitationResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ sent_to: z.string() }),
});
export type DriverInvitationResponse = z.infer<typeof driverInvitationResponseSchema>;
