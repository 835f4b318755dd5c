import { contactSection, renderHtml, renderText } from '../mail/mail-format';
import type { CompanyContact } from '../mail/mail-format';
import type { OutgoingMail } from '../mail/outgoing-mail';

/**
 * An operator's reply to a Quote Now request or a Contact Us message, from the site's address
 * as every mail to a visitor is (no Reply-To: an answer comes back to FROM_EMAIL). It carries
 * the operator's words and our contact details, never the visitor's own text, so the form
 * cannot be used to have us mail a stranger words of someone else's choosing.
 */
export function requestReplyMail(
  request: { kind: 'quote-now' | 'contact-us'; email: string },
  message: string,
  company: CompanyContact,
): OutgoingMail {
  const about = request.kind === 'quote-now' ? 'your quote request' : 'your message';
  const heading = `A reply to ${about}`;
  // Each line of the reply its own paragraph, as the operator wrote it.
  const intro = message.split(/\r?\n/).map((line) => line.trimEnd());
  const sections = [contactSection(company)];
  return {
    kind: 'request-reply',
    to: request.email,
    subject: `Re: ${about}`,
    text: renderText(heading, intro, sections, []),
    html: renderHtml(
      heading,
      intro.filter((line) => line !== ''),
      sections,
      [],
    ),
    // An operator chose to send it, signed in: the anonymous-request cap does not hold it back.
    capped: false,
  };
}
