import type { ManagedBooking } from '../../src/contract/manage-booking';
import { API_BASE, API_PATHS } from '../../src/contract/paths';
import type { BookingStatus } from '../../src/domain/booking-lifecycle';
import { answerFetch, demoCompanies, demoSettings, demoVehicles, jsonResponse } from './helpers';
import { legExtras } from '../support/leg-extras';

export const BOOKING_NUMBER = '123456';
export const MANAGE_TOKEN = 'manage-token-of-eleanor';
export const PASSENGER_EMAIL = 'eleanor.hart@example.co.uk';
export const NOT_FOUND = "We couldn't find a booking with that reference and email.";

/**
 * A return run from Reading to Heathrow on Tue 1 Dec 2026 at 14:30, paid £176 by card, confirmed
 * and with a driver; `overrides` change any part.
 */
export function managedBooking(
  status: BookingStatus = 'driver_assigned',
  overrides: Partial<ManagedBooking> = {},
): ManagedBooking {
  const managed: ManagedBooking = {
    booking_number: BOOKING_NUMBER,
    status,
    booking: {
      booking: {
        booking_number: BOOKING_NUMBER,
        ride_type: 'Q',
        journey_type: 'return',
        pick_up_address: 'Reading Station, RG1 1LZ',
        drop_off_address: 'Heathrow Airport Terminal 5, TW6 2GA',
        pick_up_date: '2026-12-01',
        pick_up_time: '14:30',
        return_pickup_address: 'Heathrow Airport Terminal 5, TW6 2GA',
        return_dropoff_address: 'Reading Station, RG1 1LZ',
        return_date: '2026-12-08',
        return_time: '19:05',
        hourly_duration: null,
        payment_method: 'card',
        payment_status: 'paid',
        status,
        total_booking_amount: 176,
        currency: 'GBP',
        flight_no: 'BA283',
        return_flight_no: 'BA284',
        vehicle_type: 'Saloon',
        company_name: 'Heathrow Cars Ltd',
        vehicle_count: 1,
        breakdown: { outward_fare: 80, return_fare: 80, meet_and_greet: 16, final_price: 176 },
        created_at: '2026-11-20T09:00:00.000Z',
      },
      bookingStops: [
        {
          id: 1,
          stop_address: 'London Road, Slough',
          stop_post_code: 'SL1 1AA',
          stop_street_number: '14',
        },
      ],
      passengerDetails: {
        passenger_id: null,
        passenger_email: PASSENGER_EMAIL,
        passenger_contact_no: '+44 7700 900456',
        passenger_name: 'Eleanor Hart',
        additional_info: 'Two cases',
        return_additional_info: '',
        total_passengers: 2,
      },
      legExtras: legExtras(
        { passengers: 2, luggages: 2, hand_luggages: 1, meet_and_greet: 'yes' },
        // The way back has its own: three travel, with a wheelchair and more luggage.
        {
          passengers: 3,
          luggages: 4,
          hand_luggages: 2,
          baby_seat: 1,
          wheel_chair: 'yes',
          special_luggages: 1,
          waiting_minutes: 30,
        },
      ),
    },
    details: {
      luggages: 2,
      hand_luggages: 1,
      meet_and_greet: 'yes',
      baby_seat: 0,
      booster_seat: 0,
      wheel_chair: 'no',
      special_luggages: 0,
      waiting_minutes: 0,
    },
    history: [
      {
        at: '2026-11-20T09:00:00.000Z',
        leg: 'outward',
        actor: 'passenger',
        actor_name: 'Passenger',
        from_status: null,
        to_status: 'pending',
        note: '',
      },
      {
        at: '2026-11-20T09:05:00.000Z',
        leg: 'outward',
        actor: 'operator',
        actor_name: 'Heathrow Cars Ltd',
        from_status: 'pending',
        to_status: 'confirmed',
        note: '',
      },
      {
        at: '2026-11-26T14:05:00.000Z',
        leg: 'outward',
        actor: 'operator',
        actor_name: 'Heathrow Cars Ltd',
        from_status: 'confirmed',
        to_status: 'driver_assigned',
        note: 'Tom will meet you at arrivals',
      },
    ],
    driver:
      status === 'driver_assigned'
        ? { first_name: 'Tom', vehicle_type: 'Toyota Prius', vehicle_registration: 'AB12 CDE' }
        : null,
    // The return leg waits for its own driver (issue 32).
    jobs: [
      {
        job_ref: BOOKING_NUMBER,
        leg: 'outward',
        status,
        pick_up_date: '2026-12-01',
        pick_up_time: '14:30',
        pick_up_address: 'Reading Station, RG1 1LZ',
        drop_off_address: 'Heathrow Airport Terminal 5, TW6 2GA',
        driver:
          status === 'driver_assigned'
            ? { first_name: 'Tom', vehicle_type: 'Toyota Prius', vehicle_registration: 'AB12 CDE' }
            : null,
        extras: null,
        timeline: [],
      },
      {
        job_ref: `${BOOKING_NUMBER}-R`,
        leg: 'return',
        status: status === 'driver_assigned' ? 'confirmed' : status,
        pick_up_date: '2026-12-08',
        pick_up_time: '19:05',
        pick_up_address: 'Heathrow Airport Terminal 5, TW6 2GA',
        drop_off_address: 'Reading Station, RG1 1LZ',
        driver: null,
        extras: null,
        timeline: [],
      },
    ],
    payments: [
      {
        id: 1,
        kind: 'charge',
        reason: 'booking',
        amount: 176,
        status: 'succeeded',
        created_at: '2026-11-20T09:00:00.000Z',
        last_error: null,
      },
    ],
    paid_amount: 176,
    payment_state: 'paid',
    change_refusal: null,
    change_until: '2026-12-01T12:30:00.000Z',
    cancellation: {
      kind: 'free',
      fee: 0,
      refund: 176,
      message: 'Free cancellation: you will be refunded £176.00',
    },
    cancel_refusal: null,
    return_cancellation: null,
    free_cancellation_until: '2026-11-30T14:30:00.000Z',
    receipt_available: true,
    texts: { wanted: true, problem: null },
    flights: [],
    // No push key: the page offers no notifications (manage-booking-push.test.tsx gives one).
    push: { public_key: null, available: true, subscribed: [] },
    as_of: '2026-11-27T10:00:00.000Z',
    ...overrides,
  };
  // Each leg's extras and steps, as the server reads them from the booking's.
  managed.jobs = managed.jobs.map((job) => ({
    ...job,
    extras: managed.booking.legExtras[job.leg],
    timeline: managed.history.filter((entry) => entry.leg === job.leg),
  }));
  return managed;
}

