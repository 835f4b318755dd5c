import type { FieldPath, UseFormSetError } from 'react-hook-form';
import * as z from 'zod/mini';
import type { ValidationIssue } from '../../../../contract/envelope';
import type { PriceDetail } from '../../../../contract/quotes';
import { HOURLY_DURATIONS } from '../../../../domain/booking-limits';
import { ApiError } from '../../../lib/api-client';
import { setFieldIssues } from '../../../lib/field-issues';
import { emailRule, textRule } from '../../../lib/form-rules';

/**
 * The phone booking form (/operator/bookings/new): what it holds, its own checks, and where the
 * server's issues land on it.
 */

const required = (message: string) => textRule((text) => (text.trim() ? undefined : message));

/** The form's own checks: only what must be there. The server's rules (and words) do the rest. */
const newBookingSchema = z.object({
  kind: z.enum(['milleage', 'hourly']),
  pickup: required('Enter the pickup address'),
  dropoff: z.string(),
  duration: z.string(),
  pickup_date: required('Choose the pickup date'),
  pickup_hour: required('Choose the pickup hour'),
  pickup_min: required('Choose the pickup minute'),
  passengers: z.string(),
  luggages: z.string(),
  flight_no: z.string().check(z.maxLength(50, 'Flight / train number is too long')),
  vehicle: z.string(),
  name: required('Enter the passenger’s name'),
  email: emailRule('Enter the passenger’s email', 'Enter a valid email, like name@example.com'),
  phone: required('Enter the passenger’s phone number'),
  additional_info: z.string(),
  payment: z.enum(['car', 'account']),
});
/** A one-way journey needs its drop-off; an hourly hire has none. */
export const checkedSchema = newBookingSchema.check(
  z.superRefine((values, context) => {
    if (values.kind === 'milleage' && !values.dropoff.trim()) {
      context.addIssue({
        code: 'custom',
        message: 'Enter the drop-off address',
        path: ['dropoff'],
        input: values.dropoff,
      });
    }
  }),
);
export type NewBookingValues = z.infer<typeof newBookingSchema>;
type Name = FieldPath<NewBookingValues>;

/** The form as it opens: a one-way journey today, paid in the car. */
export function newBookingDefaults(today: string): NewBookingValues {
  return {
    kind: 'milleage',
    pickup: '',
    dropoff: '',
    duration: HOURLY_DURATIONS[0] ?? '4hour',
    pickup_date: today,
    pickup_hour: '',
    pickup_min: '',
    passengers: '1',
    luggages: '0',
    flight_no: '',
    vehicle: '',
    name: '',
    email: '',
    phone: '',
    additional_info: '',
    payment: 'car',
  };
}

/** The fields that make the journey priced: a change to one makes the prices shown stale. */
export const JOURNEY_FIELDS = [
  'kind',
  'pickup',
  'dropoff',
  'duration',
  'pickup_date',
  'pickup_hour',
  'pickup_min',
  'passengers',
  'luggages',
] as const satisfies readonly Name[];
export type JourneyField = (typeof JOURNEY_FIELDS)[number];

const LABELS: Record<Name, string> = {
  kind: 'Journey',
  pickup: 'Pickup address',
  dropoff: 'Drop-off address',
  duration: 'Hours',
  pickup_date: 'Pickup date',
  pickup_hour: 'Pickup hour',
  pickup_min: 'Pickup minute',
  passengers: 'Passengers',
  luggages: 'Luggage',
  flight_no: 'Flight / train number',
  vehicle: 'Vehicle',
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  additional_info: 'Additional info',
  payment: 'Payment',
};
const ORDER = Object.keys(LABELS) as Name[];

/** A priced vehicle's value in the form's Vehicle choice. */
export const offerKey = (offer: Pick<PriceDetail, 'vehicle_id' | 'company_id'>) =>
  `${offer.vehicle_id}:${offer.company_id}`;

/**
 * An issue as this form names it: 'form.pickup' and 'passenger.phone' are the price form's and
 * the passenger's fields here, so 'passenger.phone must be …' reads 'Phone must be …'.
 */
function localIssue({ path, message }: ValidationIssue): ValidationIssue {
  const bare = path.replace(/^(form|bookingForm|passenger)\./, '');
  if (bare === path) return { path, message };
  return {
    path: bare,
    message: message.startsWith(path) ? bare + message.slice(path.length) : message,
  };
}

/** The field on screen for an issue's path, whichever call sent it. */
function fieldOf(path: string): Name | undefined {
  if (path.startsWith('selected_vehicle')) return 'vehicle';
  if (path === 'pickup_fight_number') return 'flight_no';
  if (path === 'payment_method') return 'payment';
  if (path === 'pickup_duration') return 'duration';
  return path in LABELS ? (path as Name) : undefined;
}

/**
 * A failed price or booking call: its issues go under their fields; returns what is left to say
 * above the form, or null when the fields say it all.
 */
export function failureOf(
  error: unknown,
  setError: UseFormSetError<NewBookingValues>,
): string | null {
  if (!(error instanceof ApiError)) {
    console.error('The phone booking failed:', error);
    return 'Something went wrong. Please try again.';
  }
  const rest = setFieldIssues(setError, error.issues.map(localIssue), {
    fieldOf,
    labels: LABELS,
    order: ORDER,
  });
  if (error.issues.length && !rest.length) return null;
  return rest.length ? rest.map((issue) => issue.message).join(' ') : error.message;
}
