import PDFDocument from 'pdfkit';
import type { PaymentEntry } from '../../../contract/booking-payments';
import type { BookingData } from '../../../contract/bookings';
import { legExtrasLines, legExtrasSections } from '../../../contract/leg-extras-lines';
import { breakdownLines } from '../../../contract/price-details';
import { BOOKING_STATUS_LABELS } from '../../../domain/booking-lifecycle';
import { currencySignOf, formatMoney, formatPounds, pence } from '../../../domain/money';
import {
  PASSENGER_PAYMENT_METHOD_LABELS,
  PAYMENT_KIND_LABELS,
  PAYMENT_REASON_LABELS,
  paymentEntryStatusLabel,
} from '../../../domain/payment-labels';
import { PAYMENT_STATE_LABELS, type PaymentState } from '../../../domain/payment-state';
import { bookedStopLine } from '../../../domain/stops';
import { UK_STANDARD_VAT_BP, vatIncluded } from '../../../domain/vat';
import { formatLondonDateTime, formatLongDate, formatTime } from '../mail/mail-format';
import { winAnsiText } from './win-ansi-text';

/**
 * The booking receipt (issue 22): one A4 page (more for a long ledger) in the PDF standard
 * Helvetica fonts, so no font file ships with the server. The passenger downloads it from their
 * booking page, and it is attached to the "journey completed" mail.
 */

export interface ReceiptInput {
  /** The booking as POST /booking answers it, with its current status. */
  data: BookingData;
  /** The operator who sells the ride: the receipt is theirs. */
  company: {
    name: string;
    address: string;
    /** Set only for a VAT-registered operator: the receipt then states the VAT it includes. */
    vatNumber: string | null;
    email: string;
    phone: string;
  };
  /** Every card charge and refund, oldest first (amounts in pounds). */
  payments: PaymentEntry[];
  /** What was paid, net of refunds (domain/payment-state.ts paidPence). */
  paidPence: number;
  /** How the payment stands (domain/payment-state.ts): a card payment refunded is not "Paid". */
  paymentState: PaymentState;
  issuedAt: Date;
}

const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const MARGIN = 50;
/** A4 in points. */
const PAGE_WIDTH = 595.28;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const LABEL_WIDTH = 170;
const ROW_GAP = 4;
const INK = '#1a202c';
const MUTED = '#4a5568';
const WARNING = '#9b2c2c';

/** The receipt as PDF bytes. */
export async function bookingReceiptPdf(input: ReceiptInput): Promise<Buffer> {
  const { booking } = input.data;
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    lang: 'en-GB',
    displayTitle: true,
    // Metadata strings are written as UTF-16, so the operator's name needs no stand-ins here.
    info: {
      Title: `Receipt ${booking.booking_number}`,
      Author: input.company.name,
      Subject: `Receipt for booking ${booking.booking_number}`,
      Creator: input.company.name,
      CreationDate: input.issuedAt,
    },
  });
  const bytes = collect(doc);
  new ReceiptLayout(doc).write(input);
  doc.end();
  return bytes;
}

function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/** A row of the ledger table: where each column starts and how wide it is. */
const LEDGER_COLUMNS = [
  { title: 'When (UK time)', width: 165, align: 'left' },
  { title: 'Type', width: 55, align: 'left' },
  { title: 'For', width: 115, align: 'left' },
  { title: 'Status', width: 90, align: 'left' },
  { title: 'Amount', width: CONTENT_WIDTH - 425, align: 'right' },
] as const;

/** Writes top to bottom, keeping its own y and starting a new page when a block would not fit. */
class ReceiptLayout {
  private y = MARGIN;

  constructor(private readonly doc: PDFKit.PDFDocument) {}

