/**
 * Where a text to a passenger stands (issue 35): the text_messages table's statuses, and the
 * console's words for them. One home for the database's check, the contract and the page.
 */

/** Every status a text can have, in the order a text moves through them. */
export const TEXT_MESSAGE_STATUSES = [
  'queued',
  'sending',
  'sent',
  'delivered',
  'failed',
  'undelivered',
  'suppressed',
] as const;

export type TextMessageStatus = (typeof TEXT_MESSAGE_STATUSES)[number];

/** The console's label of each status, en-GB. */
export const TEXT_MESSAGE_STATUS_LABELS: Record<TextMessageStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Failed',
  undelivered: 'Not delivered',
  suppressed: 'Not sent',
};
