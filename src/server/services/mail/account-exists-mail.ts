import { contactSection, renderHtml, renderText, type MailSection } from './mail-format';
import type { OutgoingMail } from './outgoing-mail';

/**
 * To the owner of an account whose email someone gave as a new client's. The booking's answer
 * must not say the email is registered (anyone could list who has an account), so the owner
 * learns it here, where only the owner reads it. Holds no text the booker typed.
 */
export function accountExistsMail(input: {
  to: string;
  bookingNumber: string;
  companyPhone: string;
  companyEmail: string;
}): OutgoingMail {
  const heading = 'A booking was made with your email address';
  const intro = [
    `Booking ${input.bookingNumber} was just made on our website by a new client giving this email address. You already have an account with us, so no new account was made and the booking is not linked to your account.`,
    'If this was you: next time choose Existing Client and sign in with your password. If you have forgotten it, choose Forgot password when you sign in to set a new one.',
    "If you didn't make this booking, contact us using the details below.",
  ];
  const sections: MailSection[] = [contactSection(input)];
  return {
    kind: 'account-exists',
    to: input.to,
    subject: heading,
    text: renderText(heading, intro, sections, []),
    html: renderHtml(heading, intro, sections, []),
  };
}
