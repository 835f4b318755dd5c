import * as z from 'zod/mini';
import { LIMITS } from '../domain/booking-limits';
import { MAX_PENCE } from '../domain/money';
import { emailSchema } from '../domain/email';
import { phoneMessages, phoneSchema } from './phone';
import { PAYMENT_STATES } from '../domain/payment-state';
import { bookingDataSchema, bookingStatusSchema, legDetailsSchema } from './bookings';
import { paymentEntrySchema } from './booking-payments';
import { bookingDetailsSchema, historyEntrySchema, jobLegFields } from './operator';
import { isoDate, text } from './field-rules';
import { trackedFlightsSchema } from './flights';

/**
 * The passenger's own booking page (issue 22; API.md, Manage booking), under
 * /api/v1/manage-booking/. Lookup by reference and email answers a manage token; every later
 * call carries it in X-Manage-Token (or a signed-in corporate passenger's bearer token).
 */

/** PUT /manage-booking/{booking_number}/texts: "Text me about this booking" on or off. */
export const textsChoiceRequestSchema = z.object(
  { wanted: z.boolean({ error: 'wanted must be true or false' }) },
  { error: 'The request must be a JSON object' },
);

/** POST /manage-booking/lookup */
export const lookupRequestSchema = z.object(
  {
    booking_number: text('booking_number', 32),
    email: emailSchema('email'),
  },
  { error: 'The request must be a JSON object' },
);
export type LookupRequest = z.infer<typeof lookupRequestSchema>;

/** What cancelling now would do, as the dialog says it. */
export const cancellationTermsSchema = z.object({
  kind: z.enum(['nothing_to_pay', 'free', 'late']),
  /** Pounds. */
  fee: z.number(),
  refund: z.number(),
  /** "Free cancellation: you will be refunded £X" and the like. */
  message: z.string(),
});
export type CancellationTermsWire = z.infer<typeof cancellationTermsSchema>;

/** The driver as the passenger sees them: first name, the vehicle and its registration. */
const passengerDriverSchema = z.object({
  first_name: z.string(),
  vehicle_type: z.string(),
  vehicle_registration: z.string(),
});

/** One leg of the booking as its passenger sees it (issue 32). */
export const managedJobSchema = z.object({
  ...jobLegFields,
  /** Once this leg's driver is assigned. */
  driver: z.nullable(passengerDriverSchema),
  /** This leg's own passengers and extras (booking.legExtras of the leg; none stored: null). */
  extras: z.nullable(legDetailsSchema),
  /** This leg's steps, oldest first: `history` of the leg. */
  timeline: z.array(historyEntrySchema),
});
export type ManagedJob = z.infer<typeof managedJobSchema>;

