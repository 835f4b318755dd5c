import type { StoredBooking } from '../../repositories/bookings-repository';
import type { PaymentRow } from '../../repositories/booking-payments-repository';
import { toBookingData } from '../bookings/booking-data-mapper';
import { toPaymentEntry } from '../payments/refund-service';
import type { ReceiptInput } from './booking-receipt';

/**
 * What a receipt is made of, from the stored booking and its ledger: the one place that says
 * what was paid. A card booking paid what its ledger says; one paid in the car or on account
 * has paid its fare once the journey is completed, and nothing before.
 */
export function receiptInputFrom(parts: {
  stored: StoredBooking;
  ledger: readonly PaymentRow[];
  company: { name: string; address: string; vat_number: string | null } | undefined;
  contacts: { companyPhone: string; companyEmail: string };
  issuedAt: Date;
}): ReceiptInput {
  const { booking } = parts.stored;
  const paidPence =
    booking.payment_method === 'card'
      ? booking.paid_pence
      : booking.status === 'completed'
        ? booking.total_pence
        : 0;
  return {
    data: toBookingData(parts.stored),
    company: {
      name: parts.company?.name ?? booking.company_name,
      address: parts.company?.address ?? '',
      vatNumber: parts.company?.vat_number ?? null,
      email: parts.contacts.companyEmail,
      phone: parts.contacts.companyPhone,
    },
    payments: parts.ledger.map((row) => toPaymentEntry(row, false)),
    paidPence,
    issuedAt: parts.issuedAt,
  };
}
