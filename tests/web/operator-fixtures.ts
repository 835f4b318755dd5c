import type { PaymentEntry } from '../../src/contract/booking-payments';
import type { BoardJob, Operator, OperatorBooking, OperatorJob } from '../../src/contract/operator';
import type { Driver } from '../../src/contract/operator-drivers';
import { API_PATHS } from '../../src/contract/paths';
import type { VehicleDocuments, VehicleSummary } from '../../src/contract/vehicle-documents';
import type { Vehicle } from '../../src/contract/operator-vehicles';
import type { BookingStatus } from '../../src/domain/booking-lifecycle';
import { nextStatuses } from '../../src/domain/booking-lifecycle';
import {
  answerFetch,
  seenRequest,
  type SeenRequest,
  demoCompanies,
  demoVehicles,
  jsonResponse,
} from './helpers';
import { legExtras } from '../support/leg-extras';

export const dispatcher: Operator = {
  id: 7,
  name: 'Priya Shah',
  email: 'priya@heathrowcars.example',
  role: 'dispatcher',
  company_id: 1,
  company_name: 'Heathrow Cars Ltd',
};

export const manager: Operator = {
  id: 9,
  name: 'Sam Patel',
  email: 'sam@heathrowcars.example',
  role: 'manager',
  company_id: 1,
  company_name: 'Heathrow Cars Ltd',
};

export const admin: Operator = {
  id: 1,
  name: 'Sam Admin',
  email: 'admin@ridebook.example',
  role: 'admin',
  company_id: null,
  company_name: null,
};

/** A board row: a Heathrow run on Tue 1 Dec 2026 at 14:30 UK time. */
export function boardRow(overrides: Partial<BoardJob> = {}): BoardJob {
  const bookingNumber = overrides.booking_number ?? '123456';
  const leg = overrides.leg ?? 'outward';
  return {
    booking_number: bookingNumber,
    job_ref: leg === 'return' ? `${bookingNumber}-R` : bookingNumber,
    leg,
    driver_name: null,
    offer: null,
    pickup_at: '2026-12-01T14:30:00.000Z',
    pick_up_date: '2026-12-01',
    pick_up_time: '14:30',
    passenger_name: 'Eleanor Hart',
    passenger_email: 'eleanor.hart@example.co.uk',
    passenger_phone: '+44 7700 900456',
    pick_up_address: 'Reading Station, RG1 1LZ',
    drop_off_address: 'Heathrow Airport Terminal 5, TW6 2GA',
    vehicle_type: 'Saloon',
    vehicle_count: 1,
    status: 'driver_assigned',
    total_booking_amount: 1234.5,
    currency: 'GBP',
    company_id: 1,
    company_name: 'Heathrow Cars Ltd',
    created_at: '2026-11-20T09:00:00.000Z',
    flight: null,
    ...overrides,
  };
}

export function driver(overrides: Partial<Driver> = {}): Driver {
  return {
    id: 31,
    company_id: 1,
    company_name: 'Heathrow Cars Ltd',
    name: 'Tom Reed',
    mobile: '+44 7700 900111',
    licence_number: 'PH-100200',
    licence_expiry: '2027-06-30',
    licence_state: 'valid',
    vehicle_registration: 'AB12 CDE',
    category_id: 1,
    category_name: 'Saloon',
    active: true,
    email: null,
    vehicle_id: 41,
    vehicle: vehicleSummary(),
    ...overrides,
  };
}

/** A vehicle's documents, each in date unless overridden. */
export function documents(overrides: Partial<VehicleDocuments> = {}): VehicleDocuments {
  const valid = (expiry: string) => ({ expiry, state: 'valid' as const, days_left: 200 });
  return {
    phv_licence: valid('2027-06-30'),
    mot: valid('2027-05-31'),
    insurance: valid('2027-04-30'),
    ...overrides,
  };
}

/** A vehicle as the Vehicles page lists it: Tom Reed's usual car, every document in date. */
export function vehicleRecord(overrides: Partial<Vehicle> = {}): Vehicle {
  const summary = vehicleSummary();
  return {
    ...summary,
    company_id: 1,
    company_name: 'Heathrow Cars Ltd',
    seats: 4,
    category_id: 1,
    category_name: 'Saloon',
    phv_licence_number: 'PHV-41',
    phv_licence_expiry: summary.documents.phv_licence.expiry,
    mot_expiry: summary.documents.mot.expiry,
    insurance_expiry: summary.documents.insurance.expiry,
    ...overrides,
  };
}

/** Tom Reed's usual car, AB12 CDE. */
export function vehicleSummary(overrides: Partial<VehicleSummary> = {}): VehicleSummary {
  return {
    id: 41,
    registration: 'AB12 CDE',
    make: 'Toyota',
    model: 'Prius',
    colour: 'Silver',
    active: true,
    documents: documents(),
    ...overrides,
  };
}

