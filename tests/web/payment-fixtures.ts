import * as z from 'zod/mini';
import {
  bookingRequestSchema,
  bookingResponseSchema,
  createCheckoutSessionRequestSchema,
  createCheckoutSessionResponseSchema,
  getPaymentIdResponseSchema,
  secretKeyResponseSchema,
  type BookingResponse,
} from '../../src/contract/bookings';
import { API_BASE, API_PATHS } from '../../src/contract/paths';
import type { RegistrationMode } from '../../src/domain/registration';
import {
  registrationDataDraftSchema,
  saveBookingDraft,
  type RegistrationDataDraft,
  type SelectedVehicleDraft,
} from '../../src/web/features/booking/state/booking-drafts';
import { answerFetch, demoCompanies, demoPlaces, demoVehicles, jsonResponse } from './helpers';
import {
  hourlyForm,
  mileageForm,
  priceDetail,
  quotationSettings,
  seedQuote,
} from './quotation-fixtures';
import { legExtras } from '../support/leg-extras';

/** A guest's details as the personal details step saves them. */
export function registration(
  overrides: Partial<RegistrationDataDraft> = {},
): RegistrationDataDraft {
  return z.parse(registrationDataDraftSchema, {
    firstName: 'Amelia',
    surname: 'Hughes',
    number: '+44 7700 900123',
    email: 'amelia.hughes@example.co.uk',
    username: '',
    password: '',
    privacyAccepted: false,
    termsAccepted: false,
    passengerDetails: 'no',
    passengerName: '',
    passengerLastname: '',
    passengerEmail: '',
    passengerPhone: '',
    additionalInfo: 'Two suitcases',
    return_additionalInfo: '',
    ...overrides,
  });
}

/** Two saloons chosen from the list, priced by the server at £91.10 in all. */
export function chosenVehicle(overrides: Partial<SelectedVehicleDraft> = {}): SelectedVehicleDraft {
  const detail = priceDetail({ price: 45.55 });
  return {
    detail,
    selection: 'selection',
    vehicle_count: 2,
    quote_id: 'q_pay_1',
    expires_at: '2030-11-20T12:00:00.000Z',
    price: 45.55,
    // 91.1 * 100 is 9109.999… in floating point: the amount must still be 9110 pence.
    final_price: 91.1,
    breakdown: { outward_fare: 91.1, final_price: 91.1 },
    ...overrides,
  };
}

/** Saves a booking ready for the payment step, as the earlier steps leave it. */
export async function seedBookingReadyToPay({
  bookingType = 'milleage',
  mode = 'guest_login',
  data = registration(),
  selected = chosenVehicle(),
}: {
  bookingType?: 'milleage' | 'hourly';
  mode?: RegistrationMode;
  data?: RegistrationDataDraft;
  selected?: SelectedVehicleDraft;
} = {}) {
  await seedQuote({
    bookingType,
    form: mileageForm({
      select_option: 'return',
      return_pickup: "London King's Cross Station, London N1 9AL",
      return_dropoff: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA',
      return_date: '2030-11-24',
      return_hour: '9am',
      return_min: '30',
      stops: [{ street_name: 'Baker Street', number: '221B', postcode: 'NW1 6XE' }],
    }),
    hourly: hourlyForm(),
    selected,
  });
  await saveBookingDraft('registrationMode', mode);
  await saveBookingDraft('registrationData', data);
}

/** The server's POST /booking answer for a return trip with one stop, checked against the contract. */
export function bookingAnswer(
  overrides: {
    booking?: Partial<BookingResponse['data']['booking']>;
    bookingStops?: BookingResponse['data']['bookingStops'];
    passengerDetails?: Partial<BookingResponse['data']['passengerDetails']>;
    /** The manage token the server mints for the booker; null for an answer without one. */
    manageToken?: string | null;
  } = {},
): BookingResponse {
  const token = overrides.manageToken === undefined ? MANAGE_TOKEN : overrides.manageToken;
  return z.parse(bookingResponseSchema, {
    success: true,
    data: {
      booking: {
        booking_number: 'RB7K2M9Q',
        ride_type: 'Q',
        journey_type: 'return',
        pick_up_address: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA',
        drop_off_address: "London King's Cross Station, London N1 9AL",
        pick_up_date: '2030-11-21',
        pick_up_time: '15:05',
        return_pickup_address: "London King's Cross Station, London N1 9AL",
        return_dropoff_address: 'Heathrow Airport Terminal 5, Hounslow TW6 2GA',
        return_date: '2030-11-24',
        return_time: '09:30',
        hourly_duration: null,
        payment_method: 'car',
        payment_status: 'pay_in_car',
        status: 'pending',
        total_booking_amount: 91.5,
        currency: 'GBP',
        flight_no: 'BA283',
        return_flight_no: '',
        vehicle_type: 'Saloon',
        company_name: 'Heathrow Cars Ltd',
        vehicle_count: 2,
        breakdown: { outward_fare: 45.75, return_fare: 45.75, final_price: 91.5 },
        created_at: '2030-11-20T10:00:00.000Z',
        ...overrides.booking,
      },
      bookingStops: overrides.bookingStops ?? [
        {
          id: 1,
          stop_address: 'Baker Street', // as the server stores it: the number apart
          stop_post_code: 'NW1 6XE',
          stop_street_number: '221B',
        },
      ],
      passengerDetails: {
        passenger_id: null,
        passenger_email: 'amelia.hughes@example.co.uk',
        passenger_contact_no: '+44 7700 900123',
        passenger_name: 'Amelia Hughes',
        additional_info: 'Two suitcases',
        return_additional_info: '',
        total_passengers: 2,
        ...overrides.passengerDetails,
      },
      legExtras: legExtras(
        { passengers: 2, luggages: 2, hand_luggages: 1, meet_and_greet: 'yes' },
        { passengers: 2, luggages: 3 },
      ),
      ...(token === null ? {} : { manage_token: token }),
    },
  });
}

