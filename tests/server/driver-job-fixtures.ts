import { expect } from 'vitest';
import { driverJobResponseSchema, type DriverJob } from '../../src/contract/driver';
import { selectedVehiclePriceResponseSchema } from '../../src/contract/quotes';
import type { BookingStatus } from '../../src/domain/booking-lifecycle';
import { bookingBody, offersFor, postApi } from './booking-fixtures';
import { driverCall } from './driver-fixtures';
import type { TestApp } from './helpers';
import { consoleCall } from './operator-fixtures';
import { mileageForm, postQuote, type FormBody } from './quote-fixtures';

/** The fixed clock's day (FIXED_NOW, 10:00 UTC): a pickup at 15:00 is today's job. */
export const TODAY = '2026-11-21';

/** A pay-in-car booking with `company` for `form`; its number. */
export async function bookWith(
  t: TestApp,
  company: string,
  form: FormBody,
  registrationData: FormBody = {},
): Promise<string> {
  const offers = await offersFor(t, form);
  const offer = offers.find((each) => each.company_name === company);
  if (!offer) throw new Error(`No offer from ${company}`);
  const priced = await postQuote(t, 'calculateSelectedVehiclePrice', {
    bookingType: 'milleage',
    bookingForm: form,
    vehicle_id: offer.vehicle_id,
    company_id: offer.company_id,
    vehicle_count: 1,
  });
  expect(priced.statusCode, priced.body).toBe(200);
  const quote = selectedVehiclePriceResponseSchema.parse(priced.json());
  const res = await postApi(
    t,
    'booking',
    bookingBody({
      form,
      selectedVehicleData: { quote_id: quote.quote_id, detail: offer },
      registrationData: {
        firstName: 'Priya',
        surname: 'Shah',
        email: 'priya.shah@example.co.uk',
        number: '+44 7700 900456',
        additionalInfo: 'Two large cases and a dog',
        ...registrationData,
      },
    }),
  );
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { booking: { booking_number: string } } }).data.booking
    .booking_number;
}

/** A one-way trip today at 15:00 (UK), Heathrow T5 to Gatwick South. */
export function todayForm(overrides: FormBody = {}): FormBody {
  return mileageForm({ pickup_date: TODAY, pickup_hour: '3pm', pickup_min: '00', ...overrides });
}

/** Confirms a job and assigns a driver to it through the console, as a dispatcher does. */
export async function dispatch(
  t: TestApp,
  session: string,
  ref: string,
  driver: { id: number; registration: string },
) {
  const confirmed = await consoleCall(t, 'POST', `/operator/jobs/${ref}/status`, {
    session,
    body: { status: 'confirmed' },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return assign(t, session, ref, driver);
}

/** Assigns (or reassigns) a job to a driver through the console. */
export async function assign(
  t: TestApp,
  session: string,
  ref: string,
  driver: { id: number; registration: string },
) {
  const res = await consoleCall(t, 'POST', `/operator/jobs/${ref}/assign`, {
    session,
    body: { driver_id: driver.id, vehicle_registration: driver.registration },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A driver's press from the app, with the time and place it was made. */
export function pressBody(
  status: BookingStatus,
  at: Date,
  where: { lat?: number; lng?: number; accuracy?: number } = {},
) {
  return { status, at: at.toISOString(), lat: 51.47, lng: -0.4543, accuracy: 12, ...where };
}

export function press(t: TestApp, session: string, ref: string, body: unknown, key?: string) {
  return driverCall(t, 'POST', `/driver/jobs/${ref}/status`, {
    session,
    body,
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });
}

/** A job's page as the driver sees it. */
export async function driverJob(t: TestApp, session: string, ref: string): Promise<DriverJob> {
  const res = await driverCall(t, 'GET', `/driver/jobs/${ref}`, { session });
  expect(res.statusCode, res.body).toBe(200);
  return driverJobResponseSchema.parse(res.json()).data;
}

/** A booking's history rows for one leg, oldest first, with the driver's stamps. */
export function historyOf(t: TestApp, number: string, leg: 'outward' | 'return' = 'outward') {
  return t.db.handle.db
    .selectFrom('booking_status_history')
    .innerJoin('bookings', 'bookings.id', 'booking_status_history.booking_id')
    .select([
      'booking_status_history.actor',
      'booking_status_history.actor_name',
      'booking_status_history.driver_id',
      'booking_status_history.to_status',
      'booking_status_history.at',
      'booking_status_history.pressed_at',
      'booking_status_history.lat',
      'booking_status_history.lng',
      'booking_status_history.accuracy',
    ])
    .where('bookings.booking_number', '=', number)
    .where('booking_status_history.leg', '=', leg)
    .orderBy('booking_status_history.id')
    .execute();
}
