import * as z from 'zod/mini';
import { isUkRegistration } from '../domain/vehicle-plate';
import { VEHICLE_MESSAGES } from '../domain/vehicle-messages';
import { idField, isoDate, text } from './field-rules';
import { wholeNumberText } from './path-params';
import { vehicleDocumentsSchema } from './vehicle-documents';

/**
 * The console's Vehicles page (issue 34; API.md, Operator console: Vehicles): each company's
 * private hire vehicles and their licensing documents. The admin sees and changes every
 * company's, a manager their own company's; a dispatcher may list them (to assign) but not
 * change them. Expiries are YYYY-MM-DD; a document not recorded is null.
 */

export const vehicleSchema = z.object({
  id: z.int(),
  company_id: z.int(),
  company_name: z.string(),
  /** Capitals, single spaces: 'AB12 CDE'. */
  registration: z.string(),
  make: z.string(),
  model: z.string(),
  colour: z.string(),
  seats: z.int(),
  category_id: z.int(),
  category_name: z.string(),
  phv_licence_number: z.string(),
  phv_licence_expiry: z.nullable(z.string()),
  mot_expiry: z.nullable(z.string()),
  insurance_expiry: z.nullable(z.string()),
  active: z.boolean(),
  /** Each document's state today (valid, expiring within 30 days, expired, missing). */
  documents: vehicleDocumentsSchema,
});
export type Vehicle = z.infer<typeof vehicleSchema>;

/** A UK registration, loosely: letters, digits and spaces, 2 to 8 of them without the spaces. */
export const registrationField = (field: string) =>
  text(field, 12).check(z.refine(isUkRegistration, VEHICLE_MESSAGES.registration(field)));

const seatsField = z
  .int({ error: VEHICLE_MESSAGES.seats })
  .check(z.minimum(1, VEHICLE_MESSAGES.seats), z.maximum(16, VEHICLE_MESSAGES.seats));

/** An expiry date, or null: not recorded yet (then the vehicle cannot be sent on a job). */
const expiryField = (field: string) => z.optional(z.nullable(isoDate(field)));

/** POST /operator/vehicles; company_id only from the admin (a manager's is their own). */
export const vehicleInputSchema = z.object(
  {
    registration: registrationField('registration'),
    make: text('make', 40),
    model: text('model', 40),
    colour: text('colour', 30),
    seats: seatsField,
    category_id: idField('category_id must be a vehicle category'),
    phv_licence_number: z.optional(
      z
        .string({ error: 'phv_licence_number must be text' })
        .check(z.trim(), z.maxLength(40, 'phv_licence_number is too long')),
    ),
    phv_licence_expiry: expiryField('phv_licence_expiry'),
    mot_expiry: expiryField('mot_expiry'),
    insurance_expiry: expiryField('insurance_expiry'),
    company_id: z.optional(idField('company_id must be a company')),
  },
  { error: 'The request must be a JSON object' },
);
export type VehicleInput = z.infer<typeof vehicleInputSchema>;

/** PATCH /operator/vehicles/{id}: any of the fields, and `active` to withdraw or restore it. */
export const vehiclePatchSchema = z.object(
  {
    ...z.partial(vehicleInputSchema).shape,
    active: z.optional(z.boolean({ error: 'active must be true or false' })),
  },
  { error: 'The request must be a JSON object' },
);
export type VehiclePatch = z.infer<typeof vehiclePatchSchema>;

/** GET /operator/vehicles */
export const vehiclesResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(vehicleSchema),
});

/** GET, POST and PATCH /operator/vehicles/{id} */
export const vehicleResponseSchema = z.object({
  success: z.literal(true),
  data: vehicleSchema,
});

/** /operator/vehicles/{id} */
export const vehiclePathSchema = z.object({
  id: wholeNumberText(VEHICLE_MESSAGES.vehicleNotFound),
});
