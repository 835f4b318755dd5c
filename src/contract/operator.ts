import * as z from 'zod/mini';
import { STATUS_ACTORS } from '../domain/booking-lifecycle';
import { OPERATOR_ROLES } from '../domain/operator-roles';
import { JOB_LEGS } from '../domain/booking-jobs';
import { PAYMENT_STATES } from '../domain/payment-state';
import { TEXT_MESSAGE_STATUSES } from '../domain/text-message-status';
import { optionalFlightBriefSchema, trackedFlightsSchema } from './flights';
import { passengerLoginRequestSchema } from './corporate';
import { paymentEntrySchema } from './booking-payments';
import { wholeNumberText } from './path-params';
import {
  bookingDataSchema,
  bookingDetailsSchema,
  bookingStatusSchema,
  paymentStatusSchema,
  storedPaymentMethodSchema,
} from './bookings';
import { jobOfferSchema, vehicleSummarySchema } from './vehicle-documents';
import { idField, isoDate, registrationText } from './field-rules';
import { driverSchema } from './operator-drivers';

/**
 * The operator console's calls (issue 21; API.md, Operator console), under
 * /api/v1/operator/. They carry the site's API keys like every /api/v1 call, and a session
 * cookie set by POST login; every state-changing call must come from the site's own origin.
 */

/** A signed-in operator: the platform's admin (company_id null), or one company's manager or dispatcher. */
export const operatorSchema = z.object({
  id: z.int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(OPERATOR_ROLES),
  company_id: z.nullable(z.int()),
  company_name: z.nullable(z.string()),
});
export type Operator = z.infer<typeof operatorSchema>;

/** POST /operator/login: the same pair, and the same rules, as a passenger's sign-in (a password is never trimmed). */
export const operatorLoginRequestSchema = passengerLoginRequestSchema;
export type OperatorLoginRequest = z.infer<typeof operatorLoginRequestSchema>;

/** POST /operator/login and GET /operator/me */
export const operatorResponseSchema = z.object({
  success: z.literal(true),
  operator: operatorSchema,
});
export type OperatorResponse = z.infer<typeof operatorResponseSchema>;

/** The board's quick views. */
export const BOARD_VIEWS = ['all', 'today', 'upcoming', 'needs_action'] as const;
export type BoardView = (typeof BOARD_VIEWS)[number];

/** Rows per page of GET /operator/bookings. */
export const BOARD_PAGE_SIZE = 25;

const positiveInt = (field: string) => wholeNumberText(`${field} must be a positive whole number`);

/** GET /operator/bookings and bookings.csv query; every part optional. */
export const boardQuerySchema = z.object({
  status: z.optional(z.enum(bookingStatusSchema.options, { error: 'status is not a status' })),
  view: z.optional(
    z.enum(BOARD_VIEWS, { error: 'view must be all, today, upcoming or needs_action' }),
  ),
  /** Pickup date range, UK dates, inclusive. */
  from: z.optional(isoDate('from')),
  to: z.optional(isoDate('to')),
  q: z.optional(z.string().check(z.trim(), z.maxLength(100, 'q is too long'))),
  company_id: z.optional(positiveInt('company_id')),
  page: z.optional(positiveInt('page')),
});
export type BoardQuery = z.infer<typeof boardQuerySchema>;

/** One row of the board. */
export const boardBookingSchema = z.object({
  booking_number: z.string(),
  /** ISO instant of the pickup. */
  pickup_at: z.string(),
  /** YYYY-MM-DD and HH:MM, Europe/London, as the passenger chose them. */
  pick_up_date: z.string(),
  pick_up_time: z.string(),
  passenger_name: z.string(),
  passenger_email: z.string(),
  passenger_phone: z.string(),
  pick_up_address: z.string(),
  drop_off_address: z.string(),
  vehicle_type: z.string(),
  vehicle_count: z.int(),
  status: bookingStatusSchema,
  /** Pounds, two decimals at most. */
  total_booking_amount: z.number(),
  currency: z.string(),
  company_id: z.int(),
  company_name: z.string(),
  /** ISO time the booking was made: the board marks bookings it had not seen as new. */
  created_at: z.string(),
  /** The job's tracked flight (issue 35): its state in words and the meet time; null: none. */
  flight: optionalFlightBriefSchema,
});
export type BoardBooking = z.infer<typeof boardBookingSchema>;

