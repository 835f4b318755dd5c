import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorBookingResponseSchema } from '../../src/contract/operator';
import { driversResponseSchema } from '../../src/contract/operator-drivers';
import { startBookingApp } from './booking-fixtures';
import type { TestApp } from './helpers';
import { testDatabaseKinds } from './helpers';
import { cardBooking, view } from './manage-booking-fixtures';
import { ADMIN, consoleCall, dispatcherOf, guestBooking, signIn } from './operator-fixtures';
import { mileageForm } from './quote-fixtures';
import { addVehicle, driversOf, phoneBookingOf, vehicleBody } from './vehicle-fixtures';
import { DEMO_OPERATORS } from '../../src/server/db/seed-data/operator-accounts';

/** RFC 4180 as csv-stringify writes it: quoted cells may hold commas, quotes and line ends. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n') {
      rows.push([...row, cell]);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** The file's rows as objects by column title. */
function csvRecords(body: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(body.replace(/^\uFEFF/, ''));
  return rows.map((cells) => Object.fromEntries(header!.map((title, i) => [title, cells[i]!])));
}

describe.each(testDatabaseKinds())('operator CSV export on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startBookingApp(kind, { MAIL_POLL_INTERVAL_MS: '0', REFUND_RETRY_MS: '0' });
  });
  afterAll(async () => t?.close());

  it('exports price, paid net of refunds, the payment state, driver and registration, and phones as people read them', async () => {
    // A card booking, cancelled by the operator and refunded in full.
    const card = await cardBooking(t, undefined, {
      firstName: 'Carla',
      surname: 'Csvexport',
      email: 'carla.csv@example.co.uk',
      number: '+44 7700 900456',
      additionalInfo: '',
    });
    const cardCompany = (await view(t, card.number, card.token)).booking.booking.company_name;
    const session = await signIn(t, dispatcherOf(cardCompany));
    const cancelled = await consoleCall(t, 'POST', `/operator/bookings/${card.number}/status`, {
      session,
      body: { status: 'cancelled', note: 'Passenger rang to cancel' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const shown = operatorBookingResponseSchema.parse(cancelled.json()).data;
    // The console and the passenger's page say the same as the file.
    expect(shown).toMatchObject({ payment_state: 'refunded', paid_amount: 0 });
    expect(await view(t, card.number, card.token)).toMatchObject({
      payment_state: 'refunded',
      paid_amount: 0,
    });

    // A pay-in-car booking from abroad, with a driver assigned and the car sent named.
    const car = await guestBooking(t, {
      firstName: '@SUM(1+1)',
      surname: 'Csvexport',
      email: 'pierre.csv@example.co.uk',
      number: '+33 6 12 34 56 78',
      additionalInfo: '',
    });
    const carSession = await signIn(t, dispatcherOf(car.company));
    const confirm = await consoleCall(t, 'POST', `/operator/bookings/${car.number}/status`, {
      session: carSession,
      body: { status: 'confirmed' },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const drivers = driversResponseSchema.parse(
      (await consoleCall(t, 'GET', '/operator/drivers', { session: carSession })).json(),
    ).data;
    const driver = drivers.find((d) => d.active && d.licence_state !== 'expired')!;
    const assigned = await consoleCall(t, 'POST', `/operator/bookings/${car.number}/assign`, {
      session: carSession,
      body: {
        driver_id: driver.id,
        vehicle_registration: driver.vehicle_registration.toLowerCase(),
      },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);

    const res = await consoleCall(t, 'GET', '/operator/bookings.csv?q=Csvexport', {
      session: await signIn(t, ADMIN),
    });
    expect(res.statusCode, res.body).toBe(200);
    const records = csvRecords(res.body);
    // Spelled here, not taken from bookings-csv.ts's csvColumns: the header is a contract with
    // the spreadsheets people build on the file (docs/API.md), and a copy of the source's list
    // would pass whatever the source renamed, dropped or reordered.
    expect(Object.keys(records[0]!)).toEqual([
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
      'Company',
      'Taken by',
      'Dispatched by',
      'Vehicle sent',
    ]);
    const cardRow = records.find((r) => r.Reference === card.number)!;
    expect(cardRow).toMatchObject({
      Booking: card.number,
      Leg: 'Outward',
      Status: 'Cancelled',
      'Price (£)': (card.totalPence / 100).toFixed(2),
      'Paid (£)': '0.00',
      Payment: 'Refunded',
      Phone: '07700 900456',
      Driver: '',
      'Vehicle registration': '',
    });
    expect(card.totalPence).toBeGreaterThan(0);

    const carRow = records.find((r) => r.Reference === car.number)!;
    expect(carRow).toMatchObject({
      Status: 'Driver assigned',
      'Paid (£)': '0.00',
      Payment: 'To be paid in the car',
      Driver: driver.name,
      'Vehicle registration': driver.vehicle_registration,
      // Booked on the site; dispatched by the company's dispatcher, in the driver's usual car.
      'Taken by': 'Online',
      'Dispatched by': dispatcherOf(car.company).name,
      'Vehicle sent': expect.stringContaining(driver.vehicle_registration),
      // The name is still neutralised: a spreadsheet shows it as text.
      Passenger: "'@SUM(1+1) Csvexport",
    });
    // +CC and the number as grouped, behind an invisible joiner: text, no apostrophe.
    expect(carRow.Phone).toBe('\u2060+33 6 12 34 56 78');
    expect(carRow.Phone).not.toContain("'");
    for (const record of records) {
      for (const cell of Object.values(record)) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    }
  });

  it("lists a return booking as two jobs, each with its leg's own pickup, status, driver and extras, and the booking's money on the outward row only", async () => {
    // Heathrow → Gatwick on Tuesday 24 November at 10:15, back on Friday 27 November at 18:30.
    const trip = mileageForm({
      select_option: 'return',
      return_date: '2026-11-27',
      return_hour: '6pm',
      return_min: '30',
      passengers: '2',
      return_passengers: '3',
    });
    const booked = await cardBooking(t, trip, {
      firstName: 'Rita',
      surname: 'Csvreturn',
      email: 'rita.csv@example.co.uk',
      number: '07700 900789',
      additionalInfo: '',
    });
    const company = (await view(t, booked.number, booked.token)).booking.booking.company_name;
    const session = await signIn(t, dispatcherOf(company));
    const back = `${booked.number}-R`;
    const confirmed = await consoleCall(t, 'POST', `/operator/jobs/${back}/status`, {
      session,
      body: { status: 'confirmed' },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const drivers = driversResponseSchema.parse(
      (await consoleCall(t, 'GET', '/operator/drivers', { session })).json(),
    ).data;
    const driver = drivers.find((d) => d.active && d.licence_state !== 'expired')!;
    const assigned = await consoleCall(t, 'POST', `/operator/jobs/${back}/assign`, {
      session,
      body: { driver_id: driver.id },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);

    const res = await consoleCall(t, 'GET', '/operator/bookings.csv?q=Csvreturn', { session });
    expect(res.statusCode, res.body).toBe(200);
    const records = csvRecords(res.body);
    expect(records.map((r) => [r.Reference, r.Booking, r.Leg])).toEqual([
      [booked.number, booked.number, 'Outward'],
      [back, booked.number, 'Return'],
    ]);
    const [outward, inward] = records as [Record<string, string>, Record<string, string>];
    const price = (booked.totalPence / 100).toFixed(2);
    expect(outward).toMatchObject({
      'Pickup date': '24/11/2026',
      'Pickup time': '10:15',
      Status: 'Pending',
      'Price (£)': price,
      'Paid (£)': price,
      Payment: 'Paid',
      Driver: '',
      'Vehicle registration': '',
      Extras: 'Passengers: 2',
    });
    expect(inward).toMatchObject({
      'Pickup date': '27/11/2026',
      'Pickup time': '18:30',
      Status: 'Driver assigned',
      // The booking's money is stated once, on the outward row.
      'Price (£)': '',
      'Paid (£)': '',
      Payment: '',
      Driver: driver.name,
      'Vehicle registration': driver.vehicle_registration,
      Extras: 'Passengers: 3',
      Phone: '07700 900789',
    });
    // The return leg starts where the outward one ended.
    expect(inward.From).toBe(outward.To);
    expect(inward.To).toBe(outward.From);
    // A spreadsheet's sum of the Price column counts the booking once.
    const sum = records.reduce((total, r) => total + Number(r['Price (£)'] || 0), 0);
    expect(sum.toFixed(2)).toBe(price);
  });
  it('names who took a phone booking, who dispatched its job and the vehicle sent, as a licensed operator keeps them', async () => {
    const manager = DEMO_OPERATORS.find((o) => o.role === 'manager')!;
    const company = manager.company!;
    const managerSession = await signIn(t, manager);
    const vehicle = await addVehicle(
      t,
      managerSession,
      vehicleBody({ registration: 'vs71 csv', make: 'Skoda', model: 'Superb', colour: 'Grey' }),
    );
    const number = await phoneBookingOf(t, managerSession, company, 'Tessa Csvtaken');
    const dispatcher = dispatcherOf(company);
    const session = await signIn(t, dispatcher);
    const driver = (await driversOf(t, session)).find(
      (d) => d.active && d.licence_state !== 'expired',
    )!;
    const assigned = await consoleCall(t, 'POST', `/operator/jobs/${number}/assign`, {
      session,
      body: { driver_id: driver.id, vehicle_id: vehicle.id },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const res = await consoleCall(t, 'GET', '/operator/bookings.csv?q=Csvtaken', { session });
    const [row] = csvRecords(res.body);
    expect(row).toMatchObject({
      Driver: driver.name,
      'Vehicle registration': 'VS71 CSV',
      'Taken by': manager.name,
      'Dispatched by': dispatcher.name,
      'Vehicle sent': 'Skoda Superb, Grey, VS71 CSV',
    });
    // A dispatcher's file has no Company column: the records end it all the same.
    expect(Object.keys(row!).slice(-4)).toEqual([
      'Extras',
      'Taken by',
      'Dispatched by',
      'Vehicle sent',
    ]);
  });
});
