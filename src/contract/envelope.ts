import * as z from 'zod/mini';

/** A 400's list of bad fields, each named by its path in the request (API.md, Envelope). */
export const validationIssueSchema = z.object({ path: z.string(), message: z.string() });
export type ValidationIssue = z.infer<typeof validationIssueSchema>;

/** Every failure: `{success:false, message}`; validation adds `errors`, /contact-us adds `error`. */
export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.optional(z.array(validationIssueSchema)),
  error: z.optional(z.string()),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** Wraps a list payload in the success envelope: `{success:true, data:[...]}`. */
export function listEnvelope<T extends z.ZodMiniType>(item: T) {
  return z.object({ success: z.literal(true), data: z.array(item) });
}
