import { paymentOf } from '../../../domain/payment-state';
import type { StoredBooking } from '../../repositories/bookings-repository';
import type { PaymentRow } from '../../repositories/booking-payments-repository';
import { toBookingData } from '../bookings/booking-data-mapper';
import { toPaymentEntry } from '../ledger/ledger-view';
import { bookingContacts } from '../mail/company-contacts';
import type { ReceiptInput } from './booking-receipt';

/**
 * What a receipt is made of, from the stored booking and its ledger; what was paid and how the
 * payment stands are domain/payment-state.ts's rule, as everywhere a booking is shown.
 */
export function receiptInputFrom(parts: {
  stored: StoredBooking;
  ledger: readonly PaymentRow[];
  company: { name: string; address: string; vat_number: string | null } | undefined;
  contacts: { companyPhone: string; companyEmail: string };
  issuedAt: Date;
}): ReceiptInput {
  const { booking } = parts.stored;
  const paid = paymentOf(booking, parts.ledger);
  return {
    data: toBookingData(parts.stored),
    company: {
      name: parts.company?.name ?? booking.company_name,
      address: parts.company?.address ?? '',
      vatNumber: parts.company?.vat_number ?? null,
      email: parts.contacts.companyEmail,
      // The company's own number when it has one (issue 33), as in its mails.
      phone: bookingContacts(parts.contacts, booking).companyPhone,
    },
    payments: parts.ledger.map((row) => toPaymentEntry(row, false)),
    paidPence: paid.paidPence,
    paymentState: paid.state,
    issuedAt: parts.issuedAt,
  };
}
