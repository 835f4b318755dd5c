import { describe, expect, it } from 'vitest';
import {
  bookingConfirmationMail,
  operatorBookingNoticeMail,
} from '../../src/server/services/mail/booking-mails';
import { currencySignOf, formatPounds } from '../../src/domain/money';
import { escapeHtml, formatLongDate, formatTime } from '../../src/server/services/mail/mail-format';
import { bookingConfirmedMail } from '../../src/server/services/mail/lifecycle-mails';
import { bookingChangedMail } from '../../src/server/services/mail/manage-mails';
import { resetCodeMail } from '../../src/server/services/mail/reset-code-mail';
import { returnBookingMailData } from './mail-fixtures';

describe('mail formatting', () => {
  it('writes dates, times and money the British way', () => {
    expect(formatLongDate('2026-11-21')).toBe('Saturday 21 November 2026');
    expect(formatLongDate('2027-01-01')).toBe('Friday 1 January 2027');
    expect(formatLongDate('01/03/2027')).toBe('Monday 1 March 2027');
    expect(formatTime('9:05')).toBe('09:05');
    expect(formatTime('14:30:00')).toBe('14:30');
    expect(formatPounds(1234.5)).toBe('£1,234.50');
    expect(formatPounds(7, currencySignOf('GBP'))).toBe('£7.00');
    expect(escapeHtml(`<a href="x">Tom's & Jerry's</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom&#39;s &amp; Jerry&#39;s&lt;/a&gt;',
    );
  });
});

describe('booking confirmation mail', () => {
  const input = returnBookingMailData();
  const mail = bookingConfirmationMail(input);

  it('goes to the passenger with the reference in the subject', () => {
    expect(mail.kind).toBe('booking-confirmation');
    expect(mail.to).toBe('alice.smith@example.co.uk');
    expect(mail.subject).toBe('Booking received: RB7K4Q9M');
  });

  it('states every detail of the booking in the text but what the booker typed freely', () => {
    for (const line of [
      'Reference ID: RB7K4Q9M',
      'Booking Type: Normal Booking',
      'Journey: Return',
      'Booked on: Saturday 21 November 2026, 16:05',
      'Pickup: Heathrow Airport Terminal 5, TW6 2GA',
      'Drop-off: Charing Cross Station, London WC2N 5HF',
      'Stop 1: Hammersmith Broadway, W6 9YD',
      'Date: Saturday 28 November 2026',
      'Time: 14:30',
      'Date: Saturday 5 December 2026',
      'Time: 09:05',
      'Vehicle: Executive Saloon',
      'Operator: Thames Executive Cars',
      'Number of vehicles: 2',
      'Email: alice.smith@example.co.uk',
      'Passengers: 3',
      'Payment method: Pay By Card',
      'Payment status: Paid',
      'Meet & Greet: £17.25',
      'Total: £1,234.50',
      'Phone: +44 20 3865 4120',
      'Email: bookings@ridebook.example',
    ]) {
      expect(mail.text).toContain(line);
    }
    expect(mail.text).toContain('Return journey');
  });

  it('carries no name, number, notes or travel number the booker typed (issue 30), and says where they are', () => {
    for (const typed of [
      'Smith',
      '7700 900123',
      'Two large suitcases',
      'Call on arrival',
      'BA28',
    ]) {
      expect(mail.text).not.toContain(typed);
      expect(mail.html).not.toContain(typed);
      expect(mail.attachments?.[0]?.content).not.toContain(typed);
    }
    expect(mail.text).toContain('Thank you. Your booking reference is RB7K4Q9M.');
    const linked = bookingConfirmationMail({
      ...input,
      manageUrl: 'https://ridebook.example/manage-booking/RB7K4Q9M?token=abc',
    });
    expect(linked.text).toContain(
      'Your booking page shows the name, contact number, notes and flight, train or ferry numbers given with the booking.',
    );
  });

  it('lists the priced parts and one total, with no raw breakdown names', () => {
    expect(mail.text).not.toMatch(/final[ _]price/i);
    expect(mail.html).not.toMatch(/final[ _]price/i);
    expect(mail.text.match(/^Total: /gm)).toHaveLength(1);
    expect(mail.text).toContain('Outward journey: £300.00');
    expect(mail.text).toContain('Additional vehicles: £617.25');
  });

  it('escapes what it shows in the HTML', () => {
    expect(mail.html).toContain('£1,234.50');
    expect(mail.html).toContain('Meet &amp; Greet');
    expect(mail.html).toContain('Saturday 28 November 2026');
  });

  it('attaches a calendar with the outward and return pickups in UTC', () => {
    const [ics] = mail.attachments ?? [];
    expect(ics?.filename).toBe('booking-RB7K4Q9M.ics');
    expect(ics?.contentType).toContain('text/calendar');
    const content = ics?.content ?? '';
    expect(content.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(content).toContain('UID:RB7K4Q9M@ridebook.example');
    expect(content).toContain('UID:RB7K4Q9M-R@ridebook.example');
    expect(content).toContain('DTSTART:20261128T143000Z');
    expect(content).toContain('DTSTART:20261205T090500Z');
    expect(content).toContain('DURATION:PT55M');
    expect(content).toMatch(/LOCATION:Heathrow Airport Terminal 5\\, TW6 2GA/);
    expect(content).toContain('Booking reference RB7K4Q9M');
    // Pending until the operator confirms it (issue 30): a tentative entry.
    expect(content.match(/STATUS:TENTATIVE/g)).toHaveLength(2);
    expect(content).not.toContain('STATUS:CONFIRMED');
  });

  it('describes an hourly hire with its duration, one event and no return', () => {
    const hourly = returnBookingMailData({
      ride_type: 'H',
      journey_type: 'hourly',
      drop_off_address: '',
      return_pickup_address: null,
      return_dropoff_address: null,
      return_date: null,
      return_time: null,
      return_flight_no: '',
      hourly_duration: 6,
      payment_method: 'car',
      payment_status: 'pay_in_car',
      breakdown: { hourly_fare: 1234.5 },
    });
    const hourlyMail = bookingConfirmationMail({ ...hourly, returnAt: null, durationMinutes: 360 });
    expect(hourlyMail.text).toContain('Booking Type: Hourly Booking');
    expect(hourlyMail.text).toContain('Duration: 6 hours');
    expect(hourlyMail.text).toContain('Payment method: Pay in Car');
    expect(hourlyMail.text).toContain('Hourly hire: £1,234.50');
    expect(hourlyMail.text).not.toContain('Return journey');
    expect(hourlyMail.text).not.toContain('Drop-off:');
    const content = hourlyMail.attachments?.[0]?.content ?? '';
    expect(content.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(content).toContain('DURATION:PT6H');
  });
});

describe('the calendar entry’s status (issue 30)', () => {
  const ics = (mail: { attachments?: { content: string }[] }) =>
    mail.attachments?.[0]?.content ?? '';
  const status = (content: string) => [...content.matchAll(/STATUS:(\w+)/g)].map((m) => m[1]);

  it('is TENTATIVE while Pending, CONFIRMED once the operator confirms, on the same events', () => {
    const pending = returnBookingMailData();
    const confirmed = returnBookingMailData({ status: 'confirmed' });
    const first = ics(bookingConfirmationMail(pending));
    const update = ics(bookingConfirmedMail({ ...confirmed, sequence: 1 }));
    expect(status(first)).toEqual(['TENTATIVE', 'TENTATIVE']);
    expect(status(update)).toEqual(['CONFIRMED', 'CONFIRMED']);
    const uids = (content: string) => [...content.matchAll(/UID:(\S+)/g)].map((m) => m[1]);
    expect(uids(update)).toEqual(uids(first));
    expect(first).toContain('SEQUENCE:0');
    expect(update).toContain('SEQUENCE:1');
  });

  it('is CONFIRMED for a booking confirmed as it is made, and TENTATIVE again when a change sends it back', () => {
    expect(
      status(ics(bookingConfirmationMail(returnBookingMailData({ status: 'confirmed' })))),
    ).toEqual(['CONFIRMED', 'CONFIRMED']);
    const moved = bookingChangedMail(
      { ...returnBookingMailData({ status: 'pending' }), sequence: 3 },
      {
        summary: ['pickup time'],
        money: 'The price does not change.',
        timesMoved: true,
        backToPending: true,
      },
    );
    expect(status(ics(moved))).toEqual(['TENTATIVE', 'TENTATIVE']);
    expect(ics(moved)).toContain('SEQUENCE:3');
  });
});

describe('operator notice and reset code mails', () => {
  it('tells the operator about a new booking with the same details', () => {
    const notice = operatorBookingNoticeMail(returnBookingMailData());
    expect(notice.kind).toBe('operator-new-booking');
    expect(notice.to).toBe('bookings@ridebook.example');
    expect(notice.subject).toBe('New booking: RB7K4Q9M, Saturday 28 November 2026 at 14:30');
    expect(notice.text).toContain(
      'Passenger: Alice <b>Smith</b> & Co (+44 7700 900123, alice.smith@example.co.uk)',
    );
    expect(notice.text).toContain('Total: £1,234.50');
    // The operator's own record keeps every field the booker typed, escaped in the HTML.
    for (const line of [
      'Name: Alice <b>Smith</b> & Co',
      'Phone: +44 7700 900123',
      'Additional information: Two large suitcases',
      'Return additional information: Call on arrival',
      'Flight / train / ferry number: BA283',
      'Flight / train / ferry number: BA282',
    ]) {
      expect(notice.text).toContain(line);
    }
    expect(notice.html).toContain('Alice &lt;b&gt;Smith&lt;/b&gt; &amp; Co');
    expect(notice.html).not.toContain('<b>Smith</b>');
  });

  it('gives the reset code with its expiry in text and HTML', () => {
    const mail = resetCodeMail({ to: 'a@example.com', code: '012345', validMinutes: 10 });
    expect(mail.text).toContain(
      "Your reset code is 012345. It expires in 10 minutes. If you didn't ask, ignore this email.",
    );
    expect(mail.html).toContain('Your reset code is 012345. It expires in 10 minutes.');
  });
});
