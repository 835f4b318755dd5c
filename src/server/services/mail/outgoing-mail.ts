/**
 * A message ready to send: what the outbox stores and the sender hands to nodemailer. Rendered
 * when it is enqueued, in the transaction of what caused it, so it says what was true then.
 */
export interface OutgoingMail {
  /** What it is, for logs and tests: 'booking-confirmation', 'operator-new-booking', 'reset-code'. */
  kind: string;
  to: string;
  /** The customer, on a mail to the operator about their request. */
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  /**
   * False on mail the recipient's daily cap must not hold back: to the operator, or to a
   * signed-in passenger about their own account. Any other mail (an address an anonymous
   * request typed) counts against the cap; see recipient-cap.ts.
   */
  capped?: boolean;
  /** Holds a secret (a reset code): its stored body is cleared as soon as it is sent. */
  secret?: boolean;
}

/**
 * A file sent with a mail. The outbox stores it as JSON text, so a text file (a calendar entry)
 * is its own content and a binary file (a PDF receipt) is base64 with `encoding: 'base64'`.
 */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
  /** Set when `content` is a binary file in base64; the transport decodes it. */
  encoding?: 'base64';
}
