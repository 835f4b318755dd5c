import * as z from 'zod/mini';
import { API_BASE, API_PATHS } from '../../src/contract/paths';
import type { PriceDetail, SelectedVehiclePriceResponse } from '../../src/contract/quotes';
import {
  bookingFormDraftSchema,
  hourlyFormDraftSchema,
  resetBookingDraftsForTests,
  saveBookingDraft,
  type BookingDrafts,
  type BookingFormDraft,
  type HourlyFormDraft,
} from '../../src/web/features/booking/state/booking-drafts';
import { db } from '../../src/web/offline/db';
import {
  answerFetch,
  demoCompanies,
  demoPlaces,
  demoSettings,
  demoVehicles,
  jsonResponse,
} from './helpers';

/** Settings for the results page: demo settings, no maps key, every extra priced. */
export function quotationSettings(overrides: Record<string, string> = {}) {
  return demoSettings({
    GOOGLE_API_KEY: '',
    MEET_AND_GREET: '10',
    BABY_PRICE_PER_SEAT: '5',
    BOOSTER_PRICE_PER_SEAT: '4',
    WHEEL_CHAIR: '8',
    SPECIAL_LUGGAGE_PER_PRICE: '6',
    PRICE_PER_FIVE_WAITING_MIN: '2.5',
    ...overrides,
  });
}

export function priceDetail(overrides: Partial<PriceDetail> = {}): PriceDetail {
  const price = overrides.price ?? 45.5;
  return {
    vehicle_id: 1,
    company_id: 1,
    company_name: 'Heathrow Cars Ltd',
    vehicle_type: 'Saloon',
    vehicle_image: 'fleet/saloon.webp',
    max_seat: 4,
    luggage: 2,
    small_luggage: 1,
    rating: 4.8,
    price,
    final_price: price,
    breakdown: { outward_fare: price, final_price: price },
    ...overrides,
  };
}

/** Three offers from two operators; Capital Chauffeurs' saloon is the cheapest. */
export const severalOperators: PriceDetail[] = [
  priceDetail(),
  priceDetail({
    vehicle_id: 2,
    vehicle_type: 'MPV',
    vehicle_image: 'fleet/mpv.webp',
    max_seat: 6,
    luggage: 4,
    small_luggage: 4,
    rating: 4.2,
    price: 60,
  }),
  priceDetail({
    company_id: 2,
    company_name: 'Capital Chauffeurs',
    rating: 3.96,
    price: 40,
    breakdown: { outward_fare: 38, meet_and_greet: 2, final_price: 40 },
  }),
];

export function mileageForm(overrides: Partial<z.input<typeof bookingFormDraftSchema>> = {}) {
  return z.parse(bookingFormDraftSchema, {
    pickup: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA',
    dropoff: "London King's Cross Station, London N1 9AL",
    pickup_date: '2030-11-21',
    pickup_hour: '3pm',
    pickup_min: '05',
    passengers: '2',
    luggages: '1',
    ...overrides,
  });
}

export function hourlyForm(overrides: Partial<z.input<typeof hourlyFormDraftSchema>> = {}) {
  return z.parse(hourlyFormDraftSchema, {
    pickup: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA',
    pickup_date: '2030-11-21',
    pickup_hour: '9am',
    pickup_min: '30',
    pickup_duration: '6hour',
    ...overrides,
  });
}

/** Forgets the drafts in memory and on disk, as a new visitor would have them. */
export async function clearDrafts() {
  resetBookingDraftsForTests();
  await db.drafts.clear();
}

type Seed = {
  bookingType?: 'milleage' | 'hourly';
  form?: BookingFormDraft;
  hourly?: HourlyFormDraft;
  prices?: PriceDetail[];
  distance?: NonNullable<BookingDrafts['PriceDetails']>['distance'];
  selected?: BookingDrafts['selectedVehicleData'];
};

/** Saves a quote in progress as the home form would have left it. */
export async function seedQuote({
  bookingType = 'milleage',
  form = mileageForm(),
  hourly,
  prices = [priceDetail()],
  distance = { via_miles: 10, duration: 65 },
  selected,
}: Seed = {}) {
  await saveBookingDraft('BookingType', bookingType);
  if (bookingType === 'milleage') await saveBookingDraft('BookingForm', form);
  else await saveBookingDraft('HourlyRateForm', hourly ?? hourlyForm());
  await saveBookingDraft('PriceDetails', {
    bookingType,
    price_details: prices,
    ...(bookingType === 'milleage' ? { distance } : {}),
    pricedAt: Date.now(),
  });
  if (selected) await saveBookingDraft('selectedVehicleData', selected);
}

/** The server's answer to /calculate-selected-vehicle-price for a detail and count. */
export function selectedAnswer(
  detail: PriceDetail,
  count: number,
  overrides: Partial<SelectedVehiclePriceResponse> = {},
): SelectedVehiclePriceResponse {
  const final = Math.round(detail.price * count * 100) / 100;
  return {
    success: true,
    quote_id: 'q_123',
    expires_at: '2030-11-20T12:00:00.000Z',
    vehicle_count: count,
    price: detail.price,
    final_price: final,
    breakdown: { ...detail.breakdown, final_price: final },
    price_detail: detail,
    ...overrides,
  };
}

type Reply = { status?: number; body: unknown };
export type Posted = { path: string; body: Record<string, unknown> };

/**
 * Answers the catalogue calls with `settings` and the price calls with the given handlers;
 * records every POST body in `posted`.
 */
export function answerQuotationCalls({
  settings = quotationSettings(),
  selectedPrice,
  distancePrice,
}: {
  settings?: Record<string, string>;
  selectedPrice?: (body: Record<string, unknown>) => Reply;
  distancePrice?: (body: Record<string, unknown>) => Reply;
} = {}) {
  const posted: Posted[] = [];
  const catalogue: Record<string, unknown> = {
    [API_PATHS.settingsFlat]: Object.entries(settings).map(([setting_name, setting_value]) => ({
      setting_name,
      setting_value,
    })),
    [API_PATHS.fetchVehicles]: demoVehicles,
    [API_PATHS.fetchCompanies]: demoCompanies,
    [API_PATHS.aiAddresses]: demoPlaces,
  };
  const spy = answerFetch(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(API_BASE, '');
    if (init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      posted.push({ path, body });
      const handler =
        path === API_PATHS.calculateSelectedVehiclePrice
          ? selectedPrice
          : path === API_PATHS.calculateDistancePrice || path === API_PATHS.calculateHourlyPrice
            ? distancePrice
            : undefined;
      if (!handler) return jsonResponse({ success: false, message: 'Not found' }, 404);
      const reply = handler(body);
      return jsonResponse(reply.body, reply.status ?? 200);
    }
    const data = catalogue[path];
    if (data === undefined) return jsonResponse({ success: false, message: 'Not found' }, 404);
    return jsonResponse({ success: true, data });
  });
  return { spy, posted };
}
