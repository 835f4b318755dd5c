import * as z from 'zod/mini';
import { FIELD_MESSAGES } from './messages';

/**
 * The two enums of a booking, apart from the form schemas so the browser's saved drafts
 * (read on the home page's first load) use them without the schemas.
 */

/** The spec's BookingType, with its spelling. */
export const bookingTypeSchema = z.enum(['milleage', 'hourly'], {
  error: FIELD_MESSAGES.bookingType,
});
export type BookingType = z.infer<typeof bookingTypeSchema>;

/** The mileage form's select_option: one way, or there and back. */
export const tripOptionSchema = z.enum(['one_way', 'return'], {
  error: FIELD_MESSAGES.selectOption,
});