/** One leg of the fixture's booking (Reading → Heathrow T5 on 1 Dec, back on 8 Dec). */
export function jobLeg(leg: 'outward' | 'return', status: BookingStatus): OperatorJob {
  const outward = leg === 'outward';
  return {
    job_ref: outward ? '123456' : '123456-R',
    leg,
    status,
    pick_up_date: outward ? '2026-12-01' : '2026-12-08',
    pick_up_time: outward ? '14:30' : '19:05',
    pick_up_address: outward ? 'Reading Station, RG1 1LZ' : 'Heathrow Airport Terminal 5, TW6 2GA',
    drop_off_address: outward ? 'Heathrow Airport Terminal 5, TW6 2GA' : 'Reading Station, RG1 1LZ',
    driver: null,
    vehicle_registration: null,
    vehicle: null,
    dispatched_by: null,
    offer: null,
    next_statuses: [...nextStatuses(status)],
  };
}

export function operatorBooking(
  status: BookingStatus = 'confirmed',
  overrides: Partial<OperatorBooking> = {},
): OperatorBooking {
  return {
    booking_number: '123456',
    status,
    booking: {
      booking: {
        booking_number: '123456',
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
        payment_method: 'car',
        payment_status: 'pay_in_car',
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
        passenger_email: 'eleanor.hart@example.co.uk',
        passenger_contact_no: '+44 7700 900456',
        passenger_name: 'Eleanor Hart',
        additional_info: 'Two cases',
        return_additional_info: '',
        total_passengers: 2,
      },
      legExtras: legExtras(
        {
          passengers: 2,
          luggages: 2,
          hand_luggages: 1,
          meet_and_greet: 'yes',
          booster_seat: 1,
          waiting_minutes: 15,
        },
        // The way back has its own: no meet and greet, three cases and a wheelchair.
        { passengers: 2, luggages: 3, wheel_chair: 'yes' },
      ),
    },
    company_id: 1,
    taken_by: null,
    category_id: 1,
    details: {
      luggages: 2,
      hand_luggages: 1,
      meet_and_greet: 'yes',
      baby_seat: 0,
      booster_seat: 1,
      wheel_chair: 'no',
      special_luggages: 0,
      waiting_minutes: 15,
    },
    payment_method: 'car',
    payment_status: 'pay_in_car',
    driver: null,
    vehicle_registration: null,
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
        actor_name: 'Priya Shah',
        from_status: 'pending',
        to_status: 'confirmed',
        note: 'Phoned to check',
      },
    ],
    payments: [],
    paid_amount: 0,
    payment_state: 'pay_in_car',
    next_statuses: [...nextStatuses(status)],
    // One job: the page's own controls move it (jobLegs gives a return's two legs).
    jobs: [jobLeg('outward', status)],
    texts: { wanted: true, number: '+447700900456', problem: null, messages: [] },
    flights: [],
    ...overrides,
  };
}

/** A line of a booking's ledger: by default the £176.00 card charge made with the booking. */
export function paymentEntry(overrides: Partial<PaymentEntry> = {}): PaymentEntry {
  return {
    id: 1,
    kind: 'charge',
    reason: 'booking',
    amount: 176,
    status: 'succeeded',
    created_at: '2026-11-20T09:00:00.000Z',
    last_error: null,
    ...overrides,
  };
}

/**
 * A confirmed booking paid £176.00 by card, whose £20.00 refund after a change failed at the
 * card provider (and is being retried): £176.00 paid net.
 */
export function cardPaidBooking(
  status: BookingStatus = 'confirmed',
  overrides: Partial<OperatorBooking> = {},
): OperatorBooking {
  const booking = operatorBooking(status, overrides);
  booking.booking.booking.payment_method = 'card';
  booking.booking.booking.payment_status = 'paid';
  return {
    ...booking,
    payment_method: 'card',
    payment_status: 'paid',
    payments: [
      paymentEntry(),
      paymentEntry({
        id: 2,
        kind: 'refund',
        reason: 'amendment',
        amount: 20,
        status: 'failed',
        created_at: '2026-11-22T15:45:00.000Z',
        last_error: 'Your card was declined.',
      }),
    ],
    paid_amount: 176,
    payment_state: 'partly_refunded',
    ...overrides,
  };
}

/** One request the fake server saw. */
export type { SeenRequest };

type Reply = { status?: number; body: unknown };

/** What each call answers; a function gets the request (and may change the fake's state). */
export type OperatorServer = {
  me?: Operator | null;
  login?: (request: SeenRequest) => Reply;
  board?: (request: SeenRequest) => Reply;
  booking?: (request: SeenRequest) => Reply;
  status?: (request: SeenRequest) => Reply;
  assign?: (request: SeenRequest) => Reply;
  /** POST /operator/bookings/{n}/refunds/{id}/retry */
  retryRefund?: (request: SeenRequest) => Reply;
  drivers?: Driver[];
  saveDriver?: (request: SeenRequest) => Reply;
  /** GET /operator/vehicles (issue 34). */
  vehicles?: Vehicle[];
  saveVehicle?: (request: SeenRequest) => Reply;
  /** POST /operator/jobs/{ref}/offer */
  offer?: (request: SeenRequest) => Reply;
  /** POST /operator/drivers/{id}/invitation */
  invite?: (request: SeenRequest) => Reply;
  other?: (request: SeenRequest) => Reply | undefined;
  createBooking?: (request: SeenRequest) => Reply;
  /** GET /operator/bookings.csv's text. */
  csv?: string;
};

