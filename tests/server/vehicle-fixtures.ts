import { expect } from 'vitest';
import { manualBookingResponseSchema } from '../../src/contract/phone-booking';
import { driversResponseSchema } from '../../src/contract/operator-drivers';
import {
  vehicleResponseSchema,
  vehiclesResponseSchema,
} from '../../src/contract/operator-vehicles';
import { offersFor } from './booking-fixtures';
import type { TestApp } from './helpers';
import { consoleCall } from './operator-fixtures';
import { mileageForm } from './quote-fixtures';

/** Expiry dates as seen from the tests' clock (FIXED_NOW, 21 Nov 2026). */
export const IN_DATE = '2027-10-31';
/** Ten days after FIXED_NOW: flagged, still valid. */
export const EXPIRING = '2026-12-01';
/** The day before FIXED_NOW. */
export const EXPIRED = '2026-11-20';

/** A vehicle's body for POST /operator/vehicles, every document in date. */
export function vehicleBody(overrides: Record<string, unknown> = {}) {
  return {
    registration: 'vx26 abc',
    make: 'Toyota',
    model: 'Prius',
    colour: 'Silver',
    seats: 4,
    category_id: 1,
    phv_licence_number: 'phv-1001',
    phv_licence_expiry: IN_DATE,
    mot_expiry: IN_DATE,
    insurance_expiry: IN_DATE,
    ...overrides,
  };
}

/** Adds a vehicle as `session` and answers it (201 expected). */
export async function addVehicle(t: TestApp, session: string, body: Record<string, unknown>) {
  const res = await consoleCall(t, 'POST', '/operator/vehicles', { session, body });
  expect(res.statusCode, res.body).toBe(201);
  return vehicleResponseSchema.parse(res.json()).data;
}

export async function vehiclesOf(t: TestApp, session: string) {
  const res = await consoleCall(t, 'GET', '/operator/vehicles', { session });
  expect(res.statusCode, res.body).toBe(200);
  return vehiclesResponseSchema.parse(res.json()).data;
}

export async function driversOf(t: TestApp, session: string) {
  const res = await consoleCall(t, 'GET', '/operator/drivers', { session });
  expect(res.statusCode, res.body).toBe(200);
  return driversResponseSchema.parse(res.json()).data;
}

/** A phone booking of `company`'s vehicle taken by `session`'s operator: Confirmed. */
export async function phoneBookingOf(
  t: TestApp,
  session: string,
  company: string,
  passenger = 'Pat Phone',
): Promise<string> {
  const form = mileageForm();
  const offer = (await offersFor(t, form)).find((o) => o.company_name === company);
  if (!offer) throw new Error(`No offer from ${company}`);
  const res = await consoleCall(t, 'POST', '/operator/bookings', {
    session,
    body: {
      booking_type: 'milleage',
      form,
      selected_vehicle: { tbms_vid: offer.vehicle_id, company_id: offer.company_id },
      passenger: { name: passenger, email: 'vehicles.test@example.co.uk', phone: '07700 900557' },
      payment_method: 'car',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return manualBookingResponseSchema.parse(res.json()).data.booking_number;
}
