import { legExtrasText } from '../../../contract/leg-extras-lines';
import { BOOKING_STATUS_LABELS } from '../../../domain/booking-lifecycle';
import { pence, penceToPounds } from '../../../domain/money';
import { paidPence, paymentState, PAYMENT_STATE_LABELS } from '../../../domain/payment-state';
import { readablePhone } from '../../../domain/phone-format';
import type { ExportRow } from '../../repositories/operator-bookings-repository';
import { storedLegExtras } from '../bookings/stored-form';
import { registrationSent } from './drivers-service';

/**
 * The board as a spreadsheet (GET /operator/bookings.csv): one row per booking, its money as
 * every other page states it (domain/payment-state.ts), its driver and the car sent, and each
 * leg's own extras.
 */

/** A CSV cell a spreadsheet would run as a formula is made text (OWASP's CSV injection advice). */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * An invisible WORD JOINER before an international number's "+": a spreadsheet then reads the
 * cell as text, not as a formula, and shows "+33 6 12 34 56 78" with nothing stray before it.
 */
const TEXT_GUARD = '\u2060';

/**
 * A phone cell as a person reads the number: UK numbers in national format ('07700 900456',
 * text because of its space, so the 0 stays), others as +CC and groups. Never an apostrophe
 * and never a formula: what cannot be read as a number is neutralised like any other cell.
 */
export function phoneCell(typed: string): string {
  const readable = readablePhone(typed);
  if (readable === null) return neutraliseFormula(typed.trim().replace(/\s+/g, ' '));
  return readable.startsWith('+') ? `${TEXT_GUARD}${readable}` : readable;
}

/** 'YYYY-MM-DD' as a UK date, '01/12/2026'. */
function ukDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-');
  return `${d}/${m}/${y}`;
}

const pounds = (amount: number) => penceToPounds(pence(amount)).toFixed(2);

/** The header; the admin's file names each booking's company too. */
export function csvColumns(admin: boolean): string[] {
  return [
    'Reference',
    'Pickup date',
    'Pickup time',
    'Status',
    'Passenger',
    'Email',
    'Phone',
    'From',
    'To',
    'Vehicle',
    'Vehicles',
    'Price (£)',
    'Paid (£)',
    'Payment',
    'Driver',
    'Vehicle registration',
    'Extras',
    'Return extras',
    ...(admin ? ['Company'] : []),
  ];
}

/** One booking's cells, in csvColumns' order. */
export function csvCells(row: ExportRow, admin: boolean): string[] {
  const cell = neutraliseFormula;
  const legs = storedLegExtras(row.form, row.journey_type, row.total_passengers);
  const driver =
    row.driver_name === null
      ? null
      : { vehicle_registration: row.driver_vehicle_registration ?? '' };
  return [
    cell(row.booking_number),
    ukDate(row.pick_up_date),
    cell(row.pick_up_time),
    BOOKING_STATUS_LABELS[row.status],
    cell(row.passenger_name),
    cell(row.passenger_email),
    phoneCell(row.passenger_phone),
    cell(row.pick_up_address),
    cell(row.drop_off_address),
    cell(row.vehicle_type),
    String(row.vehicle_count),
    pounds(row.total_pence),
    pounds(paidPence(row)),
    PAYMENT_STATE_LABELS[paymentState(row)],
    cell(row.driver_name ?? ''),
    driver ? cell(registrationSent(row, driver)) : '',
    legExtrasText(legs.outward),
    legs.return ? legExtrasText(legs.return) : '',
    ...(admin ? [cell(row.company_name)] : []),
  ];
}
