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
  /**
   * False on mail the recipient's daily cap must not hold back: to the operator, or to a
   * signed-in passenger about their own account. Any other mail (an address an anonymous
   * request typed) counts against the cap; see recipient-cap.ts.
   */
  capped?: boolean;
  /** Holds a secret (a reset code): its stored body is cleared as soon as it is sent. */
  secret?: boolean;
}
