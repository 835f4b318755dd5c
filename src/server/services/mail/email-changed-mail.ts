import { contactSection, renderHtml, renderText, type MailSection } from './mail-format';
import type { OutgoingMail } from './outgoing-mail';

/**
 * 'robert.jones@example.co.uk' -> 'r***@example.co.uk'. The old mailbox may no longer be the
 * passenger's own (a job left behind), so it is told enough to recognise the address, not to
 * write to it.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

/**
 * The notice to a passenger's previous address that the account's email changed: from then on
 * sign-in and reset codes go to the new one, so this is the old owner's only warning.
 */
export function emailChangedMail(input: {
  to: string;
  newEmail: string;
  companyPhone: string;
  companyEmail: string;
}): OutgoingMail {
  const heading = 'Your account email was changed';
  const intro = [
    `The email address of your account was changed from ${input.to} to ${maskEmail(input.newEmail)}. You now sign in with the new address, and your other devices have been signed out.`,
    "If you didn't make this change, contact us straight away using the details below so we can secure your account: someone who knows your password has used it.",
  ];
  const sections: MailSection[] = [contactSection(input)];
  return {
    kind: 'email-changed',
    to: input.to,
    subject: 'Your account email was changed',
    text: renderText(heading, intro, sections, []),
    html: renderHtml(heading, intro, sections, []),
    // A signed-in passenger's own account warning: a mailbox filled to its daily cap by
    // anonymous requests must not silence it.
    capped: false,
  };
}
