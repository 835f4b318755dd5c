import { extractText, getDocumentProxy, getMeta } from 'unpdf';
import type { PaymentEntry } from '../../src/contract/booking-payments';
import type { BookingData } from '../../src/contract/bookings';
import type { ReceiptInput } from '../../src/server/services/receipts/booking-receipt';
import { returnBookingMailData } from './mail-fixtures';

/** The mail tests' return trip from Heathrow, paid by card and completed. */
export function completedBooking(overrides: Partial<BookingData['booking']> = {}): BookingData {
  const { data } = returnBookingMailData({ status: 'completed', ...overrides });
  return { ...data, passengerDetails: { ...data.passengerDetails, passenger_name: 'Alice Smith' } };
}

/** A ledger line; amounts in pounds as on the wire. */
export function payment(overrides: Partial<PaymentEntry> = {}): PaymentEntry {
  return {
    id: 1,
    kind: 'charge',
    reason: 'booking',
    amount: 1234.5,
    status: 'succeeded',
    created_at: '2026-11-21T16:05:00.000Z',
    last_error: null,
    ...overrides,
  };
}

/** Paid £1,234.50 by card, then £50 back after a change made the ride cheaper. */
export function receiptInput(overrides: Partial<ReceiptInput> = {}): ReceiptInput {
  return {
    data: completedBooking(),
    company: {
      name: 'Thames Executive Cars Ltd',
      address: '221 Bath Road, Hounslow, TW3 3BZ',
      vatNumber: null,
      email: 'bookings@thames-exec.example',
      phone: '+44 20 3865 4120',
    },
    payments: [
      payment(),
      payment({
        id: 2,
        kind: 'refund',
        reason: 'amendment',
        amount: 50,
        created_at: '2026-11-24T10:00:00.000Z',
      }),
    ],
    paidPence: 123_450 - 5_000,
    paymentState: 'partly_refunded',
    issuedAt: new Date('2026-11-28T16:00:00Z'),
    ...overrides,
  };
}

/** A PDF's text, every run of white space made one space, and its document information. */
export async function readPdf(
  bytes: Uint8Array,
): Promise<{ text: string; info: Record<string, unknown> }> {
  // pdf.js takes the buffer over: give it a copy so the caller's bytes stay readable.
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  const { info } = await getMeta(pdf);
  return { text: text.replace(/\s+/g, ' '), info: info as Record<string, unknown> };
}
