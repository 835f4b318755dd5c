import * as z from 'zod/mini';
import { JOB_LEGS } from '../domain/booking-jobs';
import { STATUS_ACTORS } from '../domain/booking-lifecycle';
import { bookingStatusSchema } from './bookings';

/**
 * The car on its way (issue 34; API.md, The driver's app): the passenger's view of their
 * driver, the console's map and a job's trail, and the answer to a position sent. The events
 * themselves (LIVE_EVENTS, liveEventSchema) are in driver.ts.
 */

/** A position as a phone sent it; `at` is when the phone took it (ISO). */
export const livePositionSchema = z.object({
  lat: z.number(),
  lng: z.number(),
  /** Metres; null: the phone did not say. */
  accuracy: z.nullable(z.number()),
  /** Degrees from north; null: not moving, or not said. */
  heading: z.nullable(z.number()),
  /** Metres a second. */
  speed: z.nullable(z.number()),
  at: z.string(),
});
export type LivePosition = z.infer<typeof livePositionSchema>;

/** POST /driver/location: whether it was kept, and the job it was kept for (its trail). */
export const driverLocationResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    /** False: off duty with no job under way, so nothing was kept. */
    recorded: z.boolean(),
    /** The job under way (On the way to Complete) the position belongs to; null: none. */
    job_ref: z.nullable(z.string()),
  }),
});
export type DriverLocationResponse = z.infer<typeof driverLocationResponseSchema>;

/** GET /manage-booking/{n}/driver?leg=return: the outward job unless `leg` says return. */
export const passengerDriverQuerySchema = z.object({ leg: z.optional(z.enum(JOB_LEGS)) });
export type PassengerDriverQuery = z.infer<typeof passengerDriverQuerySchema>;

/**
 * The passenger's driver: who and in what, once a driver is on the job; where and how far,
 * only while the job is On the way or Arrived (null before and from Passenger on board on).
 */
export const passengerDriverSchema = z.object({
  job_ref: z.string(),
  status: bookingStatusSchema,
  /** The first name only; null until a driver is assigned. */
  driver_first_name: z.nullable(z.string()),
  /** e.g. "Mercedes E-Class, silver", or the category ("Executive") without a vehicle record. */
  vehicle: z.nullable(z.string()),
  registration: z.nullable(z.string()),
  /** The latest position of the car on this job; `at` says how old it is (last seen). */
  position: z.nullable(z.object({ lat: z.number(), lng: z.number(), at: z.string() })),
  /** Minutes from the position to the pickup by the server's distance provider; 0 once Arrived. */
  eta_minutes: z.nullable(z.int()),
});
export type PassengerDriver = z.infer<typeof passengerDriverSchema>;

export const passengerDriverResponseSchema = z.object({
  success: z.literal(true),
  data: passengerDriverSchema,
});
export type PassengerDriverResponse = z.infer<typeof passengerDriverResponseSchema>;

/** GET /manage-booking/{n}/events: the manage token, as EventSource cannot send the header. */
export const liveEventsQuerySchema = z.object({ token: z.optional(z.string()) });

/** A job as the map names it. */
export const liveJobSchema = z.object({ job_ref: z.string(), status: bookingStatusSchema });

/** One driver on the console's map. */
export const driverOnMapSchema = z.object({
  driver_id: z.int(),
  name: z.string(),
  company_id: z.int(),
  company_name: z.string(),
  on_duty: z.boolean(),
  vehicle_registration: z.string(),
  /** The latest position the phone sent; null: none yet. */
  position: z.nullable(livePositionSchema),
  /** The job under way (On the way to Complete); null: none. */
  job: z.nullable(liveJobSchema),
});
export type DriverOnMap = z.infer<typeof driverOnMapSchema>;

/** GET /operator/drivers/positions: on duty or on a job under way, in the caller's scope. */
export const driverPositionsResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(driverOnMapSchema),
});
export type DriverPositionsResponse = z.infer<typeof driverPositionsResponseSchema>;

/** A step of the job as history recorded it; a press from the driver's phone is stamped. */
export const trailPressSchema = z.object({
  /** When the server recorded it (ISO). */
  at: z.string(),
  /** When the driver pressed it on the phone (ISO), which may be earlier if sent offline. */
  pressed_at: z.nullable(z.string()),
  from_status: z.nullable(bookingStatusSchema),
  to_status: bookingStatusSchema,
  actor: z.enum(STATUS_ACTORS),
  actor_name: z.string(),
  /** Where the phone was when pressed; null for the console's presses. */
  lat: z.nullable(z.number()),
  lng: z.nullable(z.number()),
  accuracy: z.nullable(z.number()),
});
export type TrailPress = z.infer<typeof trailPressSchema>;

/** GET /operator/jobs/{job_ref}/trail: the evidence for a no-show or lateness dispute. */
export const jobTrailSchema = z.object({
  job_ref: z.string(),
  leg: z.enum(JOB_LEGS),
  status: bookingStatusSchema,
  pick_up_address: z.string(),
  driver_name: z.nullable(z.string()),
  /** Positions from On the way to Complete, oldest first. */
  positions: z.array(livePositionSchema),
  /** Every status step of the job, oldest first. */
  presses: z.array(trailPressSchema),
});
export type JobTrail = z.infer<typeof jobTrailSchema>;

export const jobTrailResponseSchema = z.object({ success: z.literal(true), data: jobTrailSchema });
export type JobTrailResponse = z.infer<typeof jobTrailResponseSchema>;
