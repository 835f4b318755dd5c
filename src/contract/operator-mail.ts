import * as z from 'zod/mini';
import { MAIL_STATES, REQUEST_MESSAGES } from '../domain/console-requests';
import { wholeNumberText } from './path-params';

/** The console's Mail page (issue 33; API.md, Operator console, Requests and mail): the outbox. */

/** GET /operator/mail?state=&page= */
export const mailQuerySchema = z.object({
  state: z.optional(z.enum(MAIL_STATES, { error: 'state must be waiting, sent, failing or held' })),
  page: z.optional(wholeNumberText('page must be a positive whole number')),
});
export type MailQuery = z.infer<typeof mailQuerySchema>;

/** /operator/mail/{id}/resend */
export const mailPathSchema = z.object({ id: wholeNumberText(REQUEST_MESSAGES.mailNotFound) });

/** One message of the outbox. */
export const mailEntrySchema = z.object({
  id: z.int(),
  kind: z.string(),
  recipient: z.string(),
  subject: z.string(),
  state: z.enum(MAIL_STATES),
  created_at: z.string(),
  sent_at: z.nullable(z.string()),
  /** Tries so far. */
  attempts: z.int(),
  /** The last refusal of a failing message (or of a sent one before it went). */
  last_error: z.nullable(z.string()),
  /** When a failing message is tried next. */
  next_attempt_at: z.nullable(z.string()),
  /** Why a held message was not sent. */
  held_reason: z.nullable(z.string()),
  /** The plain-text words, while they are kept (retention); null once removed or never kept. */
  body: z.nullable(z.string()),
  /** Why Send again cannot be used on it; null when it can. */
  resend_refusal: z.nullable(z.string()),
});
export type MailEntry = z.infer<typeof mailEntrySchema>;

export const mailListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(mailEntrySchema),
  total: z.int(),
  page: z.int(),
  per_page: z.int(),
});
export type MailListResponse = z.infer<typeof mailListResponseSchema>;

/** POST /operator/mail/{id}/resend: 201 with the fresh copy's row. */
export const mailResendResponseSchema = z.object({
  success: z.literal(true),
  data: mailEntrySchema,
});
export type MailResendResponse = z.infer<typeof mailResendResponseSchema>;