export function boardReply(rows: BoardJob[], total = rows.length, page = 1): Reply {
  return { body: { success: true, data: rows, total, page, per_page: 25 } };
}

const NOT_SIGNED_IN: Reply = {
  status: 401,
  body: { success: false, message: 'Sign in to the console' },
};

/**
 * A fake of the console's API in this process. `me` null means signed out: every console call
 * answers 401, and a good login (any password but 'wrong') signs in. Returns the requests seen.
 */
export function answerOperatorCalls(server: OperatorServer = {}) {
  const requests: SeenRequest[] = [];
  let me = server.me === undefined ? dispatcher : server.me;
  const spy = answerFetch(async (input, init) => {
    const request = seenRequest(input, init);
    const { path } = request;
    requests.push(request);
    if (path === API_PATHS.operatorBookingsCsv && me) {
      return new Response(server.csv ?? 'reference\n', { headers: { 'Content-Type': 'text/csv' } });
    }
    const reply = route(request);
    return jsonResponse(reply.body, reply.status ?? 200);
  });

  function route(request: SeenRequest): Reply {
    const { path, method } = request;
    if (path === API_PATHS.fetchCompanies) return { body: { success: true, data: demoCompanies } };
    if (path === API_PATHS.fetchVehicles) return { body: { success: true, data: demoVehicles } };
    if (path === API_PATHS.operatorLogin) {
      const reply = server.login?.(request);
      if (reply) {
        if ((reply.status ?? 200) === 200) me = (reply.body as { operator: Operator }).operator;
        return reply;
      }
      const { password } = request.body as { password: string };
      if (password === 'wrong') {
        return { status: 401, body: { success: false, message: 'Wrong email or password' } };
      }
      me = server.me ?? dispatcher;
      return { body: { success: true, operator: me } };
    }
    if (path === API_PATHS.operatorLogout) {
      me = null;
      return { body: { success: true } };
    }
    if (!path.startsWith('/operator/')) {
      return (
        server.other?.(request) ?? { status: 404, body: { success: false, message: 'Not found' } }
      );
    }
    if (!me) return NOT_SIGNED_IN;
    if (path === API_PATHS.operatorMe) return { body: { success: true, operator: me } };
    if (path === API_PATHS.operatorJobs && method === 'GET') {
      return server.board?.(request) ?? boardReply([boardRow()]);
    }
    if (path === API_PATHS.operatorBookings && method === 'POST') {
      return (
        server.createBooking?.(request) ?? { status: 500, body: { success: false, message: 'x' } }
      );
    }
    if (path === API_PATHS.operatorDrivers && method === 'GET') {
      return { body: { success: true, data: server.drivers ?? [driver()] } };
    }
    if (path === API_PATHS.operatorVehicles && method === 'GET') {
      return { body: { success: true, data: server.vehicles ?? [vehicleRecord()] } };
    }
    if (path.startsWith('/operator/vehicles')) {
      return (
        server.saveVehicle?.(request) ?? { status: 500, body: { success: false, message: 'x' } }
      );
    }
    if (path.endsWith('/invitation')) {
      return server.invite?.(request) ?? { status: 500, body: { success: false, message: 'x' } };
    }
    if (path.endsWith('/offer')) {
      return server.offer?.(request) ?? { status: 500, body: { success: false, message: 'x' } };
    }
    if (path.startsWith('/operator/drivers')) {
      return (
        server.saveDriver?.(request) ?? { status: 500, body: { success: false, message: 'x' } }
      );
    }
    if (path.endsWith('/status')) {
      return server.status?.(request) ?? { status: 500, body: { success: false, message: 'x' } };
    }
    if (path.endsWith('/assign')) {
      return server.assign?.(request) ?? { status: 500, body: { success: false, message: 'x' } };
    }
    if (path.endsWith('/retry')) {
      return (
        server.retryRefund?.(request) ?? { status: 500, body: { success: false, message: 'x' } }
      );
    }
    if (path.startsWith('/operator/bookings/')) {
      return server.booking?.(request) ?? { body: { success: true, data: operatorBooking() } };
    }
    // A booking's page asks for the request it was made from (Book this): none, by default.
    const noRequests = { success: true, data: [], total: 0, page: 1, per_page: 25 };
    if (path === API_PATHS.operatorRequests && !server.other) return { body: noRequests };
    return (
      server.other?.(request) ?? { status: 404, body: { success: false, message: 'Not found' } }
    );
  }

  return {
    spy,
    requests,
    /** Ends the session on the server (it expired, or another tab signed out). */
    endSession: () => {
      me = null;
    },
    /** The requests to `path` (and method, when given). */
    to: (path: string, method?: string) =>
      requests.filter((r) => r.path === path && (!method || r.method === method)),
  };
}