/** The manage token in bookingAnswer(): what the thank-you page's button carries. */
export const MANAGE_TOKEN = 'mT0k3n_for-RB7K2M9Q';

export const CHECKOUT_SESSION_ID = 'cs_test_a1B2c3';
export const CHECKOUT_URL = `http://localhost:3000/test-checkout/${CHECKOUT_SESSION_ID}`;

type Reply = { status?: number; body: unknown } | 'network-error';

/** One request the app made to a booking or checkout endpoint. */
export type PaymentCall = {
  method: string;
  path: string;
  query: URLSearchParams;
  body: Record<string, unknown> | undefined;
  idempotencyKey: string | null;
};

/**
 * Answers the catalogue calls and the payment endpoints; every payment call is recorded. The
 * request bodies are checked against the contract's request schemas and the default answers
 * are parsed with its response schemas, so these fakes cannot drift from the wire contract.
 */
export function answerPaymentCalls({
  settings = quotationSettings(),
  booking = () => ({ body: bookingAnswer() }),
  checkout = () => ({
    body: z.parse(createCheckoutSessionResponseSchema, {
      success: true,
      sessionId: CHECKOUT_SESSION_ID,
      url: CHECKOUT_URL,
    }),
  }),
  secretKey = () => ({
    body: z.parse(secretKeyResponseSchema, {
      success: true,
      publishable_key: 'pk_test_local',
      provider: 'test',
    }),
  }),
  paymentId = () => ({
    body: z.parse(getPaymentIdResponseSchema, { success: true, paymentId: 'pi_test_9' }),
  }),
}: {
  settings?: Record<string, string>;
  booking?: (call: PaymentCall, index: number) => Reply | Promise<Reply>;
  checkout?: (call: PaymentCall, index: number) => Reply;
  secretKey?: (call: PaymentCall) => Reply;
  paymentId?: (call: PaymentCall) => Reply;
} = {}) {
  const calls: PaymentCall[] = [];
  const catalogue: Record<string, unknown> = {
    [API_PATHS.settingsFlat]: Object.entries(settings).map(([setting_name, setting_value]) => ({
      setting_name,
      setting_value,
    })),
    [API_PATHS.fetchVehicles]: demoVehicles,
    [API_PATHS.fetchCompanies]: demoCompanies,
    [API_PATHS.aiAddresses]: demoPlaces,
  };
  const violations: string[] = [];
  // A body the contract refuses is answered 400 (as the server would) and noted for the test.
  const contractProblem = (schema: z.core.$ZodType, body: unknown): Reply | undefined => {
    const parsed = z.safeParse(schema, body);
    if (parsed.success) return undefined;
    violations.push(JSON.stringify(parsed.error.issues));
    return { status: 400, body: { success: false, message: 'Contract violation' } };
  };
  const count = (path: string) => calls.filter((call) => call.path === path).length - 1;
  const spy = answerFetch(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname.replace(API_BASE, '');
    const method = init?.method ?? 'GET';
    const body =
      init?.body === undefined
        ? undefined
        : (JSON.parse(String(init.body)) as Record<string, unknown>);
    const call: PaymentCall = {
      method,
      path,
      query: url.searchParams,
      body,
      idempotencyKey: new Headers(init?.headers).get('Idempotency-Key'),
    };
    let reply: Reply | undefined;
    if (path === API_PATHS.booking && method === 'POST') {
      calls.push(call);
      const problem = contractProblem(bookingRequestSchema, body);
      reply = problem ?? (await booking(call, count(path)));
    } else if (path === API_PATHS.createCheckoutSession && method === 'POST') {
      calls.push(call);
      const problem = contractProblem(createCheckoutSessionRequestSchema, body);
      reply = problem ?? checkout(call, count(path));
    } else if (path === API_PATHS.secretKey) {
      calls.push(call);
      reply = secretKey(call);
    } else if (path === API_PATHS.getPaymentId) {
      calls.push(call);
      reply = paymentId(call);
    } else {
      const data = catalogue[path];
      if (data === undefined) return jsonResponse({ success: false, message: 'Not found' }, 404);
      return jsonResponse({ success: true, data });
    }
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    return jsonResponse(reply.body, reply.status ?? 200);
  });
  const callsTo = (path: string) => calls.filter((call) => call.path === path);
  return { spy, calls, callsTo, violations };
}
