import * as z from 'zod/mini';

/**
 * The money ledger of a booking as the API shows it (issue 22): every card charge and refund,
 * in pounds. The passenger's page and the operator's booking page both read it.
 */

/** One charge or refund against a booking, in pounds. */
export const paymentEntrySchema = z.object({
  id: z.int(),
  kind: z.enum(['charge', 'refund']),
  /** What it was for: the booking, a change's difference, a cancellation. */
  reason: z.enum(['booking', 'amendment', 'cancellation']),
  /** Pounds, two decimals at most, always positive. */
  amount: z.number(),
  /** A refund is pending until the provider settles it; a failed one is retried. */
  status: z.enum(['pending', 'succeeded', 'failed']),
  /** ISO instant. */
  created_at: z.string(),
  /** Why the provider refused the last try, for the operator; null for the passenger. */
  last_error: z.nullable(z.string()),
});
export type PaymentEntry = z.infer<typeof paymentEntrySchema>;
