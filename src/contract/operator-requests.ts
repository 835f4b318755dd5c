import * as z from 'zod/mini';
import {
  REPLY_MAX_LENGTH,
  REQUEST_KINDS,
  REQUEST_MESSAGES,
  REQUEST_STATES,
} from '../domain/console-requests';
import { wholeNumberText } from './path-params';

/**
 * The console's Requests (issue 33; API.md, Operator console, Requests and mail): Quote Now
 * requests and Contact Us messages with their state, replies and the booking made from them.
 */

const pageField = wholeNumberText('page must be a positive whole number');

/** GET /operator/requests?state=&kind=&page= */
export const requestsQuerySchema = z.object({
  state: z.optional(z.enum(REQUEST_STATES, { error: REQUEST_MESSAGES.stateInvalid })),
  kind: z.optional(z.enum(REQUEST_KINDS, { error: 'kind must be quote-now or contact-us' })),
  /** The request a booking was made from (Book this): the booking page's link back. */
  booking_number: z.optional(
    z
      .string()
      .check(
        z.regex(/^[A-Za-z0-9]{1,20}$/, 'booking_number must be a booking number'),
        z.toUpperCase(),
      ),
  ),
  page: z.optional(pageField),
});
export type RequestsQuery = z.infer<typeof requestsQuerySchema>;

/** /operator/requests/{id}… */
export const requestPathSchema = z.object({ id: wholeNumberText(REQUEST_MESSAGES.notFound) });

/** What a Quote Now request asked for, as the visitor gave it (date YYYY-MM-DD, time HH:MM). */
export const quoteRequestDetailsSchema = z.object({
  pickup_address: z.string(),
  dropoff_address: z.string(),
  pickup_date: z.string(),
  pickup_time: z.string(),
  passengers: z.int(),
  luggages: z.int(),
  additional_info: z.string(),
});
export type QuoteRequestDetails = z.infer<typeof quoteRequestDetailsSchema>;

/** What a Contact Us message says. */
export const contactMessageDetailsSchema = z.object({
  query_reason: z.string(),
  /** The booking it is about, as the visitor typed it ('' when none). */
  booking_number: z.string(),
  comments: z.string(),
});

/** One reply sent from the console. */
export const requestReplySchema = z.object({
  at: z.string(),
  operator_name: z.string(),
  message: z.string(),
  /** The outbox row that carries it (the Mail page's id). */
  mail_id: z.nullable(z.int()),
});

/** A request as the console shows it. */
export const consoleRequestSchema = z.object({
  id: z.int(),
  kind: z.enum(REQUEST_KINDS),
  state: z.enum(REQUEST_STATES),
  received_at: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  /** A Quote Now request's journey; null on a Contact Us message. */
  quote: z.nullable(quoteRequestDetailsSchema),
  /** A Contact Us message's words; null on a Quote Now request. */
  contact: z.nullable(contactMessageDetailsSchema),
  /** The booking made from it with Book this; null until then. */
  booked_as: z.nullable(z.string()),
  replies: z.array(requestReplySchema),
});
export type ConsoleRequest = z.infer<typeof consoleRequestSchema>;

export const requestsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(consoleRequestSchema),
  total: z.int(),
  page: z.int(),
  per_page: z.int(),
});
export type RequestsResponse = z.infer<typeof requestsResponseSchema>;

export const requestResponseSchema = z.object({
  success: z.literal(true),
  data: consoleRequestSchema,
});
export type RequestResponse = z.infer<typeof requestResponseSchema>;

/** PATCH /operator/requests/{id}: Close, or Reopen (new, or replied when it has a reply). */
export const requestPatchSchema = z.object(
  { state: z.enum(REQUEST_STATES, { error: REQUEST_MESSAGES.stateInvalid }) },
  { error: 'The request must be a JSON object' },
);
export type RequestPatch = z.infer<typeof requestPatchSchema>;

/** POST /operator/requests/{id}/reply */
export const requestReplyRequestSchema = z.object(
  {
    message: z
      .string({ error: REQUEST_MESSAGES.replyRequired })
      .check(
        z.trim(),
        z.minLength(1, REQUEST_MESSAGES.replyRequired),
        z.maxLength(REPLY_MAX_LENGTH, REQUEST_MESSAGES.replyTooLong),
      ),
  },
  { error: 'The request must be a JSON object' },
);
export type RequestReplyRequest = z.infer<typeof requestReplyRequestSchema>;
