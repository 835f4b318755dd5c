import type { BookingFormInput, HourlyFormInput } from '../../../../../domain/booking-form';
import type { BookingFormDraft, HourlyFormDraft } from '../../state/booking-drafts';

/** What the visitor asks to have priced: the mileage form or the hourly form. */
export type QuoteRequest =
  | { bookingType: 'milleage'; form: BookingFormDraft }
  | { bookingType: 'hourly'; form: HourlyFormDraft };

/** A stop row counts when any of its fields holds text; blank rows are not sent. */
function filledStops(form: BookingFormDraft): BookingFormDraft['stops'] {
  return form.stops.filter(
    (stop) => stop.street_name.trim() || stop.number.trim() || stop.postcode.trim(),
  );
}

/** The body of POST /calculate-distance-price: the stored form without blank stop rows. */
export function bookingFormBody(form: BookingFormDraft): BookingFormInput {
  return { ...form, stops: filledStops(form) };
}

/** The body of POST /calculate-hourly-price. */
export function hourlyFormBody(form: HourlyFormDraft): HourlyFormInput {
  return form;
}
