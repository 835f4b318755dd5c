import { within } from '@testing-library/react';
import type { CorporateBooking, CorporatePassenger } from '../../src/contract/corporate';
import { API_BASE, API_PATHS } from '../../src/contract/paths';
import { CORPORATE_MESSAGES } from '../../src/domain/messages';
import {
  cacheBookings,
  clearSession,
  saveSession,
} from '../../src/web/features/corporate/lib/session';
import {
  answerFetch,
  demoCompanies,
  demoPlaces,
  demoSettings,
  demoVehicles,
  jsonResponse,
} from './helpers';

/** The signed-in passenger of these tests and their token. */
export const passenger: CorporatePassenger = {
  passenger_id: 42,
  passenger_name: 'Eleanor Hart',
  passenger_email: 'eleanor.hart@example.co.uk',
  passenger_contact_no: '+44 7700 900456',
};
export const TOKEN = 'token-of-eleanor';

/** A one-way, pay-by-card booking; overrides change any part. */
export function corporateBooking(overrides: Partial<CorporateBooking> = {}): CorporateBooking {
  return {
    booking_number: '710000001',
    pick_up_address: 'Reading Station, RG1 1LZ',
    drop_off_address: 'Heathrow Airport Terminal 5, TW6 2GA',
    pick_up_date: '2026-11-21',
    pick_up_time: '07:15',
    return_date: null,
    return_time: null,
    hourly_duration: null,
    flight_no: '',
    return_flight_no: '',
    payment_method: 'card',
    status: 'confirmed',
    total_booking_amount: 89.5,
    currency: 'GBP',
    ride_type: 'Q',
    created_at: '2026-11-01T10:00:00.000Z',
    fleet_category: { category_name: 'Executive' },
    booking_details: {
      luggages: 0,
      vehicle_qty: 1,
      meet_and_greet: 'no',
      baby_seat: 0,
      booster_seat: 0,
      wheel_chair: 'no',
      special_luggages: 0,
      waiting_minutes: 0,
    },
    passenger_detail: {
      passenger_name: 'Eleanor Hart',
      passenger_email: 'eleanor.hart@example.co.uk',
      passenger_contact_no: '+44 7700 900456',
      total_passengers: 1,
      additional_info: '',
    },
    booking_stops: [],
    ...overrides,
  };
}

/** `count` bookings numbered 800000001 upwards, newest (highest number) first. */
export function manyBookings(count: number): CorporateBooking[] {
  return Array.from({ length: count }, (_, index) => {
    const n = count - index;
    return corporateBooking({
      booking_number: String(800_000_000 + n),
      created_at: new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString(),
    });
  });
}

type Reply = { status?: number; body: unknown } | 'network-error';

export type CorporateAnswers = {
  validate?: Reply;
  bookings?: CorporateBooking[] | Reply;
  login?: Reply;
  logout?: Reply;
  update?: Reply | ((body: Record<string, unknown>) => Reply);
};

export type SeenRequest = {
  method: string;
  path: string;
  authorization: string | null;
  body: unknown;
};

const isReply = (value: unknown): value is Reply =>
  value === 'network-error' || (typeof value === 'object' && value !== null && 'body' in value);

/** 401 as the server answers a missing, revoked or expired token (API.md). */
export const REFUSED: Reply = {
  status: 401,
  body: { success: false, valid: false, message: CORPORATE_MESSAGES.signInRequired },
};

/**
 * Answers the app's calls as the API would: the catalogue (so the layout loads) and the
 * corporate calls, each as configured. Returns the requests seen, for assertions.
 */
export function answerCorporateCalls(answers: CorporateAnswers = {}) {
  const seen: SeenRequest[] = [];
  const settingsBody = {
    success: true,
    data: Object.entries(demoSettings()).map(([setting_name, setting_value]) => ({
      setting_name,
      setting_value,
    })),
  };
  const list = (data: unknown): Reply => ({ body: { success: true, data } });
  const bookingsPath = API_PATHS.getBooking.replace(
    ':passenger_id',
    String(passenger.passenger_id),
  );

  answerFetch(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(API_BASE, '');
    const method = init?.method ?? 'GET';
    const headers = new Headers(init?.headers);
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    seen.push({ method, path, authorization: headers.get('authorization'), body });

    let reply: Reply | undefined;
    if (path === API_PATHS.settingsFlat) reply = { body: settingsBody };
    else if (path === API_PATHS.fetchVehicles) reply = list(demoVehicles);
    else if (path === API_PATHS.fetchCompanies) reply = list(demoCompanies);
    else if (path === API_PATHS.aiAddresses) reply = list(demoPlaces);
    else if (path === API_PATHS.passengerValidateToken) {
      reply = answers.validate ?? { body: { success: true, valid: true } };
    } else if (path === bookingsPath) {
      const bookings = answers.bookings ?? [];
      reply = isReply(bookings) ? bookings : list(bookings);
    } else if (path === API_PATHS.checkPassengerLogin) {
      reply = answers.login ?? {
        body: {
          success: true,
          access_token: TOKEN,
          expires_at: '2030-01-01T00:00:00.000Z',
          passenger,
        },
      };
    } else if (path === API_PATHS.passengerLogout) {
      reply = answers.logout ?? { body: { success: true } };
    } else if (path === API_PATHS.updatePassenger) {
      const update = answers.update;
      reply =
        typeof update === 'function'
          ? update(body as Record<string, unknown>)
          : (update ?? { status: 500, body: { success: false, message: 'Something went wrong' } });
    }
    if (!reply) return jsonResponse({ success: false, message: 'Not found' }, 404);
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    return jsonResponse(reply.body, reply.status ?? 200);
  });

  return {
    seen,
    callsTo: (path: string) => seen.filter((request) => request.path === path),
  };
}

/** A passenger already signed in on this device, optionally with an offline copy. */
export async function signedIn(
  options: { cached?: CorporateBooking[]; fetchedAt?: number } = {},
): Promise<void> {
  await saveSession({ token: TOKEN, passenger });
  if (options.cached) {
    await cacheBookings(passenger.passenger_id, options.cached, undefined, options.fetchedAt);
  }
}

export async function signedOut(): Promise<void> {
  await clearSession();
}

/** The value shown beside `label` in a details list. */
export function valueOf(scope: HTMLElement, label: string): string | null {
  const term = within(scope).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? null;
}
