import * as z from 'zod/mini';
import {
  MESSAGE_EVENTS,
  unknownPlaceholderMessage,
  unknownPlaceholders,
} from '../domain/passenger-messages';

/**
 * The console's Messages page (issue 35; API.md, Operator console: Messages): each event's
 * mail subject and opening paragraph and its text message, as the operator worded them or the
 * defaults. Admin only.
 */

export const MESSAGE_LIMITS = { subject: 200, intro: 1000, sms: 640 } as const;

/** A template's words: null subject and intro for an event told by text only. */
const wordsSchema = z.object({
  subject: z.nullable(z.string()),
  intro: z.nullable(z.string()),
  sms: z.string(),
});

/** One event's template as the page shows it. */
export const messageTemplateSchema = z.object({
  event: z.enum(MESSAGE_EVENTS),
  /** The event's name on the page: 'Driver assigned'. */
  label: z.string(),
  subject: z.nullable(z.string()),
  intro: z.nullable(z.string()),
  sms: z.string(),
  /** True while the operator has not changed it (no saved row). */
  is_default: z.boolean(),
  /** The default wording, which Reset to default returns to. */
  default: wordsSchema,
  updated_at: z.nullable(z.string()),
  updated_by: z.nullable(z.string()),
});
export type MessageTemplateEntry = z.infer<typeof messageTemplateSchema>;

/** GET /operator/messages */
export const messagesResponseSchema = z.object({
  success: z.literal(true),
  messages: z.array(messageTemplateSchema),
});
export type MessagesResponse = z.infer<typeof messagesResponseSchema>;

/** PUT and DELETE /operator/messages/{event} */
export const messageResponseSchema = z.object({
  success: z.literal(true),
  template: messageTemplateSchema,
});
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** /operator/messages/{event}…: an event that is not one of ours names nothing (404). */
export const messagePathSchema = z.object({
  event: z.enum(MESSAGE_EVENTS, { error: 'Message not found' }),
});

/** Text with only known placeholders: each unknown one is an issue naming it. */
const wording = (field: string, max: number, min = 0) =>
  z.string({ error: `${field} must be text` }).check(
    z.trim(),
    ...(min > 0 ? [z.minLength(min, `${field} is required`)] : []),
    z.maxLength(max, `${field} must be at most ${max} characters`),
    z.superRefine((text, context) => {
      for (const name of unknownPlaceholders(text)) {
        context.addIssue({ code: 'custom', message: unknownPlaceholderMessage(name), input: text });
      }
    }),
  );

/** Each field's rule, for the console's form too: required, its length, known placeholders. */
export const MESSAGE_FIELDS = {
  // A mail's subject is one header line.
  subject: wording('subject', MESSAGE_LIMITS.subject, 1).check(
    z.regex(/^[^\r\n]*$/, 'subject must be one line'),
  ),
  intro: wording('intro', MESSAGE_LIMITS.intro, 1),
  sms: wording('sms', MESSAGE_LIMITS.sms, 1),
};

/**
 * PUT /operator/messages/{event}: the whole template. Whether the event may have a subject
 * and opening paragraph is the service's to judge (it knows the event).
 */
export const messageSaveSchema = z.object(
  {
    subject: z.optional(z.nullable(MESSAGE_FIELDS.subject)),
    intro: z.optional(z.nullable(MESSAGE_FIELDS.intro)),
    sms: MESSAGE_FIELDS.sms,
  },
  { error: 'The request must be a JSON object' },
);
export type MessageSave = z.infer<typeof messageSaveSchema>;

/**
 * POST /operator/messages/{event}/preview: any of the words being typed (the saved template
 * fills the rest). Not refused for an unknown placeholder: a preview shows it as typed.
 */
export const messagePreviewRequestSchema = z.object(
  {
    subject: z.optional(z.nullable(z.string().check(z.maxLength(MESSAGE_LIMITS.subject)))),
    intro: z.optional(z.nullable(z.string().check(z.maxLength(MESSAGE_LIMITS.intro)))),
    sms: z.optional(z.string().check(z.maxLength(MESSAGE_LIMITS.sms))),
  },
  { error: 'The request must be a JSON object' },
);
export type MessagePreviewRequest = z.infer<typeof messagePreviewRequestSchema>;

/** The template filled in with a sample booking's values, and the text's length. */
export const messagePreviewSchema = z.object({
  success: z.literal(true),
  subject: z.nullable(z.string()),
  intro: z.nullable(z.string()),
  sms: z.string(),
  sms_parts: z.int(),
  sms_characters: z.int(),
});
export type MessagePreview = z.infer<typeof messagePreviewSchema>;
