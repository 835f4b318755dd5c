import { describe, expect, it } from 'vitest';
import { bookingReceiptPdf } from '../../src/server/services/receipts/booking-receipt';
import { winAnsiText } from '../../src/server/services/receipts/win-ansi-text';
import { completedBooking, payment, readPdf, receiptInput } from './receipt-fixtures';

describe('booking receipt PDF', () => {
  it('is a PDF titled with the reference and authored by the operator', async () => {
    const bytes = await bookingReceiptPdf(receiptInput());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { info } = await readPdf(bytes);
    expect(info.Title).toBe('Receipt RB7K4Q9M');
    expect(info.Author).toBe('Thames Executive Cars Ltd');
  });

  it('states the operator, the booking, the journey and the passenger', async () => {
    const { text } = await readPdf(await bookingReceiptPdf(receiptInput()));
    for (const part of [
      'Receipt',
      'Thames Executive Cars Ltd',
      '221 Bath Road, Hounslow, TW3 3BZ',
      'bookings@thames-exec.example',
      '+44 20 3865 4120',
      'Reference ID RB7K4Q9M',
      'Status Completed',
      // 16:05 UTC on 21 November is 16:05 in London (GMT).
      'Booked on Saturday 21 November 2026, 16:05',
      'Pickup date and time Saturday 28 November 2026 at 14:30',
      'Pickup Heathrow Airport Terminal 5, TW6 2GA',
      'Stop 1 Hammersmith Broadway, W6 9YD',
      'Drop-off Charing Cross Station, London WC2N 5HF',
      'Return date and time Saturday 5 December 2026 at 09:05',
      'Return pickup Charing Cross Station, London WC2N 5HF',
      'Vehicle Executive Saloon',
      'Number of vehicles 2',
      'Passenger Alice Smith',
    ]) {
      expect(text).toContain(part);
    }
    expect(text).not.toContain('cancelled');
  });

  it('lists each part of the price and the total', async () => {
    const { text } = await readPdf(await bookingReceiptPdf(receiptInput()));
    for (const line of [
      'Outward journey £300.00',
      'Return journey £300.00',
      'Meet & Greet £17.25',
      'Additional vehicles £617.25',
      'Total £1,234.50',
    ]) {
      expect(text).toContain(line);
    }
    // final_price is the Total, never a line of its own.
    expect(text).not.toMatch(/final.price/i);
  });

  it('lists every charge and refund with its state, and the amount paid net', async () => {
    const { text } = await readPdf(await bookingReceiptPdf(receiptInput()));
    expect(text).toContain('Payment method Pay By Card');
    // Paid, less a refund: partly refunded.
    expect(text).toContain('Payment status Partly refunded');
    expect(text).toContain('Saturday 21 November 2026, 16:05 Charge Booking Paid £1,234.50');
    expect(text).toContain(
      'Tuesday 24 November 2026, 10:00 Refund Change to the booking Refunded -£50.00',
    );
    expect(text).toContain('Amount paid £1,184.50');
  });

  it('shows a refund still being retried as such', async () => {
    const input = receiptInput({
      data: completedBooking({ status: 'cancelled' }),
      payments: [
        payment(),
        payment({
          id: 3,
          kind: 'refund',
          reason: 'cancellation',
          status: 'failed',
          last_error: 'card_declined',
        }),
      ],
      paidPence: 123_450,
    });
    const { text } = await readPdf(await bookingReceiptPdf(input));
    expect(text).toContain('This booking was cancelled');
    expect(text).toContain('Status Cancelled');
    expect(text).toContain('Refund Cancellation Refund failed — retrying -£1,234.50');
    // The provider's error is for the operator, not the passenger's receipt.
    expect(text).not.toContain('card_declined');
  });

  it('states VAT only for a VAT-registered operator, as a sixth of what was paid', async () => {
    const without = await readPdf(await bookingReceiptPdf(receiptInput()));
    expect(without.text).not.toContain('VAT');

    const input = receiptInput();
    input.company.vatNumber = 'GB123456789';
    const { text } = await readPdf(await bookingReceiptPdf(input));
    expect(text).toContain('VAT registration number: GB123456789');
    // £1,184.50 ÷ 6 = £197.4166…
    expect(text).toContain('VAT included at 20% £197.42');
  });

  it('says a booking paid in the car had no card payments', async () => {
    const input = receiptInput({
      data: completedBooking({ payment_method: 'car', payment_status: 'pay_in_car' }),
      payments: [],
      paidPence: 0,
      paymentState: 'pay_in_car',
    });
    const { text } = await readPdf(await bookingReceiptPdf(input));
    expect(text).toContain('Payment method Pay in Car');
    expect(text).toContain('Payment status To be paid in the car');
    expect(text).toContain('Card payments None');
    expect(text).toContain('Amount paid £0.00');
  });

  it('keeps an hourly hire to its pickup and duration', async () => {
    const input = receiptInput({
      data: {
        ...completedBooking({
          ride_type: 'H',
          journey_type: 'hourly',
          drop_off_address: '',
          return_pickup_address: null,
          return_dropoff_address: null,
          return_date: null,
          return_time: null,
          hourly_duration: 6,
          breakdown: { hourly_fare: 360, final_price: 360 },
          total_booking_amount: 360,
          vehicle_count: 1,
        }),
        bookingStops: [],
        // An hourly hire has one leg.
        legExtras: { ...completedBooking().legExtras, return: null },
      },
      payments: [payment({ amount: 360 })],
      paidPence: 36_000,
    });
    const { text } = await readPdf(await bookingReceiptPdf(input));
    expect(text).toContain('Duration 6 hours');
    expect(text).toContain('Hourly hire £360.00');
    expect(text).not.toContain('Drop-off');
    expect(text).not.toContain('Return');
  });

  it('survives names and addresses the standard fonts cannot draw', async () => {
    const base = completedBooking();
    const input = receiptInput({
      data: {
        ...base,
        passengerDetails: { ...base.passengerDetails, passenger_name: 'Zoë Łukasz 北京' },
      },
    });
    input.company.address = 'Ősz utca 5, Kraków – “Stare Miasto” 😀';
    const bytes = await bookingReceiptPdf(input);
    const { text } = await readPdf(bytes);
    expect(text).toContain('Passenger Zoë Lukasz ??');
    expect(text).toContain('Osz utca 5, Kraków – “Stare Miasto” ?');
    expect(text).toContain('Reference ID RB7K4Q9M');
  });
});

describe('text for the standard PDF fonts', () => {
  it('keeps what Windows-1252 holds and replaces the rest', () => {
    expect(winAnsiText('Café – “Zoë” £5 €5 Œuvre')).toBe('Café – “Zoë” £5 €5 Œuvre');
    expect(winAnsiText('Łódź Ősz ﬁne')).toBe('Lódz Osz fine');
    expect(winAnsiText('北京 Москва')).toBe('?? ??????');
    expect(winAnsiText('a\u200Bb\tc\r\nd')).toBe('ab c\nd');
  });
});
