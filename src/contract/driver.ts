import * as z from 'zod/mini';
import { optionalFlightBriefSchema } from './flights';
import { JOB_LEGS } from '../domain/booking-jobs';
import type { BookingStatus } from '../domain/booking-lifecycle';
import { passengerLoginRequestSchema } from './corporate';
import { bookingStatusSchema } from './bookings';
import { DRIVER_MESSAGES } from '../domain/driver-messages';
import { invitationTokenSchema, setPasswordRequestSchema } from './operator-accounts';

/**
 * The driver's app (issue 34; API.md, The driver's app), under /api/v1/driver/, signed in with
 * the `ridebook_driver` session cookie. A driver sees only the jobs offered or assigned to them:
 * any other job is 404.
 */

/** The driver app's session cookie: httpOnly, SameSite=Strict, Secure over https. */
export const DRIVER_SESSION_COOKIE = 'ridebook_driver';

/** POST /driver/login: Email and Password, as every sign-in. */
export const driverLoginRequestSchema = passengerLoginRequestSchema;
export type DriverLoginRequest = z.infer<typeof driverLoginRequestSchema>;

/** The signed-in driver. */
export const driverMeSchema = z.object({
  id: z.int(),
  name: z.string(),
  first_name: z.string(),
  email: z.string(),
  company_id: z.int(),
  company_name: z.string(),
  /** The number to call the office on. */
  company_phone: z.string(),
  on_duty: z.boolean(),
  /** The usual vehicle, e.g. "Mercedes E-Class, silver, LB19 HEX"; null: none recorded. */
  vehicle: z.nullable(z.string()),
  /** VAPID public key for the push subscription; null: push not available. */
  push_public_key: z.nullable(z.string()),
});
export type DriverMe = z.infer<typeof driverMeSchema>;

/** GET /driver/me, POST /driver/login, POST /driver/duty */
export const driverMeResponseSchema = z.object({ success: z.literal(true), data: driverMeSchema });
export type DriverMeResponse = z.infer<typeof driverMeResponseSchema>;

/** An invitation's token, as the link to /driver/set-password carries it. */
const driverInvitationToken = invitationTokenSchema(DRIVER_MESSAGES.invitationUnknown);

/** GET /driver/invitation?token=: whose invitation a link is, before the password is typed. */
export const driverInvitationQuerySchema = z.object(
  { token: driverInvitationToken },
  { error: 'token is required' },
);
export type DriverInvitationQuery = z.infer<typeof driverInvitationQuerySchema>;

export const driverInvitationLookupResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ name: z.string(), email: z.string() }),
});
export type DriverInvitationLookupResponse = z.infer<typeof driverInvitationLookupResponseSchema>;

/** POST /driver/set-password: the invitation's token and the new password (never trimmed). */
export const driverSetPasswordRequestSchema = z.object(
  { token: driverInvitationToken, password: setPasswordRequestSchema.shape.password },
  { error: 'The request must be a JSON object' },
);
export type DriverSetPasswordRequest = z.infer<typeof driverSetPasswordRequestSchema>;

/** POST /driver/set-password: signed in (the session cookie is set), as after login. */
export const driverSetPasswordResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: driverMeSchema,
});
export type DriverSetPasswordResponse = z.infer<typeof driverSetPasswordResponseSchema>;

/** What the driver collects: "Collect £42.00 in the car", "Paid", "On account". */
export const COLLECT_KINDS = ['collect', 'paid', 'account'] as const;

/** A job as the driver's list shows it. */
export const driverJobSummarySchema = z.object({
  /** The booking number, with "-R" for the return leg. */
  job_ref: z.string(),
  leg: z.enum(JOB_LEGS),
  status: bookingStatusSchema,
  /** ISO instant of the pickup, and its UK date and time (YYYY-MM-DD, HH:MM). */
  pickup_at: z.string(),
  pick_up_date: z.string(),
  pick_up_time: z.string(),
  pick_up_address: z.string(),
  drop_off_address: z.string(),
  passengers: z.int(),
  luggage: z.int(),
  /** Flight or train number; empty when none. */
  travel_reference: z.string(),
  /** Category name and registration, e.g. "Executive, LB19 HEX". */
  vehicle: z.string(),
  collect: z.object({ kind: z.enum(COLLECT_KINDS), amount_pence: z.int(), text: z.string() }),
  /** An offer waiting for this driver's answer: until when (ISO); null: assigned to them. */
  offer_expires_at: z.nullable(z.string()),
  /** The passenger's tracked flight and the meet time that follows it (issue 35). */
  flight: optionalFlightBriefSchema,
});
export type DriverJobSummary = z.infer<typeof driverJobSummarySchema>;