  write(input: ReceiptInput): void {
    const { booking, bookingStops, passengerDetails } = input.data;
    const sign = currencySignOf(booking.currency);
    const money = (pounds: number) => formatPounds(pounds, sign);

    this.header(input.company);

    if (booking.status === 'cancelled') {
      this.notice('This booking was cancelled. Any refund is listed under Payments.');
    } else if (booking.status === 'no_show') {
      this.notice('The passenger did not show for this booking (no-show).');
    }

    this.section('Booking');
    this.row('Reference ID', booking.booking_number);
    this.row('Status', BOOKING_STATUS_LABELS[booking.status]);
    this.row('Booked on', formatLondonDateTime(booking.created_at));
    this.row('Receipt issued', formatLondonDateTime(input.issuedAt));
    this.row('Passenger', passengerDetails.passenger_name);

    this.section('Journey');
    this.row('Pickup date and time', pickupWhen(booking.pick_up_date, booking.pick_up_time));
    this.row('Pickup', booking.pick_up_address);
    bookingStops.forEach((stop, index) => this.row(`Stop ${index + 1}`, bookedStopLine(stop)));
    this.row('Drop-off', booking.drop_off_address);
    if (booking.hourly_duration !== null) {
      const hours = booking.hourly_duration;
      this.row('Duration', `${hours} ${hours === 1 ? 'hour' : 'hours'}`);
    }
    if (booking.return_date || booking.return_pickup_address) {
      this.row(
        'Return date and time',
        booking.return_date ? pickupWhen(booking.return_date, booking.return_time ?? '') : '',
      );
      this.row('Return pickup', booking.return_pickup_address ?? '');
      this.row('Return drop-off', booking.return_dropoff_address ?? '');
    }
    this.row('Vehicle', booking.vehicle_type);
    this.row('Number of vehicles', String(booking.vehicle_count));

    // Each leg's own extras (issue 30); a leg with none asked for has no section.
    for (const { title, leg } of legExtrasSections(input.data.legExtras)) {
      const lines = legExtrasLines(leg, { askedOnly: true });
      if (lines.length === 0) continue;
      this.section(title);
      for (const line of lines) this.row(line.label, line.value);
    }

    this.section('Price');
    for (const line of breakdownLines(booking.breakdown)) {
      this.amountRow(line.label, money(line.amount));
    }
    this.rule();
    this.amountRow('Total', money(booking.total_booking_amount), { bold: true });

    this.section('Payments');
    this.row('Payment method', PASSENGER_PAYMENT_METHOD_LABELS[booking.payment_method]);
    this.row('Payment status', PAYMENT_STATE_LABELS[input.paymentState]);
    this.ledger(input.payments, money);
    const paid = pence(input.paidPence);
    this.amountRow('Amount paid', formatMoney(paid, sign), { bold: true });
    if (input.company.vatNumber) {
      // The registration number heads the page with the operator's address.
      const vat = vatIncluded(paid, UK_STANDARD_VAT_BP);
      this.amountRow(`VAT included at ${UK_STANDARD_VAT_BP / 100}%`, formatMoney(vat, sign));
    }

    this.footer(input, booking.booking_number);
  }

  /** "Receipt" on the left; the operator's name, address and contacts on the right. */
  private header(company: ReceiptInput['company']): void {
    const { doc } = this;
    doc.font(BOLD).fontSize(26).fillColor(INK).text('Receipt', MARGIN, MARGIN);
    const leftBottom = doc.y;

    const x = MARGIN + CONTENT_WIDTH / 2;
    const width = CONTENT_WIDTH / 2;
    doc.font(BOLD).fontSize(12).text(winAnsiText(company.name), x, MARGIN, {
      width,
      align: 'right',
    });
    const lines = [
      company.address,
      company.email,
      company.phone,
      company.vatNumber ? `VAT registration number: ${company.vatNumber}` : '',
    ].filter((line) => line.trim() !== '');
    doc
      .font(FONT)
      .fontSize(10)
      .fillColor(MUTED)
      .text(winAnsiText(lines.join('\n')), x, doc.y + 2, { width, align: 'right' });
    this.y = Math.max(leftBottom, doc.y) + 12;
    this.rule();
  }

  private notice(text: string): void {
    this.fit(20);
    this.doc
      .font(BOLD)
      .fontSize(12)
      .fillColor(WARNING)
      .text(text, MARGIN, this.y, { width: CONTENT_WIDTH });
    this.y = this.doc.y + 6;
  }

  private section(title: string): void {
    // A heading never ends a page alone: keep room for it and a couple of rows.
    this.fit(60);
    this.y += 10;
    this.doc
      .font(BOLD)
      .fontSize(13)
      .fillColor(INK)
      .text(title, MARGIN, this.y, { width: CONTENT_WIDTH });
    this.y = this.doc.y + 4;
  }