/** GET /operator/bookings */
export const boardResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(boardBookingSchema),
  total: z.int(),
  page: z.int(),
  per_page: z.int(),
});
export type BoardResponse = z.infer<typeof boardResponseSchema>;

/** One row of the jobs board (issue 32): a leg of a booking, with its own pickup and status. */
export const boardJobSchema = z.extend(boardBookingSchema, {
  /** The booking number for the outward leg, with "-R" for the return. */
  job_ref: z.string(),
  leg: z.enum(JOB_LEGS),
  /** The job's driver, once one is assigned. */
  driver_name: z.nullable(z.string()),
  /** An offer waiting for a driver's answer (issue 34): "Offered to … until 14:32". */
  offer: z.nullable(jobOfferSchema),
});
export type BoardJob = z.infer<typeof boardJobSchema>;

/** GET /operator/jobs */
export const jobsBoardResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(boardJobSchema),
  total: z.int(),
  page: z.int(),
  per_page: z.int(),
});
export type JobsBoardResponse = z.infer<typeof jobsBoardResponseSchema>;

/** One change of a booking's status. */
export const historyEntrySchema = z.object({
  /** ISO instant. */
  at: z.string(),
  /** The leg the change is about (issue 32). */
  leg: z.enum(JOB_LEGS),
  actor: z.enum(STATUS_ACTORS),
  /** The operator's name, "Passenger" or "System". */
  actor_name: z.string(),
  /** Null on the entry recording the booking being made. */
  from_status: z.nullable(bookingStatusSchema),
  to_status: bookingStatusSchema,
  note: z.string(),
  /**
   * A press from the driver's app (issue 34): when the driver pressed it, ISO (`at` is when it
   * reached us, later for a press made without signal); null (or absent) for every other change.
   */
  pressed_at: z.optional(z.nullable(z.string())),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

// The outward leg's extras (booking.legExtras.outward without its passengers).
export { bookingDetailsSchema, type BookingDetails } from './bookings';

/** What every view of a job (a leg of a booking, issue 32) says of it. */
export const jobLegFields = {
  /** The booking number, with "-R" for the return leg. */
  job_ref: z.string(),
  leg: z.enum(JOB_LEGS),
  status: bookingStatusSchema,
  /** YYYY-MM-DD and HH:MM, Europe/London: the leg's own pickup. */
  pick_up_date: z.string(),
  pick_up_time: z.string(),
  pick_up_address: z.string(),
  drop_off_address: z.string(),
};

/** One leg of a booking on its console page. */
export const operatorJobSchema = z.object({
  ...jobLegFields,
  driver: z.nullable(driverSchema),
  vehicle_registration: z.nullable(z.string()),
  /** The vehicle sent (issue 34); null without a driver, or for a job assigned before vehicles were records. */
  vehicle: z.nullable(vehicleSummarySchema),
  /** The console account that assigned or offered the job: a licensed operator's record. */
  dispatched_by: z.nullable(z.string()),
  /** An offer waiting for a driver's answer. */
  offer: z.nullable(jobOfferSchema),
  /** The moves the console may offer for this leg now. */
  next_statuses: z.array(bookingStatusSchema),
});
export type OperatorJob = z.infer<typeof operatorJobSchema>;

/** One text to the passenger (issue 35), without its words: they may hold a manage link. */
export const operatorTextMessageSchema = z.object({
  /** The event it tells of (domain/passenger-messages.ts), and its label. */
  event: z.string(),
  label: z.string(),
  leg: z.enum(JOB_LEGS),
  /** The number it went to, E.164. */
  to: z.string(),
  status: z.enum(TEXT_MESSAGE_STATUSES),
  /** TEXT_MESSAGE_STATUS_LABELS, e.g. Delivered, Not delivered, Not sent. */
  status_label: z.string(),
  /** Why it failed, was not delivered or was not sent; null otherwise. */
  error: z.nullable(z.string()),
  /** ISO instants: queued, handed to the provider, last status. */
  created_at: z.string(),
  sent_at: z.nullable(z.string()),
  status_at: z.nullable(z.string()),
});
export type OperatorTextMessage = z.infer<typeof operatorTextMessageSchema>;

/** The passenger's texts about a booking: their choice, their number or its problem, each text. */
export const operatorBookingTextsSchema = z.object({
  /** false: the passenger turned texts off. */
  wanted: z.boolean(),
  /** E.164; null when none was given or it cannot take texts. */
  number: z.nullable(z.string()),
  /** Why the number cannot take texts; null when it can (or none was given). */
  problem: z.nullable(z.string()),
  /** Oldest first. */
  messages: z.array(operatorTextMessageSchema),
});
export type OperatorBookingTexts = z.infer<typeof operatorBookingTextsSchema>;

/** GET /operator/bookings/{booking_number} */
export const operatorBookingResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    /** The booking's reference and status, also inside `booking.booking`. */
    booking_number: z.string(),
    status: bookingStatusSchema,
    /** The booking as POST /booking answers it, with its status. */
    booking: bookingDataSchema,
    company_id: z.int(),
    /** Who took the booking: the console account's name for a phone booking; null: online. */
    taken_by: z.nullable(z.string()),
    /**
     * The vehicle category booked (its name is `booking.booking.vehicle_type`): the Assign
     * dialog warns when a driver's usual vehicle is of another.
     */
    category_id: z.int(),
    /** The outward leg's extras; every leg's, with its passengers, are booking.legExtras. */
    details: bookingDetailsSchema,
    payment_method: storedPaymentMethodSchema,
    payment_status: paymentStatusSchema,
    driver: z.nullable(driverSchema),
    vehicle_registration: z.nullable(z.string()),
    history: z.array(historyEntrySchema),
    /** Every card charge and refund (issue 22); a failed refund shows its error and is retried. */
    payments: z.array(paymentEntrySchema),
    /** Pounds, net of refunds (a fare paid in the car counts once the journey is completed). */
    paid_amount: z.number(),
    /** How the payment stands: domain/payment-state.ts, labelled by PAYMENT_STATE_LABELS. */
    payment_state: z.enum(PAYMENT_STATES),
    /** The moves the console may offer now (domain/booking-lifecycle.ts). */
    next_statuses: z.array(bookingStatusSchema),
    /** Each leg as a job, outward first; `status` above follows from theirs. */
    jobs: z.array(operatorJobSchema),
    /** The passenger's text messages (issue 35). */
    texts: operatorBookingTextsSchema,
    /** Each tracked flight, outward first (issue 35). */
    flights: trackedFlightsSchema,
  }),
});
export type OperatorBookingResponse = z.infer<typeof operatorBookingResponseSchema>;
export type OperatorBooking = OperatorBookingResponse['data'];

