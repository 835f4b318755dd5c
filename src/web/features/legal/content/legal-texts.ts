/**
 * OPERATOR CONTENT: the Privacy Policy and the Terms and Conditions the site shows at
 * /privacy-policy and /terms-and-conditions, which new clients accept on Personal Details.
 * Replace these texts with your own, reviewed by whoever advises you on law; nothing else
 * reads them, so sections can be added, removed or reworded freely. The company's phone and
 * email are filled in from the settings (Company_Contact_Info, FROM_EMAIL) where the text
 * says {phone} and {email}.
 */

/** A document: its heading (kept as the spec's link names it), a date and its sections. */
export type LegalDocument = {
  title: string;
  updated: string;
  intro: string;
  sections: readonly { heading: string; paragraphs: readonly string[] }[];
};

export const PRIVACY_POLICY: LegalDocument = {
  title: 'Privacy Policy',
  updated: '1 November 2026',
  intro:
    'This policy explains what we keep about you when you ask for a quote or book a ride, why, and what you can ask us to do with it.',
  sections: [
    {
      heading: 'What we keep',
      paragraphs: [
        'Your name, email address and phone number; the journeys you quote or book (addresses, dates, times, passengers and luggage); flight or ferry references you give us; and, for client accounts, a securely hashed password.',
        'Card payments are taken by our payment provider: we never see or keep your card number.',
      ],
    },
    {
      heading: 'Why we keep it',
      paragraphs: [
        'To price, book and carry out your journey, to send you its confirmation, and to reach you about it on the day. We keep booking records as the law on licensed private hire requires.',
      ],
    },
    {
      heading: 'Who sees it',
      paragraphs: [
        'The operator and driver carrying out your journey, and the services that send our email and take card payments for us. We do not sell your details.',
      ],
    },
    {
      heading: 'Your rights',
      paragraphs: [
        'You may ask for a copy of what we hold about you, ask us to correct it, or ask us to delete it where we are not required to keep it. Contact us on {phone} or at {email}.',
      ],
    },
  ],
};

export const TERMS_AND_CONDITIONS: LegalDocument = {
  title: 'Terms and Conditions',
  updated: '1 November 2026',
  intro:
    'These terms apply to every quote and booking made on this site. By booking you accept them.',
  sections: [
    {
      heading: 'Quotes and prices',
      paragraphs: [
        'A quote is the fixed price of the journey as described: its addresses, date and time, vehicle, passengers, luggage and extras. Changes on the day (extra stops, waiting beyond what was booked) may be charged at the operator’s rates.',
      ],
    },
    {
      heading: 'Payment',
      paragraphs: [
        'You pay by card when booking, or in the car where the operator allows it. Card payments are taken in pounds sterling.',
      ],
    },
    {
      heading: 'Changes and cancellations',
      paragraphs: [
        'To change or cancel a booking, contact us on {phone} or at {email} as early as you can. Cancellations close to the pickup time may be charged.',
      ],
    },
    {
      heading: 'On the day',
      paragraphs: [
        'Please be ready at the pickup time. For airport pickups with meet and greet we follow your flight and adjust the driver’s arrival to it.',
      ],
    },
  ],
};
