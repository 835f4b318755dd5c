import { Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import { legExtrasText } from '../../../contract/leg-extras-lines';
import type { BoardQuery } from '../../../contract/operator';
import { jobRef, JOB_LEG_LABELS } from '../../../domain/booking-jobs';
import { BOOKING_STATUS_LABELS } from '../../../domain/booking-lifecycle';
import { pence, penceToPounds } from '../../../domain/money';
import { paidPence, paymentState, PAYMENT_STATE_LABELS } from '../../../domain/payment-state';
import { readablePhone } from '../../../domain/phone-format';
import { formatDateGB } from '../../../domain/time';
import { DISPATCH_RECORD_TEXT } from '../../../domain/vehicle-messages';
import type { ExportRow } from '../../repositories/operator-bookings-repository';
import { storedLegExtras } from '../bookings/stored-form';
import { exportJobs } from './console-board';
import type { ConsoleBookingsDeps } from './console-context';
import { registrationSent } from './drivers-service';
import { vehicleDescription } from '../vehicles/vehicle-mapper';
import type { OperatorIdentity } from './operator-auth-service';

/**
 * The jobs board as a spreadsheet (GET /operator/bookings.csv, issue 32): one row per job,
 * filtered as the board is, with the leg's own pickup, status, driver, car sent and extras. The
 * booking's money, as every other page states it (domain/payment-state.ts), is on its outward
 * job's row only, so a column's sum counts each booking once.
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

const pounds = (amount: number) => penceToPounds(pence(amount)).toFixed(2);

/** The header; the admin's file names each booking's company too. */
export function csvColumns(admin: boolean): string[] {
  return [
    'Reference',
    'Booking',
    'Leg',
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
    ...(admin ? ['Company'] : []),
    // The records a licensed operator keeps (issue 34); the driver is 'Driver' above.
    'Taken by',
    'Dispatched by',
    'Vehicle sent',
  ];
}

/** Price, Paid and Payment of the booking: stated on its outward job's row, empty on the return's. */
function moneyCells(row: ExportRow): string[] {
  if (row.leg !== 'outward') return ['', '', ''];
  const facts = { ...row, status: row.booking_status };
  return [
    pounds(row.total_pence),
    pounds(paidPence(facts)),
    PAYMENT_STATE_LABELS[paymentState(facts)],
  ];
}

/** One job's cells, in csvColumns' order. */
export function csvCells(row: ExportRow, admin: boolean): string[] {
  const cell = neutraliseFormula;
  const extras = storedLegExtras(row.form, row.journey_type, row.total_passengers)[row.leg];
  const registration =
    row.job_driver_name === null
      ? ''
      : registrationSent(
          { vehicle_registration: row.job_vehicle_registration },
          { vehicle_registration: row.job_driver_vehicle_registration ?? '' },
        );
  return [
    cell(jobRef(row.booking_number, row.leg)),
    cell(row.booking_number),
    JOB_LEG_LABELS[row.leg],
    formatDateGB(row.pick_up_date),
    cell(row.pick_up_time),
    BOOKING_STATUS_LABELS[row.status],
    cell(row.passenger_name),
    cell(row.passenger_email),
    phoneCell(row.passenger_phone),
    cell(row.pick_up_address),
    cell(row.drop_off_address),
    cell(row.vehicle_type),
    String(row.vehicle_count),
    ...moneyCells(row),
    cell(row.job_driver_name ?? ''),
    cell(registration),
    extras ? legExtrasText(extras) : '',
    ...(admin ? [cell(row.company_name)] : []),
    cell(row.taken_by ?? DISPATCH_RECORD_TEXT.online),
    cell(row.dispatched_by ?? ''),
    cell(vehicleSent(row, registration)),
  ];
}

/** The vehicle a job was sent in: its record's make, model, colour and registration. */
function vehicleSent(row: ExportRow, registration: string): string {
  if (row.job_driver_name === null) return '';
  if (row.job_vehicle_record_registration === null) return registration;
  return vehicleDescription({
    registration: row.job_vehicle_record_registration,
    make: row.job_vehicle_make ?? '',
    model: row.job_vehicle_model ?? '',
    colour: row.job_vehicle_colour ?? '',
  });
}

/**
 * The file GET /operator/bookings.csv sends: its name and its text, streamed. Rows are read a
 * chunk at a time as the download drains, never all at once; a client that goes away ends the
 * reading (pipeline destroys the source), which is logged.
 */
export function bookingsCsv(
  deps: ConsoleBookingsDeps,
  operator: OperatorIdentity,
  query: BoardQuery,
  log: { warn(details: object, message: string): void },
): { fileName: string; body: Readable } {
  const admin = operator.companyId === null;
  const csv = stringify({
    // A byte-order mark, so Excel reads the file as UTF-8 (the £ in a header, names).
    bom: true,
    header: true,
    columns: csvColumns(admin),
  });
  async function* cells() {
    for await (const row of exportJobs(deps, operator, query)) yield csvCells(row, admin);
  }
  pipeline(Readable.from(cells()), csv, (error) => {
    if (error) log.warn({ err: error }, 'CSV export ended early');
  });
  const day = deps.clock().toISOString().slice(0, 10);
  return { fileName: `bookings-${day}.csv`, body: csv };
}