/** POST /operator/bookings/{booking_number}/status */
export const statusChangeRequestSchema = z.object(
  {
    status: z.enum(bookingStatusSchema.options, { error: 'status is not a status' }),
    /** Required for a cancellation: its reason. */
    note: z.optional(z.string().check(z.trim(), z.maxLength(500, 'note is too long'))),
    /**
     * A cancellation only: true (the default) refunds a card booking in full; false keeps the
     * late-cancellation fee when the passenger's policy would charge one.
     */
    waive_fee: z.optional(z.boolean({ error: 'waive_fee must be true or false' })),
  },
  { error: 'The request must be a JSON object' },
);
export type StatusChangeRequest = z.infer<typeof statusChangeRequestSchema>;

/**
 * POST /operator/bookings/{booking_number}/assign and jobs/{job_ref}/assign. The vehicle is
 * `vehicle_id` (one of the company's vehicles), else the one `vehicle_registration` names (as
 * older clients send it), else the driver's usual vehicle (issue 34).
 */
export const assignDriverRequestSchema = z.object(
  {
    driver_id: idField('driver_id must be a driver'),
    vehicle_id: z.optional(idField('vehicle_id must be a vehicle')),
    vehicle_registration: z.optional(registrationText('vehicle_registration')),
  },
  { error: 'The request must be a JSON object' },
);
export type AssignDriverRequest = z.infer<typeof assignDriverRequestSchema>;

/**
 * POST /operator/jobs/{job_ref}/offer (issue 34): the job offered to a driver in a vehicle (the
 * driver's usual one when not given), checked as Assign is; the driver accepts or declines in
 * their app before the offer lapses.
 */
export const offerJobRequestSchema = z.object(
  {
    driver_id: idField('driver_id must be a driver'),
    vehicle_id: z.optional(idField('vehicle_id must be a vehicle')),
  },
  { error: 'The request must be a JSON object' },
);
export type OfferJobRequest = z.infer<typeof offerJobRequestSchema>;
