import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingResponseSchema, type LegDetails } from '../../src/contract/bookings';
import {
  corporateBookingsResponseSchema,
  passengerLoginResponseSchema,
} from '../../src/contract/corporate';
import { amendResponseSchema } from '../../src/contract/manage-booking';
import { operatorBookingResponseSchema } from '../../src/contract/operator';
import { API_BASE, API_PATHS } from '../../src/contract/paths';
import { ALICE, addPassenger, postAccount } from './accounts-fixtures';
import { bookingBody, offersFor, postApi, startBookingApp } from './booking-fixtures';
import type { TestApp } from './helpers';
import { API_HEADERS, testDatabaseKinds } from './helpers';
import { mailedToken, manageCall, view } from './manage-booking-fixtures';
import { ADMIN, consoleCall, signIn } from './operator-fixtures';
import { mileageForm, type FormBody } from './quote-fixtures';
import { readPdf } from './receipt-fixtures';

/**
 * Issue 30, item 9: each leg of a return trip keeps its own extras, and every place a booking is
 * shown reads them back: the booking's answer, the console, the passenger's page and its change,
 * both mails, the receipt, the CSV and the corporate area.
 */

/** Every extra asked for, as the form sends it (counts as text, like the selects). */
const EVERY_EXTRA = {
  passengers: '3',
  luggages: '2',
  hand_luggages: '2',
  special_luggage: '1',
  baby_seats: '1',
  booster_seats: '1',
  waiting_min: '15',
  meet_and_greet: 'yes',
  wheel_chair: 'yes',
};
/** The same, read back. */
const EVERY_EXTRA_READ: LegDetails = {
  passengers: 3,
  luggages: 2,
  hand_luggages: 2,
  special_luggages: 1,
  baby_seat: 1,
  booster_seat: 1,
  waiting_minutes: 15,
  meet_and_greet: 'yes',
  wheel_chair: 'yes',
};
/** A leg with nothing asked for but its passengers. */
const NONE_READ = (passengers: number): LegDetails => ({
  passengers,
  luggages: 0,
  hand_luggages: 0,
  special_luggages: 0,
  baby_seat: 0,
  booster_seat: 0,
  waiting_minutes: 0,
  meet_and_greet: 'no',
  wheel_chair: 'no',
});

const returnFields = (extras: Record<string, string>) =>
  Object.fromEntries(Object.entries(extras).map(([name, value]) => [`return_${name}`, value]));

/** Heathrow → Gatwick and back: `outward` and `back` are each leg's own extras. */
function returnTrip(outward: FormBody, back: FormBody): FormBody {
  return mileageForm({
    select_option: 'return',
    return_date: '2026-11-27',
    return_hour: '6pm',
    return_min: '30',
    passengers: '1',
    ...outward,
    ...back,
  });
}

/** The rows of one mail section in the text body: 'Label: value' lines under its title. */
function mailSection(text: string, title: string): string[] {
  const lines = text.split('\n');
  const start = lines.indexOf(title);
  if (start < 0) return [];
  const end = lines.findIndex((line, i) => i > start + 1 && line === '');
  return lines.slice(start + 2, end < 0 ? undefined : end);
}

