import { API_BASE, API_PATHS } from '../../src/contract/paths';
import { DEMO_HEADERS } from './server-process';

/**
 * A journey priced and quoted through the real API, for tests and benches that need a valid
 * POST /booking body without driving the quote screens.
 */

/** POSTs JSON with the demo keys; a non-2xx answer throws with its text. */
export async function postApi(base: string, path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${base}${API_BASE}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...DEMO_HEADERS },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(20_000),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** A one-way form a week ahead at 10:15, outside any grace period whatever today is. */
export function weekAheadForm(pickup: string, dropoff: string, passengers = '1') {
  const date = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  return {
    pickup,
    dropoff,
    pickup_date: date,
    pickup_hour: '10am',
    pickup_min: '15',
    passengers,
    select_option: 'one_way',
  };
}

/**
 * Prices the form, stores a quote for its cheapest offer and returns the start of a booking
 * body for it (selectedVehicleData, bookingType, bookingForm): add the registration and payment.
 */
export async function quotedBooking(base: string, form: ReturnType<typeof weekAheadForm>) {
  return (await pricedBooking(base, form)).body;
}

/** As quotedBooking, with the quote's price in pence: a card checkout's `amount`. */
export async function pricedBooking(base: string, form: ReturnType<typeof weekAheadForm>) {
  const prices = (await postApi(base, API_PATHS.calculateDistancePrice, form)) as {
    price_details: { vehicle_id: number; company_id: number }[];
  };
  const offer = prices.price_details[0];
  if (!offer) throw new Error(`no offers from ${form.pickup} to ${form.dropoff}`);
  const quote = (await postApi(base, API_PATHS.calculateSelectedVehiclePrice, {
    bookingType: 'milleage',
    bookingForm: form,
    vehicle_id: offer.vehicle_id,
    company_id: offer.company_id,
    vehicle_count: 1,
  })) as { quote_id: string; final_price: number };
  const body = {
    selectedVehicleData: { ...offer, quote_id: quote.quote_id, vehicle_count: 1 },
    selectedVehicle: 1,
    bookingType: 'milleage' as const,
    bookingForm: form,
  };
  return { body, pence: Math.round(quote.final_price * 100) };
}