/** A booking as its passenger sees it. */
export const managedBookingSchema = z.object({
  booking_number: z.string(),
  status: bookingStatusSchema,
  /** The booking as POST /booking answers it. */
  booking: bookingDataSchema,
  details: bookingDetailsSchema,
  /** Oldest first; an operator's entries are named by the company, not the person. */
  history: z.array(historyEntrySchema),
  /** Once a driver is assigned: their first name only, the vehicle and its registration. */
  driver: z.nullable(passengerDriverSchema),
  /** Each leg as a job, outward first: its status, pickup and driver; history names the leg. */
  jobs: z.array(managedJobSchema),
  payments: z.array(paymentEntrySchema),
  /** Pounds, net of refunds (a fare paid in the car counts once the journey is completed). */
  paid_amount: z.number(),
  /** How the payment stands: domain/payment-state.ts, labelled by PAYMENT_STATE_LABELS. */
  payment_state: z.enum(PAYMENT_STATES),
  /** Null when the booking may be changed now, else why not. */
  change_refusal: z.nullable(z.string()),
  /** ISO instant after which changes are closed (AMEND_CUTOFF_HOURS before pickup). */
  change_until: z.string(),
  /** Null when it cannot be cancelled any more (see cancel_refusal). */
  cancellation: z.nullable(cancellationTermsSchema),
  cancel_refusal: z.nullable(z.string()),
  /**
   * What cancelling the return leg alone would do (cancel with `leg: "return"`): null unless
   * both legs can still be cancelled.
   */
  return_cancellation: z.nullable(cancellationTermsSchema),
  /**
   * ISO instant until which cancelling refunds everything (FREE_CANCELLATION_HOURS before
   * pickup); null when nothing was paid by card or the late fee is already due.
   */
  free_cancellation_until: z.nullable(z.string()),
  /** A receipt can be downloaded (GET receipt.pdf). */
  receipt_available: z.boolean(),
  /**
   * Texts about the booking (issue 35): whether the passenger wants them (PUT …/texts), and
   * why the booking's number cannot take them, when it cannot.
   */
  // A copy kept on a device before texts existed reads as the default (on, no problem).
  texts: z._default(z.object({ wanted: z.boolean(), problem: z.nullable(z.string()) }), {
    wanted: true,
    problem: null,
  }),
  /** Each tracked flight, outward first, and the meet time that follows it (issue 35). */
  flights: trackedFlightsSchema,
  /**
   * Notifications on the passenger's phones (issue 35; POST and DELETE …/push-subscription):
   * the VAPID key a browser subscribes with, whether the booking can still be followed (not
   * once it is over), and the SHA-256 (hex) of each following browser's endpoint, so a page
   * finds its own browser without the answer giving out any phone's address.
   */
  // A copy kept on a device before push existed offers nothing until the page reads it again.
  push: z._default(
    z.object({
      public_key: z.nullable(z.string()),
      available: z.boolean(),
      subscribed: z.array(z.string()),
    }),
    { public_key: null, available: false, subscribed: [] },
  ),
  /** ISO instant the server answered: the page's "Last updated". */
  as_of: z.string(),
});
export type ManagedBooking = z.infer<typeof managedBookingSchema>;

/** POST /manage-booking/lookup */
export const lookupResponseSchema = z.object({
  success: z.literal(true),
  manage_token: z.string(),
  booking: managedBookingSchema,
});
export type LookupResponse = z.infer<typeof lookupResponseSchema>;

/** GET /manage-booking/{booking_number} */
export const managedBookingResponseSchema = z.object({
  success: z.literal(true),
  booking: managedBookingSchema,
});
export type ManagedBookingResponse = z.infer<typeof managedBookingResponseSchema>;

/** An amount in pounds the page echoes back: never more than any booking could cost. */
const poundsAmount = (field: string) =>
  z
    .number({ error: `${field} must be an amount` })
    .check(
      z.minimum(0, `${field} must be an amount`),
      z.maximum(MAX_PENCE / 100, `${field} must be an amount of at most £${MAX_PENCE / 100}`),
    );

const count = (field: string, min: number, max: number) =>
  z
    .int({ error: `${field} must be a whole number` })
    .check(
      z.minimum(min, `${field} must be at least ${min}`),
      z.maximum(max, `${field} must be at most ${max}`),
    );

/**
 * POST /manage-booking/{n}/amend-preview and /amend: only the fields sent change. The contact
 * number, travel reference and additional information are saved as they are; the pickup time,
 * passengers, luggage and extras (outward leg) are priced again by the server.
 */