/** One request the fake server saw. */
export type SeenRequest = { method: string; path: string; body: unknown; headers: Headers };

type Reply = { status?: number; body: unknown } | 'network-error';
type Handler = (request: SeenRequest) => Reply | Promise<Reply>;

/** What each call answers; unset calls answer 500. */
export type ManageServer = {
  settings?: Record<string, string>;
  lookup?: Handler;
  booking?: Handler;
  preview?: Handler;
  amend?: Handler;
  amendPayment?: Handler;
  cancel?: Handler;
  /** PUT …/texts: "Text me about this booking". */
  texts?: Handler;
  /** POST and DELETE …/push-subscription: "Notify me on this phone". */
  push?: Handler;
  /** GET receipt.pdf's bytes. */
  receipt?: string;
  /** Anything else (e.g. the corporate calls). */
  other?: Handler;
};

const path = (template: string) => template.replace(':booking_number', BOOKING_NUMBER);
const SERVER_ERROR: Reply = {
  status: 500,
  body: { success: false, message: 'Something went wrong' },
};

/** A fake of the manage-booking API in this process; returns the requests it saw. */
export function answerManageCalls(server: ManageServer = {}) {
  const requests: SeenRequest[] = [];
  const settings = server.settings ?? demoSettings();
  const routes: Record<string, Handler | undefined> = {
    [`POST ${API_PATHS.manageBookingLookup}`]: server.lookup,
    [`GET ${path(API_PATHS.manageBooking)}`]: server.booking,
    [`POST ${path(API_PATHS.manageBookingAmendPreview)}`]: server.preview,
    [`POST ${path(API_PATHS.manageBookingAmend)}`]: server.amend,
    [`POST ${path(API_PATHS.manageBookingAmendPayment)}`]: server.amendPayment,
    [`POST ${path(API_PATHS.manageBookingCancel)}`]: server.cancel,
    [`PUT ${path(API_PATHS.manageBookingTexts)}`]: server.texts,
    [`POST ${path(API_PATHS.manageBookingPushSubscription)}`]: server.push,
    [`DELETE ${path(API_PATHS.manageBookingPushSubscription)}`]: server.push,
    [`GET ${API_PATHS.settingsFlat}`]: () => ({
      body: {
        success: true,
        data: Object.entries(settings).map(([setting_name, setting_value]) => ({
          setting_name,
          setting_value,
        })),
      },
    }),
    [`GET ${API_PATHS.fetchCompanies}`]: () => ({ body: { success: true, data: demoCompanies } }),
    [`GET ${API_PATHS.fetchVehicles}`]: () => ({ body: { success: true, data: demoVehicles } }),
  };
  const spy = answerFetch(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const text = typeof init?.body === 'string' ? init.body : '';
    const request: SeenRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname.replace(API_BASE, ''),
      body: text ? (JSON.parse(text) as unknown) : undefined,
      headers: new Headers(init?.headers),
    };
    requests.push(request);
    if (request.path === path(API_PATHS.manageBookingReceipt) && server.receipt !== undefined) {
      return new Response(server.receipt, { headers: { 'Content-Type': 'application/pdf' } });
    }
    const handler = routes[`${request.method} ${request.path}`] ?? server.other;
    const reply = handler ? await handler(request) : SERVER_ERROR;
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    return jsonResponse(reply.body, reply.status ?? 200);
  });
  return {
    spy,
    requests,
    /** The requests to `template` (with the booking number filled in) and method. */
    to: (template: string, method = 'POST') =>
      requests.filter((r) => r.path === path(template) && r.method === method),
  };
}

/** A reply held back until the test lets it go. */
export function heldReply() {
  let release: (reply: Reply) => void = () => undefined;
  const promise = new Promise<Reply>((resolve) => {
    release = resolve;
  });
  return { promise, release: (reply: Reply) => release(reply) };
}
