import * as z from 'zod/mini';
import { emailSchema } from '../domain/email';
import { bookingStatusSchema, legDetailsSchema, storedPaymentMethodSchema } from './bookings';

/**
 * The corporate area's calls (API.md; spec sections 3 and 7): sign-in, token check, sign-out,
 * the passenger's bookings and profile. Every call but sign-in carries
 * `Authorization: Bearer <access_token>` and reaches only its own passenger (403 otherwise).
 */

/** The spec's corporate passenger (passenger_corporate_details). */
export const corporatePassengerSchema = z.object({
  passenger_id: z.int(),
  passenger_name: z.string(),
  passenger_email: z.string(),
  passenger_contact_no: z.string(),
});
export type CorporatePassenger = z.infer<typeof corporatePassengerSchema>;

/** POST /check-passenger-login */
export const passengerLoginRequestSchema = z.object(
  {
    email: emailSchema('email'),
    password: z
      .string({ error: 'password is required' })
      .check(z.minLength(1, 'password is required'), z.maxLength(128, 'password is too long')),
  },
  { error: 'The request must be a JSON object' },
);
export type PassengerLoginRequest = z.infer<typeof passengerLoginRequestSchema>;

/** 200 on success; a wrong pair is 401 with CORPORATE_MESSAGES.invalidCredentials. */
export const passengerLoginResponseSchema = z.object({
  success: z.literal(true),
  /** 32 random bytes, base64url; valid 30 days. */
  access_token: z.string(),
  /** ISO time the token stops working. */
  expires_at: z.string(),
  passenger: corporatePassengerSchema,
});
export type PassengerLoginResponse = z.infer<typeof passengerLoginResponseSchema>;

/** POST /passenger/validate-token: 200 {valid:true}, or 401 {success:false, valid:false}. */
export const validateTokenResponseSchema = z.object({
  success: z.boolean(),
  valid: z.boolean(),
});
export type ValidateTokenResponse = z.infer<typeof validateTokenResponseSchema>;

/** POST /passenger/logout */
export const logoutResponseSchema = z.object({ success: z.literal(true) });

// A leg's fields as the booking answers them (legDetailsSchema), under the spec's corporate
// names: no hand luggage, and the way back's passengers as total_passengers. Keys keep the
// order the list has always been written in, which is the order the JSON is sent in.
const {
  passengers,
  luggages,
  hand_luggages: _notInCorporateList,
  ...legExtrasFields
} = legDetailsSchema.shape;

/** One booking of GET /get_booking/{passenger_id} (spec section 3, Corporate booking). */
export const corporateBookingSchema = z.object({
  booking_number: z.string(),
  pick_up_address: z.string(),
  drop_off_address: z.string(),
  pick_up_date: z.string(),
  pick_up_time: z.string(),
  return_date: z.nullable(z.string()),
  /** The real return time (the spec notes its screen showed the pickup time by mistake). */
  return_time: z.nullable(z.string()),
  hourly_duration: z.nullable(z.int()),
  flight_no: z.string(),
  return_flight_no: z.string(),
  payment_method: storedPaymentMethodSchema,
  /** Added to the spec's fields: where the booking is in its life. */
  status: bookingStatusSchema,
  /** Pounds: what the passenger pays for every vehicle. */
  total_booking_amount: z.number(),
  currency: z.string(),
  /** 'Q' (shown as Quotation) or 'H' (Hourly Booking). */
  ride_type: z.enum(['Q', 'H']),
  created_at: z.string(),
  fleet_category: z.object({ category_name: z.string() }),
  booking_details: z.object({ luggages, vehicle_qty: z.int(), ...legExtrasFields }),
  /**
   * Added to the spec's fields (issue 30): a return trip's way back has its own passengers and
   * extras; null for a one-way or hourly booking (absent from a copy saved before).
   */
  return_booking_details: z.optional(
    z.nullable(z.object({ total_passengers: passengers, luggages, ...legExtrasFields })),
  ),
  passenger_detail: z.object({
    passenger_name: z.string(),
    passenger_email: z.string(),
    passenger_contact_no: z.string(),
    total_passengers: z.int(),
    additional_info: z.string(),
  }),
  booking_stops: z.array(
    z.object({
      stop_address: z.string(),
      stop_post_code: z.string(),
      stop_street_number: z.string(),
    }),
  ),
});
export type CorporateBooking = z.infer<typeof corporateBookingSchema>;

/** GET /get_booking/{passenger_id}: newest first. */
export const corporateBookingsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(corporateBookingSchema),
});
export type CorporateBookingsResponse = z.infer<typeof corporateBookingsResponseSchema>;

/** PATCH /update-passenger */
export const updatePassengerRequestSchema = z.object(
  {
    passenger_id: z.pipe(
      z.union([z.int(), z.string().check(z.regex(/^\d+$/, 'passenger_id must be a number'))], {
        error: 'passenger_id is required',
      }),
      z.transform((value) => Number(value)),
    ),
    name: z
      .string({ error: 'name is required' })
      .check(z.trim(), z.minLength(1, 'name is required'), z.maxLength(200, 'name is too long')),
    email: emailSchema('email'),
    phone: z._default(
      z
        .string({ error: 'phone must be text' })
        .check(z.trim(), z.maxLength(30, 'phone is too long')),
      '',
    ),
    /**
     * Needed only when `email` changes (case and spaces ignored): a stolen token alone must not
     * move the account to another address. Empty counts as missing.
     */
    current_password: z.optional(
      z
        .string({ error: 'current_password must be text' })
        .check(z.maxLength(128, 'current_password is too long')),
    ),
  },
  { error: 'The request must be a JSON object' },
);
export type UpdatePassengerRequest = z.infer<typeof updatePassengerRequestSchema>;

export const updatePassengerResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  passenger: corporatePassengerSchema,
});
export type UpdatePassengerResponse = z.infer<typeof updatePassengerResponseSchema>;
