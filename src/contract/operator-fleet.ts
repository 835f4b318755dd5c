import * as z from 'zod/mini';
import { wholeNumberText } from './path-params';
import { FLEET_MESSAGES } from '../domain/fleet-company-messages';
import { text } from './field-rules';

/**
 * The console's Fleet page (issue 33; API.md, Operator console: Fleet): the admin's vehicle
 * categories, and which of them each company offers with its own picture. Pictures are paths
 * under /storage/ like GET /fetch_vehicles' vehicle_img (domain/fleet.ts, vehicleImageUrl).
 */

/** The largest picture file accepted, in bytes (2 MB). */
export const MAX_PICTURE_BYTES = 2 * 1024 * 1024;
/** The multipart field that carries the file. */
export const PICTURE_FIELD = 'picture';

const count = (field: string, min: number, max: number) =>
  z
    .int({ error: `${field} must be a whole number` })
    .check(
      z.minimum(min, `${field} must be at least ${min}`),
      z.maximum(max, `${field} must be at most ${max}`),
    );

/** A category as the console shows it. */
export const fleetCategorySchema = z.object({
  id: z.int(),
  name: z.string(),
  seats: z.int(),
  luggage: z.int(),
  hand_luggage: z.int(),
  /** Under /storage/. */
  picture: z.string(),
  /** False: withdrawn; offered by nobody, its bookings keep it. */
  active: z.boolean(),
});
export type FleetCategory = z.infer<typeof fleetCategorySchema>;

/** One company's offer of one category (offered or not). */
export const fleetOfferingSchema = z.object({
  company_id: z.int(),
  company_name: z.string(),
  category_id: z.int(),
  offered: z.boolean(),
  /** The company's own picture of the category, under /storage/; null: the category's. */
  own_picture: z.nullable(z.string()),
});
export type FleetOffering = z.infer<typeof fleetOfferingSchema>;

/** GET /operator/fleet: every category; the offerings of the caller's company (the admin: all). */
export const fleetResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    categories: z.array(fleetCategorySchema),
    offerings: z.array(fleetOfferingSchema),
  }),
});
export type FleetView = z.infer<typeof fleetResponseSchema>['data'];

/** POST /operator/fleet (admin). */
export const fleetCategoryInputSchema = z.object(
  {
    name: text('name', 60),
    seats: count('seats', 1, 60),
    luggage: count('luggage', 0, 60),
    hand_luggage: count('hand_luggage', 0, 60),
  },
  { error: 'The request must be a JSON object' },
);
export type FleetCategoryInput = z.infer<typeof fleetCategoryInputSchema>;

/** PATCH /operator/fleet/{id} (admin): any field, and `active` to withdraw or restore. */
export const fleetCategoryPatchSchema = z.object(
  {
    ...z.partial(fleetCategoryInputSchema).shape,
    active: z.optional(z.boolean({ error: 'active must be true or false' })),
  },
  { error: 'The request must be a JSON object' },
);
export type FleetCategoryPatch = z.infer<typeof fleetCategoryPatchSchema>;

/** POST and PATCH /operator/fleet */
export const fleetCategoryResponseSchema = z.object({
  success: z.literal(true),
  data: fleetCategorySchema,
});

/** PUT /operator/fleet/{id}/offerings/{company_id}: whether the company offers the category. */
export const fleetOfferingInputSchema = z.object(
  { offered: z.boolean({ error: 'offered must be true or false' }) },
  { error: 'The request must be a JSON object' },
);
export type FleetOfferingInput = z.infer<typeof fleetOfferingInputSchema>;

export const fleetOfferingResponseSchema = z.object({
  success: z.literal(true),
  data: fleetOfferingSchema,
});

/** POST /operator/fleet/{id}/picture: the stored picture's path under /storage/. */
export const fleetPictureResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ picture: z.string(), company_id: z.nullable(z.int()) }),
});

/** /operator/fleet/{id}… */
export const fleetPathSchema = z.object({
  id: wholeNumberText(FLEET_MESSAGES.categoryNotFound),
});

/** /operator/fleet/{id}/offerings/{company_id} */
export const fleetOfferingPathSchema = z.object({
  id: wholeNumberText(FLEET_MESSAGES.categoryNotFound),
  company_id: wholeNumberText(FLEET_MESSAGES.companyNotFound),
});

/**
 * POST /operator/fleet/{id}/picture?company_id=: without company_id the admin sets the
 * category's picture; with it (a manager: always its own company) the company's own.
 */
export const fleetPictureQuerySchema = z.object({
  company_id: z.optional(wholeNumberText('company_id must be a company')),
});