export const amendRequestSchema = z.object(
  {
    passenger_phone: z.optional(
      phoneSchema({
        ...phoneMessages('passenger_phone'),
        required: 'passenger_phone is required',
      }).check(z.trim(), z.maxLength(30, 'passenger_phone is too long')),
    ),
    flight_no: z.optional(z.string().check(z.trim(), z.maxLength(40, 'flight_no is too long'))),
    additional_info: z.optional(
      z.string().check(z.trim(), z.maxLength(500, 'additional_info is too long')),
    ),
    pick_up_date: z.optional(isoDate('pick_up_date')),
    /** HH:MM, 24-hour, UK time. */
    pick_up_time: z.optional(
      z
        .string()
        .check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'pick_up_time must be a time as HH:MM')),
    ),
    passengers: z.optional(count('passengers', 1, LIMITS.passengersMax)),
    luggages: z.optional(count('luggages', 0, LIMITS.luggageMax)),
    hand_luggages: z.optional(count('hand_luggages', 0, LIMITS.luggageMax)),
    special_luggage: z.optional(count('special_luggage', 0, LIMITS.extrasSeatMax)),
    baby_seats: z.optional(count('baby_seats', 0, LIMITS.extrasSeatMax)),
    booster_seats: z.optional(count('booster_seats', 0, LIMITS.extrasSeatMax)),
    waiting_min: z.optional(count('waiting_min', 0, LIMITS.waitingMinutesMax)),
    meet_and_greet: z.optional(
      z.enum(['yes', 'no'], { error: 'meet_and_greet must be yes or no' }),
    ),
    wheel_chair: z.optional(z.enum(['yes', 'no'], { error: 'wheel_chair must be yes or no' })),
    /**
     * "return": the fields are the return leg's (its date, time, travel reference, additional
     * info, passengers and extras; issue 32); without it, the outward leg's.
     */
    leg: z.optional(z.literal('return', { error: 'leg must be "return" or left out' })),
    /** amend only: the new total the preview showed (pounds); a 409 when the price is not that now. */
    expected_new_total: z.optional(poundsAmount('expected_new_total')),
    /** amend only: the refund the preview showed (pounds); a 409 when it is not that now. */
    expected_refund: z.optional(poundsAmount('expected_refund')),
  },
  { error: 'The request must be a JSON object' },
);
export type AmendRequest = z.infer<typeof amendRequestSchema>;

/** How a change settles its money. */
export const settlementSchema = z.enum(['none', 'refund', 'pay_difference', 'price_change']);

/** POST /manage-booking/{n}/amend-preview */
export const amendPreviewResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    /** Pounds. */
    old_total: z.number(),
    new_total: z.number(),
    /** new_total − old_total: negative is money back. */
    difference: z.number(),
    settlement: settlementSchema,
    /** What will happen, in a sentence. */
    message: z.string(),
    /** The operator must look at it again: the booking goes back to Pending. */
    needs_review: z.boolean(),
    /**
     * Pounds back to the card for this change: the whole difference, or inside the late window
     * only what the policy allows (issue 30). 0 unless `settlement` is `refund`.
     */
    refund: z.number(),
    /** Inside the late window (a card booking): the rule the change is made under, in a sentence. */
    late_rule: z.nullable(z.string()),
  }),
});
export type AmendPreview = z.infer<typeof amendPreviewResponseSchema>['data'];

const refundSchema = z.object({
  /** Pounds; 0 when nothing is refunded. */
  amount: z.number(),
  status: z.enum(['none', 'pending', 'succeeded', 'failed']),
});

/**
 * POST /manage-booking/{n}/amend. For `pay_difference` nothing changes yet: the answer carries
 * a checkout for the difference, and the change is made once it is paid.
 */
export const amendResponseSchema = z.object({
  success: z.literal(true),
  booking: managedBookingSchema,
  settlement: settlementSchema,
  refund: refundSchema,
  checkout: z.nullable(z.object({ url: z.string(), session_id: z.string() })),
});
export type AmendResponse = z.infer<typeof amendResponseSchema>;

/** POST /manage-booking/{n}/amend-payment: back from the difference's checkout. */
export const amendPaymentRequestSchema = z.object(
  { session_id: text('session_id', 255) },
  { error: 'The request must be a JSON object' },
);

/** POST /manage-booking/{n}/cancel */
export const cancelRequestSchema = z.object(
  {
    reason: z.optional(z.string().check(z.trim(), z.maxLength(500, 'reason is too long'))),
    /** The refund the dialog showed (pounds): a 409 with the new terms when it is not so now. */
    expected_refund: z.optional(poundsAmount('expected_refund')),
    /** "return": cancel the return leg alone; without it, the booking. */
    leg: z.optional(z.literal('return', { error: 'leg must be "return" or left out' })),
  },
  { error: 'The request must be a JSON object' },
);
export type CancelRequest = z.infer<typeof cancelRequestSchema>;
/** The cancel call's body, which may be left out: cancel the booking, no reason given. */
export const cancelBodySchema = z.nullish(cancelRequestSchema);

export const cancelResponseSchema = z.object({
  success: z.literal(true),
  booking: managedBookingSchema,
  refund: refundSchema,
});
export type CancelResponse = z.infer<typeof cancelResponseSchema>;