describe.each(testDatabaseKinds())("each leg's own extras on %s", (kind) => {
  let t: TestApp;
  let corporateToken: string;
  let corporateId: number;

  beforeAll(async () => {
    t = await startBookingApp(kind, { MAIL_POLL_INTERVAL_MS: '0', REFUND_RETRY_MS: '0' });
    corporateId = await addPassenger(t, ALICE);
    const login = await postAccount(t, 'checkPassengerLogin', ALICE);
    expect(login.statusCode, login.body).toBe(200);
    corporateToken = passengerLoginResponseSchema.parse(login.json()).access_token;
  });
  afterAll(async () => t?.close());

  /** Books the form as Alice (an existing client, so her corporate area lists it), in the car. */
  async function book(form: FormBody) {
    const [offer] = await offersFor(t, form);
    if (!offer) throw new Error('no offer');
    const res = await postApi(
      t,
      'booking',
      bookingBody({
        form,
        selectedVehicleData: { vehicle_id: offer.vehicle_id, company_id: offer.company_id },
        registrationData: { email: ALICE.email, password: ALICE.password },
        mode: 'existing_client',
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const data = bookingResponseSchema.parse(res.json()).data;
    return { data, number: data.booking.booking_number, offer };
  }

  async function mailText(kind: string, number: string): Promise<string> {
    const mail = await t.db.handle.db
      .selectFrom('outbox')
      .select('text_body')
      .where('kind', '=', kind)
      .where('text_body', 'like', `%${number}%`)
      .executeTakeFirstOrThrow();
    return mail.text_body;
  }

  async function corporateBooking(number: string) {
    const res = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}${API_PATHS.getBooking.replace(':passenger_id', String(corporateId))}`,
      headers: { ...API_HEADERS, authorization: `Bearer ${corporateToken}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return corporateBookingsResponseSchema
      .parse(res.json())
      .data.find((b) => b.booking_number === number)!;
  }

  it.each([
    {
      leg: 'the return leg only (Meet & Greet for the pickup at Gatwick)',
      form: returnTrip({}, returnFields(EVERY_EXTRA)),
      outward: NONE_READ(1),
      back: EVERY_EXTRA_READ,
    },
    {
      leg: 'the outward leg only',
      form: returnTrip({ ...EVERY_EXTRA }, { return_passengers: '2' }),
      outward: EVERY_EXTRA_READ,
      back: NONE_READ(2),
    },
  ])('reads every extra booked on $leg back from every place', async ({ form, outward, back }) => {
    const { data, number } = await book(form);
    const legs = { outward, return: back };
    // The price counts the leg's Meet & Greet, and the booking keeps it on that leg.
    expect(data.booking.breakdown.meet_and_greet ?? 0).toBeGreaterThan(0);
    expect(data.legExtras).toEqual(legs);

    // The console, as the API answers it and in the CSV.
    const session = await signIn(t, ADMIN);
    const detail = await consoleCall(t, 'GET', `/operator/bookings/${number}`, { session });
    expect(detail.statusCode, detail.body).toBe(200);
    const operatorView = operatorBookingResponseSchema.parse(detail.json()).data;
    expect(operatorView.booking.legExtras).toEqual(legs);
    const { passengers: _outwardCount, ...outwardDetails } = outward;
    expect(operatorView.details).toEqual(outwardDetails);
    const csv = await consoleCall(t, 'GET', `/operator/bookings.csv?q=${number}`, { session });
    // A return trip is two jobs, a row each, outward first: each row's Extras are its leg's.
    const [header, row, returnRow] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    const cellsOf = (line: string | undefined) =>
      Object.fromEntries(header!.split(',').map((title, i) => [title, line!.split(',')[i]]));
    const cells = cellsOf(row);
    const returnCells = cellsOf(returnRow);
    expect([cells.Leg, returnCells.Leg]).toEqual(['Outward', 'Return']);
    const asText = (leg: LegDetails) =>
      leg.meet_and_greet === 'yes'
        ? 'Passengers: 3; Luggage: 2; Hand luggage: 2; Special luggage: 1; Baby seats: 1; Booster seats: 1; Meet & Greet: Yes; Wheelchair: Yes; Waiting time: 15 minutes'
        : `Passengers: ${leg.passengers}`;
    expect(cells.Extras).toBe(asText(outward));
    expect(returnCells.Extras).toBe(asText(back));

    // The passenger's page, and the receipt they download from it.
    const token = await mailedToken(t, number);
    expect((await view(t, number, token)).booking.legExtras).toEqual(legs);
    const receipt = await manageCall(t, 'GET', `/${number}/receipt.pdf`, { token });
    const { text } = await readPdf(receipt.rawPayload);
    const full =
      'Passengers 3 Luggage 2 Hand luggage 2 Special luggage 1 Baby seats 1 Booster seats 1 Meet & Greet Yes Wheelchair Yes Waiting time 15 minutes';
    expect(text).toContain(
      outward.meet_and_greet === 'yes'
        ? `Outward extras ${full} Return extras Passengers 2`
        : `Outward extras Passengers 1 Return extras ${full}`,
    );

    // Both mails: each leg's extras under its own journey.
    for (const mail of ['booking-confirmation', 'operator-new-booking']) {
      const body = await mailText(mail, number);
      const withMeet = (rows: string[]) => rows.includes('Meet & Greet: Yes');
      expect(withMeet(mailSection(body, 'Outward journey')), mail).toBe(
        outward.meet_and_greet === 'yes',
      );
      expect(withMeet(mailSection(body, 'Return journey')), mail).toBe(
        back.meet_and_greet === 'yes',
      );
      expect(mailSection(body, 'Return journey')).toContain(`Passengers: ${back.passengers}`);
      const wheelchair = mailSection(body, 'Return journey').includes('Wheelchair: Yes');
      expect(wheelchair, mail).toBe(back.wheel_chair === 'yes');
    }

    // The corporate area's list and its details.
    const listed = await corporateBooking(number);
    expect(listed.booking_details).toMatchObject({
      meet_and_greet: outward.meet_and_greet,
      wheel_chair: outward.wheel_chair,
      luggages: outward.luggages,
      waiting_minutes: outward.waiting_minutes,
    });
    expect(listed.return_booking_details).toEqual({
      total_passengers: back.passengers,
      luggages: back.luggages,
      meet_and_greet: back.meet_and_greet,
      baby_seat: back.baby_seat,
      booster_seat: back.booster_seat,
      wheel_chair: back.wheel_chair,
      special_luggages: back.special_luggages,
      waiting_minutes: back.waiting_minutes,
    });
  });

  it("keeps the return leg's extras when the passenger changes the outward leg's", async () => {
    const { number } = await book(returnTrip({}, returnFields(EVERY_EXTRA)));
    const token = await mailedToken(t, number);
    const before = await view(t, number, token);
    const res = await manageCall(t, 'POST', `/${number}/amend`, {
      token,
      body: { luggages: 1, meet_and_greet: 'yes' },
    });
    expect(res.statusCode, res.body).toBe(200);
    amendResponseSchema.parse(res.json());
    const after = await view(t, number, token);
    expect(after.booking.legExtras.outward).toMatchObject({ luggages: 1, meet_and_greet: 'yes' });
    expect(after.booking.legExtras.return).toEqual(EVERY_EXTRA_READ);
    // Priced with both legs' Meet & Greet.
    expect(after.booking.booking.total_booking_amount).toBeGreaterThan(
      before.booking.booking.total_booking_amount,
    );
  });

  it('reads a one-way trip as one leg, and a return stored without return extras as none', async () => {
    const { data, number } = await book(mileageForm({ ...EVERY_EXTRA }));
    expect(data.legExtras).toEqual({ outward: EVERY_EXTRA_READ, return: null });
    // A return whose stored form predates return extras: its way back reads as none.
    const { number: older } = await book(returnTrip({ ...EVERY_EXTRA }, {}));
    const stored = await t.db.handle.db
      .selectFrom('bookings')
      .select(['id', 'form'])
      .where('booking_number', '=', older)
      .executeTakeFirstOrThrow();
    const form = Object.fromEntries(
      Object.entries(stored.form as Record<string, unknown>).filter(
        ([name]) =>
          !name.startsWith('return_') ||
          ['return_date', 'return_hour', 'return_min', 'return_pickup', 'return_dropoff'].includes(
            name,
          ),
      ),
    );
    await t.db.handle.db
      .updateTable('bookings')
      .set({ form: JSON.stringify(form) })
      .where('id', '=', stored.id)
      .execute();
    const session = await signIn(t, ADMIN);
    const detail = await consoleCall(t, 'GET', `/operator/bookings/${older}`, { session });
    expect(operatorBookingResponseSchema.parse(detail.json()).data.booking.legExtras).toEqual({
      outward: EVERY_EXTRA_READ,
      return: NONE_READ(3),
    });
    expect((await corporateBooking(number)).return_booking_details).toBeNull();
  });
});
