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
  attachments?: { filename: string; contentType: string; content: string }[];
}
