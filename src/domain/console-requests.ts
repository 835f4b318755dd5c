/**
 * The console's Requests and Mail pages (issue 33): the states a request and a queued mail
 * are in, their labels, and every sentence the two pages' calls answer with.
 */

/** Where the office is with a Quote Now request or a Contact Us message. */
export const REQUEST_STATES = ['new', 'replied', 'closed'] as const;
export type RequestState = (typeof REQUEST_STATES)[number];
export const REQUEST_STATE_LABELS: Record<RequestState, string> = {
  new: 'New',
  replied: 'Replied',
  closed: 'Closed',
};

/** Which form a request came from. */
export const REQUEST_KINDS = ['quote-now', 'contact-us'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];
export const REQUEST_KIND_LABELS: Record<RequestKind, string> = {
  'quote-now': 'Quote Now',
  'contact-us': 'Contact Us',
};

/**
 * A queued mail as the Mail page shows it: waiting to go, sent, failing (tried and refused,
 * tried again later), or held back by the recipient's daily cap.
 */
export const MAIL_STATES = ['waiting', 'sent', 'failing', 'held'] as const;
export type MailState = (typeof MAIL_STATES)[number];
export const MAIL_STATE_LABELS: Record<MailState, string> = {
  waiting: 'Waiting',
  sent: 'Sent',
  failing: 'Failing',
  held: 'Held by the daily cap',
};

/** The longest reply an operator may write, in characters. */
export const REPLY_MAX_LENGTH = 5000;

export const REQUEST_MESSAGES = {
  notFound: 'Request not found',
  replyRequired: 'Write your reply: the message is empty',
  replyTooLong: `message must be at most ${REPLY_MAX_LENGTH} characters`,
  stateInvalid: 'state must be new, replied or closed',
  repliedWithoutReply: 'A request becomes Replied when you send a reply: there is none yet',
  notAQuoteRequest: 'request_id must be a Quote Now request',
  alreadyBooked: (bookingNumber: string) =>
    `This request has been booked already, as booking ${bookingNumber}`,
  mailNotFound: 'Mail not found',
  /** Why a queued mail cannot be sent again, or null when it can. */
  bodyPurged: (days: number) =>
    `The words of this message were removed ${days} days after it was sent, as every sent mail's are, so it cannot be sent again.`,
  heldNotKept:
    'This message was held back by the daily cap and its words were not kept, so it cannot be sent again.',
  secretNotKept:
    'This message carries a one-time code, which is not sent twice: the passenger can ask for a new code instead.',
  linkNotKept:
    'This message carried a private Manage your booking link, which is not kept, so its copy cannot be sent again.',
} as const;
