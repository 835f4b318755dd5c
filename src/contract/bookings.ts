import * as z from 'zod/mini';
import { bookingTypeSchema, countField, LIMITS } from '../domain/booking-form';
import { BOOKING_STATUSES } from '../domain/booking-lifecycle';
import { registrationModeSchema } from '../domain/registration';
import { breakdownWireSchema } from './quotes';

/**
 * POST /booking, the card checkout calls and what they answer (API.md, Shapes; spec section 7).
 * The server never takes a price from these bodies: it reads the stored quote (quote_id) or
 * prices the forms again, and any amount a client sends is only compared with its own.
 */

/** How a booking is paid: in the car, or by card through checkout. */
export const paymentMethodSchema = z.enum(['car', 'card'], {
  error: 'payment_method must be car or card',
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** How a stored booking is paid: also 'account', an operator's phone booking on account. */
export const storedPaymentMethodSchema = z.enum(['car', 'card', 'account']);
/** 'pay_in_car' until the driver is paid, 'paid' by card, or 'on_account'. */
export const paymentStatusSchema = z.enum(['pay_in_car', 'paid', 'on_account']);

/** A booking's place in its lifecycle (domain/booking-lifecycle.ts). */
export const bookingStatusSchema = z.enum(BOOKING_STATUSES);

/**
 * The browser's selectedVehicleData. Only the quote id, the vehicle, the operator and the
 * count are read; prices in it are ignored. The vehicle and operator may sit at the top level
 * or inside `detail` (the price detail the browser keeps).
 */
export const selectedVehicleDataSchema = z.object(
  {
    quote_id: z.optional(z.string().check(z.maxLength(64, 'quote_id is too long'))),
    vehicle_id: z.optional(countField('selectedVehicleData.vehicle_id', 1, 2_147_483_647)),
    company_id: z.optional(countField('selectedVehicleData.company_id', 1, 2_147_483_647)),
    vehicle_count: z.optional(
      countField('selectedVehicleData.vehicle_count', 1, LIMITS.vehicleCountMax),
    ),
    detail: z.optional(
      z.object({
        vehicle_id: z.optional(
          countField('selectedVehicleData.detail.vehicle_id', 1, 2_147_483_647),
        ),
        company_id: z.optional(
          countField('selectedVehicleData.detail.company_id', 1, 2_147_483_647),
        ),
      }),
    ),
  },
  { error: 'selectedVehicleData must be a JSON object' },
);
export type SelectedVehicleData = z.infer<typeof selectedVehicleDataSchema>;

/**
 * The booking inputs shared by POST /booking and POST /create-checkout-session. The forms and
 * registration data are parsed by the service with their domain schemas, so a 400 names
 * fields as `bookingForm.pickup_date` or `registrationData.email`.
 */
const bookingInputFields = {
  selectedVehicleData: selectedVehicleDataSchema,
  /** 1 for the lowest-price choice, otherwise the chosen vehicle count (spec section 7). */
  selectedVehicle: z.optional(countField('selectedVehicle', 1, LIMITS.vehicleCountMax)),
  bookingType: bookingTypeSchema,
  bookingForm: z.optional(z.unknown()),
  hourlyRateForm: z.optional(z.unknown()),
  /** Required by POST /booking paying in car and by checkout; a card booking reads its session. */
  registrationData: z.optional(z.unknown()),
  selected_passenger: z._default(registrationModeSchema, 'guest_login'),
};

/** POST /booking. A card booking names its checkout session; the server checks it was paid. */
export const bookingRequestSchema = z.object(
  {
    ...bookingInputFields,
    payment_method: paymentMethodSchema,
    stripe_session_id: z.optional(
      z.nullable(z.string().check(z.maxLength(255, 'stripe_session_id is too long'))),
    ),
    paymentId: z.optional(z.nullable(z.string().check(z.maxLength(255, 'paymentId is too long')))),
  },
  { error: 'The request must be a JSON object' },
);
export type BookingRequest = z.infer<typeof bookingRequestSchema>;
export type BookingRequestInput = z.input<typeof bookingRequestSchema>;

/**
 * POST /create-checkout-session: the spec's `amount` (final price x 100) and `frontend_url`,
 * plus the booking it pays for, so the server can price it, refuse a wrong amount (409) and
 * keep the pending booking with the session.
 */
export const createCheckoutSessionRequestSchema = z.object(
  {
    ...bookingInputFields,
    amount: countField('amount', 0, 100_000_000),
    frontend_url: z.string({ error: 'frontend_url must be the site origin' }),
  },
  { error: 'The request must be a JSON object' },
);
export type CreateCheckoutSessionRequest = z.infer<typeof createCheckoutSessionRequestSchema>;
export type CreateCheckoutSessionRequestInput = z.input<typeof createCheckoutSessionRequestSchema>;

export const createCheckoutSessionResponseSchema = z.object({
  success: z.literal(true),
  sessionId: z.string(),
  /** Where the browser goes to pay: Stripe Checkout, or the local test checkout page. */
  url: z.string(),
});
export type CreateCheckoutSessionResponse = z.infer<typeof createCheckoutSessionResponseSchema>;

/** GET /secret_key: the publishable key; `provider` says whether Stripe.js is needed. */
export const secretKeyResponseSchema = z.object({
  success: z.literal(true),
  publishable_key: z.string(),
  provider: z.enum(['stripe', 'test']),
});
export type SecretKeyResponse = z.infer<typeof secretKeyResponseSchema>;

/** GET /get-payment-id?session_id= */
export const getPaymentIdResponseSchema = z.object({
  success: z.literal(true),
  paymentId: z.string(),
});
export type GetPaymentIdResponse = z.infer<typeof getPaymentIdResponseSchema>;

/** data.booking (spec section 3, Booking response), with what the result page also shows. */
export const bookingRecordSchema = z.object({
  booking_number: z.string(),
  /** 'Q' for a mileage booking (one way or return), 'H' for hourly. */
  ride_type: z.enum(['Q', 'H']),
  journey_type: z.enum(['one_way', 'return', 'hourly']),
  pick_up_address: z.string(),
  /** Empty for hourly bookings. */
  drop_off_address: z.string(),
  /** YYYY-MM-DD, Europe/London. */
  pick_up_date: z.string(),
  /** HH:MM, 24-hour, Europe/London. */
  pick_up_time: z.string(),
  return_pickup_address: z.nullable(z.string()),
  return_dropoff_address: z.nullable(z.string()),
  return_date: z.nullable(z.string()),
  return_time: z.nullable(z.string()),
  /** Whole hours of an hourly hire, else null. */
  hourly_duration: z.nullable(z.int()),
  payment_method: storedPaymentMethodSchema,
  payment_status: paymentStatusSchema,
  /** Added to the spec's fields: where the booking is in its life (Pending at first). */
  status: bookingStatusSchema,
  /** Pounds, two decimals at most: the server's price for every vehicle. */
  total_booking_amount: z.number(),
  currency: z.string(),
  flight_no: z.string(),
  return_flight_no: z.string(),
  vehicle_type: z.string(),
  company_name: z.string(),
  vehicle_count: z.int(),
  breakdown: breakdownWireSchema,
  /** ISO time the booking was made. */
  created_at: z.string(),
});
export type BookingRecord = z.infer<typeof bookingRecordSchema>;

/** data.bookingStops[] */
export const bookingStopSchema = z.object({
  id: z.int(),
  stop_address: z.string(),
  stop_post_code: z.string(),
  stop_street_number: z.string(),
});
export type BookingStop = z.infer<typeof bookingStopSchema>;

/** data.passengerDetails; passenger_id is the account's id, null for a guest. */
export const passengerDetailsSchema = z.object({
  passenger_id: z.nullable(z.int()),
  passenger_email: z.string(),
  passenger_contact_no: z.string(),
  passenger_name: z.string(),
  additional_info: z.string(),
  return_additional_info: z.string(),
  total_passengers: z.int(),
});
export type PassengerDetails = z.infer<typeof passengerDetailsSchema>;

/** The extras and counts asked for on one leg, from the stored form (domain/leg-extras.ts). */
export const bookingDetailsSchema = z.object({
  luggages: z.int(),
  hand_luggages: z.int(),
  meet_and_greet: z.enum(['yes', 'no']),
  baby_seat: z.int(),
  booster_seat: z.int(),
  wheel_chair: z.enum(['yes', 'no']),
  special_luggages: z.int(),
  waiting_minutes: z.int(),
});
export type BookingDetails = z.infer<typeof bookingDetailsSchema>;

/** One leg's passengers and extras. */
export const legDetailsSchema = z.object({ passengers: z.int(), ...bookingDetailsSchema.shape });
export type LegDetails = z.infer<typeof legDetailsSchema>;

export const bookingDataSchema = z.object({
  booking: bookingRecordSchema,
  bookingStops: z.array(bookingStopSchema),
  passengerDetails: passengerDetailsSchema,
  /**
   * Added to the spec's fields (issue 30): each leg's own passengers and extras; `return` is
   * null unless the trip is a return (one whose stored form has no return extras reads none).
   */
  legExtras: z.object({ outward: legDetailsSchema, return: z.nullable(legDetailsSchema) }),
  /**
   * Added to the spec's answer: a manage token (API.md, Manage booking) freshly minted for the
   * booker, so the thank-you page can open /manage-booking/{n}. Only in POST /booking's full
   * answers (first and replays with the same Idempotency-Key), a new one each time.
   */
  manage_token: z.optional(z.string()),
});
export type BookingData = z.infer<typeof bookingDataSchema>;

/** POST /booking answer (also a replay's, and a card session already booked). */
export const bookingResponseSchema = z.object({
  success: z.literal(true),
  data: bookingDataSchema,
});
export type BookingResponse = z.infer<typeof bookingResponseSchema>;

/**
 * POST /booking for a card session whose booking was already answered, without the first
 * request's Idempotency-Key: the booking number only, since a session id is no proof of who
 * paid (API.md).
 */
export const bookingNumberResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ booking: z.object({ booking_number: z.string() }) }),
});
export type BookingNumberResponse = z.infer<typeof bookingNumberResponseSchema>;

/** POST /booking with stripe_session_id: the whole booking the first time, else its number. */
export const cardBookingResponseSchema = z.union([
  bookingResponseSchema,
  bookingNumberResponseSchema,
]);
export type CardBookingResponse = z.infer<typeof cardBookingResponseSchema>;
