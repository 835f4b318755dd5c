import * as z from 'zod/mini';
import { EMAIL_MAX_LENGTH, EMAIL_MESSAGES, isEmailAddress } from '../domain/email';
import { idField, isoDate, registrationText, text } from './field-rules';
import { phoneMessages, phoneSchema } from './phone';
import { vehicleSummarySchema } from './vehicle-documents';

/** The console's drivers (issue 21; issue 34 adds the app's email and the usual vehicle). */

/** A driver as the console shows one. */
export const driverSchema = z.object({
  id: z.int(),
  company_id: z.int(),
  company_name: z.string(),
  name: z.string(),
  mobile: z.string(),
  licence_number: z.string(),
  /** YYYY-MM-DD. */
  licence_expiry: z.string(),
  /** 'expiring' within 30 days; an 'expired' driver cannot be assigned. */
  licence_state: z.enum(['valid', 'expiring', 'expired']),
  /** The usual vehicle's registration, kept in step with `vehicle` for older clients. */
  vehicle_registration: z.string(),
  category_id: z.int(),
  category_name: z.string(),
  active: z.boolean(),
  /** The driver app's sign-in (issue 34); null: none given, so no invitation can be sent. */
  email: z.nullable(z.string()),
  /** The usual vehicle (issue 34), with its documents' states; null: none recorded. */
  vehicle_id: z.nullable(z.int()),
  vehicle: z.nullable(vehicleSummarySchema),
});
export type Driver = z.infer<typeof driverSchema>;

/** A driver's email: a plain mailbox, or '' (read as null) for none. */
const driverEmail = z.pipe(
  z.string({ error: 'email must be text' }).check(
    z.trim(),
    z.refine(
      (value) => value === '' || (value.length <= EMAIL_MAX_LENGTH && isEmailAddress(value)),
      EMAIL_MESSAGES.invalid('email'),
    ),
  ),
  z.transform((value) => (value === '' ? null : value)),
);

/** POST /operator/drivers; company_id only from the admin (a dispatcher's is their own). */
export const driverInputSchema = z.object(
  {
    name: text('name', 100),
    mobile: phoneSchema({ ...phoneMessages('mobile'), required: 'mobile is required' }).check(
      z.trim(),
      z.maxLength(30, 'mobile is too long'),
    ),
    licence_number: text('licence_number', 40),
    licence_expiry: isoDate('licence_expiry'),
    /**
     * The usual vehicle: `vehicle_id`, or (older clients) its registration, which becomes one
     * of the company's vehicles if it is not one yet. One of the two is required.
     */
    vehicle_id: z.optional(idField('vehicle_id must be a vehicle')),
    vehicle_registration: z.optional(registrationText('vehicle_registration')),
    category_id: idField('category_id must be a vehicle category'),
    company_id: z.optional(idField('company_id must be a company')),
    /** For the driver app's sign-in; null or '' takes it away. */
    email: z.optional(z.nullable(driverEmail)),
  },
  { error: 'The request must be a JSON object' },
);
export type DriverInput = z.infer<typeof driverInputSchema>;

/** PATCH /operator/drivers/{id}: any of the fields, and `active` to deactivate or restore. */
export const driverPatchSchema = z.object(
  {
    ...z.partial(driverInputSchema).shape,
    active: z.optional(z.boolean({ error: 'active must be true or false' })),
  },
  { error: 'The request must be a JSON object' },
);
export type DriverPatch = z.infer<typeof driverPatchSchema>;

/** GET /operator/drivers */
export const driversResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(driverSchema),
});
/** POST and PATCH /operator/drivers */
export const driverResponseSchema = z.object({
  success: z.literal(true),
  data: driverSchema,
});