  /** A label and its value; a row with no value is left out, as in the mails. */
  private row(label: string, value: string): void {
    if (value.trim() === '') return;
    const { doc } = this;
    const text = winAnsiText(value);
    const valueWidth = CONTENT_WIDTH - LABEL_WIDTH;
    doc.font(FONT).fontSize(10);
    const height = Math.max(
      doc.heightOfString(label, { width: LABEL_WIDTH }),
      doc.heightOfString(text, { width: valueWidth }),
    );
    this.fit(height);
    doc.fillColor(MUTED).text(label, MARGIN, this.y, { width: LABEL_WIDTH });
    doc.fillColor(INK).text(text, MARGIN + LABEL_WIDTH, this.y, { width: valueWidth });
    this.y += height + ROW_GAP;
  }

  /** A label with an amount set flush right, as on a bill. */
  private amountRow(label: string, amount: string, options: { bold?: boolean } = {}): void {
    const { doc } = this;
    doc.font(options.bold ? BOLD : FONT).fontSize(options.bold ? 11 : 10);
    const height = doc.heightOfString(label, { width: CONTENT_WIDTH - 120 });
    this.fit(height);
    doc.fillColor(INK).text(label, MARGIN, this.y, { width: CONTENT_WIDTH - 120 });
    doc.text(amount, MARGIN + CONTENT_WIDTH - 120, this.y, { width: 120, align: 'right' });
    this.y += height + ROW_GAP;
  }

  /** Every charge and refund with its state; refunds are shown as minus amounts. */
  private ledger(payments: PaymentEntry[], money: (pounds: number) => string): void {
    this.y += 4;
    if (payments.length === 0) {
      this.row('Card payments', 'None: nothing was charged to a card for this booking.');
      return;
    }
    this.tableRow(
      LEDGER_COLUMNS.map((column) => column.title),
      { bold: true },
    );
    this.rule(0.5);
    for (const entry of payments) {
      this.tableRow([
        formatLondonDateTime(entry.created_at),
        PAYMENT_KIND_LABELS[entry.kind],
        PAYMENT_REASON_LABELS[entry.reason],
        paymentEntryStatusLabel(entry),
        money(entry.kind === 'refund' ? -entry.amount : entry.amount),
      ]);
    }
    this.rule(0.5);
  }

  private tableRow(cells: string[], options: { bold?: boolean } = {}): void {
    const { doc } = this;
    doc.font(options.bold ? BOLD : FONT).fontSize(9);
    // A gutter after each column but the last, whose amounts line up with the Total's.
    const width = (i: number) => LEDGER_COLUMNS[i]!.width - (i < LEDGER_COLUMNS.length - 1 ? 6 : 0);
    const height = Math.max(
      ...cells.map((cell, i) => doc.heightOfString(cell, { width: width(i) })),
    );
    this.fit(height);
    let x = MARGIN;
    cells.forEach((cell, i) => {
      const column = LEDGER_COLUMNS[i]!;
      doc.fillColor(options.bold ? MUTED : INK).text(cell, x, this.y, {
        width: width(i),
        align: column.align,
      });
      x += column.width;
    });
    this.y += height + ROW_GAP;
  }

  private footer(input: ReceiptInput, reference: string): void {
    const contacts = [input.company.phone, input.company.email].filter((c) => c.trim() !== '');
    const lines = [
      `Thank you for travelling with ${input.company.name}.`,
      contacts.length > 0
        ? `Questions about this receipt? Contact us on ${contacts.join(' or ')}, quoting ${reference}.`
        : `Questions about this receipt? Quote ${reference} when you contact us.`,
    ];
    this.y += 16;
    const text = winAnsiText(lines.join('\n'));
    this.doc.font(FONT).fontSize(9);
    this.fit(this.doc.heightOfString(text, { width: CONTENT_WIDTH }));
    this.doc.fillColor(MUTED).text(text, MARGIN, this.y, { width: CONTENT_WIDTH });
    this.y = this.doc.y;
  }

  private rule(weight = 1): void {
    this.fit(6);
    this.doc
      .moveTo(MARGIN, this.y + 2)
      .lineTo(MARGIN + CONTENT_WIDTH, this.y + 2)
      .lineWidth(weight)
      .strokeColor('#a0aec0')
      .stroke();
    this.y += 6;
  }

  /** Starts a new page unless `height` more points fit above the bottom margin. */
  private fit(height: number): void {
    const bottom = this.doc.page.height - MARGIN;
    if (this.y + height <= bottom) return;
    this.doc.addPage();
    this.y = MARGIN;
  }
}

/** 'Friday 4 December 2026 at 14:30'. */
function pickupWhen(date: string, time: string): string {
  const day = formatLongDate(date);
  return time ? `${day} at ${formatTime(time)}` : day;
}
