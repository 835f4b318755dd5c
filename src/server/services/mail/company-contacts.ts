import type { CompanyContact } from './mail-format';

/** The site's contacts with the notices' mailbox: where the operator is told of a booking. */
export interface BookingContacts extends CompanyContact {
  /** The company's own email, else the site's (FROM_EMAIL); '' when neither is set. */
  operatorEmail: string;
}

/**
 * The contacts a booking's mails and receipt give (issue 33): the phone of the company that has
 * the job in place of the site's Company_Contact_Info, and that company's mailbox for the
 * operator's notices; the site's own where the company has none. The email passengers are
 * shown stays the site's, the address replies reach.
 */
export function bookingContacts(
  site: CompanyContact,
  company: { company_phone: string; company_email: string },
): BookingContacts {
  return {
    companyPhone: company.company_phone.trim() || site.companyPhone,
    companyEmail: site.companyEmail,
    operatorEmail: company.company_email.trim() || site.companyEmail,
  };
}
