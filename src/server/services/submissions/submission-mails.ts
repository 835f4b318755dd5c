import type { ContactRequest } from '../../../contract/submissions';
import {
  contactSection,
  formatLongDate,
  formatTime,
  renderHtml,
  renderText,
} from '../mail/mail-format';
import type { CompanyContact, MailSection } from '../mail/mail-format';
import type { OutgoingMail } from '../mail/outgoing-mail';
import type { QuoteNowInput } from './submission-inputs';

function mail(
  kind: string,
  to: string,
  subject: string,
  content: { heading: string; intro: string[]; sections: MailSection[]; outro: string[] },
): OutgoingMail {
  const { heading, intro, sections, outro } = content;
  return {
    kind,
    to,
    subject,
    text: renderText(heading, intro, sections, outro),
    html: renderHtml(heading, intro, sections, outro),
  };
}

/** Every field of a Quote Now request, for the operator. */
function quoteSections(quote: QuoteNowInput): MailSection[] {
  return [
    {
      title: 'Journey',
      rows: [
        { label: 'Pickup', value: quote.pickup_address },
        { label: 'Drop-off', value: quote.dropoff_address },
        { label: 'Date', value: formatLongDate(quote.pickup_date) },
        { label: 'Time', value: formatTime(quote.pickup_time) },
        { label: 'Passengers', value: String(quote.passengers) },
        { label: 'Luggages', value: String(quote.luggages) },
      ],
    },
    {
      title: 'Passenger details',
      rows: [
        { label: 'Name', value: quote.passenger_name },
        { label: 'Email', value: quote.passenger_email },
        { label: 'Phone', value: quote.passenger_phone },
        { label: 'Additional comments', value: quote.additional_info },
      ],
    },
  ];
}

function when(quote: QuoteNowInput): string {
  return `${formatLongDate(quote.pickup_date)} at ${formatTime(quote.pickup_time)}`;
}

/** The Quote Now request to the operator, every field, so they can price it and ring back. */
export function quoteRequestOperatorMail(
  quote: QuoteNowInput,
  company: CompanyContact,
): OutgoingMail {
  const who = quote.passenger_name || quote.passenger_email;
  return {
    ...mail('operator-quote-request', company.companyEmail, `Quote request: ${when(quote)}`, {
      heading: 'New quote request',
      intro: [
        `${who} asks for a quote for a pickup on ${when(quote)}.`,
        `Reply to ${quote.passenger_email} or ring ${quote.passenger_phone}.`,
      ],
      sections: quoteSections(quote),
      outro: [],
    }),
    replyTo: quote.passenger_email,
    capped: false,
  };
}

/**
 * Acknowledgements go to whatever address the form was given, so they carry nothing the sender
 * typed as text (no name, addresses, phone, numbers or comments): otherwise anyone could send
 * their own words to a stranger under our name. Only checked values (a date, a time, counts,
 * a reason from the list) and our own contact details are echoed.
 */

/** The acknowledgement to the sender: received, when for, and how to reach us. */
export function quoteRequestReceivedMail(
  quote: QuoteNowInput,
  company: CompanyContact,
): OutgoingMail {
  return mail(
    'quote-request-received',
    quote.passenger_email,
    'We have received your quote request',
    {
      heading: 'We have received your quote request',
      intro: [
        `Thank you. We have received your request for a pickup on ${when(quote)} and will contact you with a quote shortly.`,
      ],
      sections: [
        {
          title: 'Journey',
          rows: [
            { label: 'Date', value: formatLongDate(quote.pickup_date) },
            { label: 'Time', value: formatTime(quote.pickup_time) },
            { label: 'Passengers', value: String(quote.passengers) },
            { label: 'Luggages', value: String(quote.luggages) },
          ],
        },
        contactSection(company),
      ],
      outro: company.companyPhone
        ? [`For an urgent journey, please call us on ${company.companyPhone}.`]
        : [],
    },
  );
}

/** Every field of a Contact Us message, for the operator. */
function contactSections(message: ContactRequest): MailSection[] {
  return [
    {
      title: 'Message',
      rows: [
        { label: 'Query reason', value: message.queryReason },
        { label: 'Booking number', value: message.bookingNumber },
        { label: 'Comments', value: message.comments },
      ],
    },
    {
      title: 'Sender',
      rows: [
        { label: 'First name', value: message.firstName },
        { label: 'Last name', value: message.lastName },
        { label: 'Email', value: message.email },
        { label: 'Telephone', value: message.telephone },
      ],
    },
  ];
}

function senderName(message: ContactRequest): string {
  return [message.firstName, message.lastName].filter((part) => part !== '').join(' ');
}

/** The Contact Us message to the operator, every field. */
export function contactOperatorMail(
  message: ContactRequest,
  company: CompanyContact,
): OutgoingMail {
  const who = senderName(message) || message.email;
  const about = message.bookingNumber ? ` (booking ${message.bookingNumber})` : '';
  return {
    ...mail(
      'operator-contact-message',
      company.companyEmail,
      `Contact form: ${message.queryReason}${about}`,
      {
        heading: 'New contact form message',
        intro: [`${who} sent a ${message.queryReason} query${about}. Reply to ${message.email}.`],
        sections: contactSections(message),
        outro: [],
      },
    ),
    replyTo: message.email,
    capped: false,
  };
}

/** The acknowledgement to the sender of a Contact Us message. */
export function contactReceivedMail(
  message: ContactRequest,
  company: CompanyContact,
): OutgoingMail {
  return mail('contact-message-received', message.email, 'We have received your message', {
    heading: 'We have received your message',
    intro: ['Thank you. We have received your message and will reply as soon as we can.'],
    sections: [
      { title: 'Message', rows: [{ label: 'Query reason', value: message.queryReason }] },
      contactSection(company),
    ],
    outro: [],
  });
}
