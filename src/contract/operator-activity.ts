import * as z from 'zod/mini';
import { ACTIVITY_KINDS } from '../domain/console-activity';
import { isoDate } from './field-rules';
import { wholeNumberText } from './path-params';

/**
 * GET /operator/activity (issue 33; API.md, Activity): the console's activity log, newest
 * first, a page at a time. The admin sees every change, a manager its company's.
 */

/**
 * Where the next page starts: the time and id of the last change shown, as `next` gave it.
 * Opaque to the client; its shape is checked so nothing else reaches a query.
 */
const cursor = z
  .string()
  .check(
    z.regex(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z_[1-9]\d{0,9}$/,
      'before must be the next value of an earlier page',
    ),
  );

/** The query: every part optional; from and to are UK calendar days, inclusive. */
export const activityQuerySchema = z.object({
  operator_id: z.optional(wholeNumberText('operator_id must be a positive whole number')),
  kind: z.optional(
    z.enum(ACTIVITY_KINDS, { error: `kind must be one of ${ACTIVITY_KINDS.join(', ')}` }),
  ),
  from: z.optional(isoDate('from')),
  to: z.optional(isoDate('to')),
  before: z.optional(cursor),
});
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

/** One change: who made it, when, to what, and its values before and after (null: none). */
export const activityEntrySchema = z.object({
  id: z.int(),
  at: z.string(),
  operator_id: z.nullable(z.int()),
  operator_name: z.string(),
  company_id: z.nullable(z.int()),
  kind: z.enum(ACTIVITY_KINDS),
  subject: z.string(),
  summary: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const activityResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    entries: z.array(activityEntrySchema),
    /** The `before` of the next page; null on the last. */
    next: z.nullable(z.string()),
    /** Everyone with a change the caller may see, for the person filter. */
    people: z.array(z.object({ id: z.int(), name: z.string() })),
  }),
});
export type ActivityResponse = z.infer<typeof activityResponseSchema>;
export type ActivityPage = ActivityResponse['data'];
