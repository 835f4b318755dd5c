import * as z from 'zod/mini';
import { DOCUMENT_STATES } from '../domain/compliance';

/**
 * A vehicle's licensing documents as every console answer shows them (issue 34): the Vehicles
 * page, a driver's usual vehicle, a job's vehicle. Each document's state is worked out by the
 * server in UK time (domain/compliance.ts), so every page flags the same way.
 */

/** One document: its expiry, its state today, and the days left. */
export const documentStatusSchema = z.object({
  /** YYYY-MM-DD; null: not recorded (state 'missing'). */
  expiry: z.nullable(z.string()),
  state: z.enum(DOCUMENT_STATES),
  /** Days from today (UK) to the expiry, negative once expired; null when not recorded. */
  days_left: z.nullable(z.int()),
});
export type DocumentStatus = z.infer<typeof documentStatusSchema>;

/** The vehicle's PHV vehicle licence, MOT and insurance. */
export const vehicleDocumentsSchema = z.object({
  phv_licence: documentStatusSchema,
  mot: documentStatusSchema,
  insurance: documentStatusSchema,
});
export type VehicleDocuments = z.infer<typeof vehicleDocumentsSchema>;

/** A vehicle as a driver's or a job's: which car, and its documents. */
export const vehicleSummarySchema = z.object({
  id: z.int(),
  registration: z.string(),
  make: z.string(),
  model: z.string(),
  colour: z.string(),
  active: z.boolean(),
  documents: vehicleDocumentsSchema,
});
export type VehicleSummary = z.infer<typeof vehicleSummarySchema>;

/** A job offered to a driver and waiting for their answer (issue 34). */
export const jobOfferSchema = z.object({
  driver_name: z.string(),
  /** ISO instant the offer lapses. */
  expires_at: z.string(),
});
export type JobOffer = z.infer<typeof jobOfferSchema>;