/** GET /driver/jobs: Today and Upcoming (UK dates), offers first within each. */
export const driverJobsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    today: z.array(driverJobSummarySchema),
    upcoming: z.array(driverJobSummarySchema),
  }),
});
export type DriverJobsResponse = z.infer<typeof driverJobsResponseSchema>;

/** A point on the job's way, in order: pickup, each stop, drop-off. */
export const driverJobPointSchema = z.object({
  kind: z.enum(['pickup', 'stop', 'dropoff']),
  address: z.string(),
  lat: z.nullable(z.number()),
  lng: z.nullable(z.number()),
});

/** GET /driver/jobs/{job_ref}: everything the driver needs. */
export const driverJobSchema = z.extend(driverJobSummarySchema, {
  points: z.array(driverJobPointSchema),
  /** Extras in words, e.g. "Baby seat", "Meet and greet". */
  extras: z.array(z.string()),
  notes: z.string(),
  passenger_first_name: z.string(),
  /** The passenger's phone, or the office's when the operator does not show it. */
  call_number: z.string(),
  call_label: z.string(),
  /** The steps this driver may press now (On the way, Arrived, ...). */
  next_statuses: z.array(bookingStatusSchema),
  /** No-show can be pressed from this ISO instant (after Arrived and the wait); null: not yet. */
  no_show_from: z.nullable(z.string()),
});
export type DriverJob = z.infer<typeof driverJobSchema>;

export const driverJobResponseSchema = z.object({
  success: z.literal(true),
  data: driverJobSchema,
});
export type DriverJobResponse = z.infer<typeof driverJobResponseSchema>;

/** POST /driver/jobs/{job_ref}/decline */
export const declineOfferRequestSchema = z.object({
  reason: z.string().check(z.trim(), z.minLength(1, 'Give a reason'), z.maxLength(300)),
});
export type DeclineOfferRequest = z.infer<typeof declineOfferRequestSchema>;

/**
 * The statuses a driver presses from the app (On the way, Arrived, Passenger on board,
 * Complete, No-show): the lifecycle's own values, so next_statuses can be sent back as they are.
 */
export const DRIVER_STEPS = [
  'en_route',
  'arrived',
  'on_board',
  'completed',
  'no_show',
] as const satisfies readonly BookingStatus[];
export type DriverStep = (typeof DRIVER_STEPS)[number];

const latitude = z.number().check(z.gte(-90), z.lte(90));
const longitude = z.number().check(z.gte(-180), z.lte(180));
const metres = z.nullable(z.optional(z.number().check(z.gte(0))));

/**
 * POST /driver/jobs/{job_ref}/status, with an Idempotency-Key: a press made offline is sent
 * later with the time (`at`, ISO) and position of the press; the server accepts it up to 2
 * hours old and records both times.
 */
export const driverStatusRequestSchema = z.object({
  status: z.enum(DRIVER_STEPS),
  at: z.iso.datetime({ offset: true }),
  lat: z.nullable(z.optional(latitude)),
  lng: z.nullable(z.optional(longitude)),
  accuracy: metres,
});
export type DriverStatusRequest = z.infer<typeof driverStatusRequestSchema>;

/** POST /driver/location: the phone's position, every 15 s while on duty or on a job. */
export const driverLocationRequestSchema = z.object({
  lat: latitude,
  lng: longitude,
  accuracy: metres,
  heading: z.nullable(z.optional(z.number().check(z.gte(0), z.lte(360)))),
  speed: metres,
  at: z.iso.datetime({ offset: true }),
});
export type DriverLocationRequest = z.infer<typeof driverLocationRequestSchema>;

/** POST /driver/duty */
export const driverDutyRequestSchema = z.object({ on_duty: z.boolean() });
export type DriverDutyRequest = z.infer<typeof driverDutyRequestSchema>;

/**
 * Server-Sent Events (driver, console, passenger): each event says what changed, never the
 * data; the screen fetches the current state. After a reconnect, the screen fetches again.
 */
export const LIVE_EVENTS = ['jobs', 'position', 'offer'] as const;
export const liveEventSchema = z.object({
  type: z.enum(LIVE_EVENTS),
  job_ref: z.optional(z.string()),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;
