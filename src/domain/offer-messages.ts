/**
 * What a job offer says (issue 34): its history notes, its refusals, and the Web Push
 * notification the driver's phone shows. Every sentence here, so the console, the app and the
 * history say them the same way.
 */

/** The default of OFFER_TIMEOUT_SECONDS: how long a driver has to answer an offer. */
export const DEFAULT_OFFER_TIMEOUT_SECONDS = 120;

export const OFFER_MESSAGES = {
  /** History notes: the job's status is unchanged by each. */
  offered: (driver: string) => `Offered to ${driver}`,
  declined: (driver: string, reason: string) => `Declined by ${driver}: ${reason}`,
  timedOut: (driver: string) => `Offer to ${driver} timed out`,
  /** The 409 of an answer after the offer's time ran out, or after it was replaced. */
  offerEnded: 'This offer has ended',
  /** The 404 of a job neither offered nor assigned to the driver asking. */
  jobNotFound: 'Job not found',
  /** The notification of a new offer on the driver's phone. */
  pushTitle: 'New job offered',
  pushBody: (pickupTime: string, pickup: string, dropOff: string) =>
    `${pickupTime} ${pickup} → ${dropOff}`,
} as const;
