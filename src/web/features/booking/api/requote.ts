import { MESSAGES } from '../../../../domain/messages';
import { calculateDistancePrice } from './calculate-distance-price';
import { calculateHourlyPrice } from './calculate-hourly-price';
import { bookingFormBody } from '../components/quote-form/quote-request';
import { MissingDraftError } from '../components/quote-summary/selected-vehicle';
import {
  saveBookingDraft,
  type BookingFormDraft,
  type BookingTypeDraft,
  type HourlyFormDraft,
} from '../state/booking-drafts';

export type RequoteInput = {
  bookingType: BookingTypeDraft;
  bookingForm?: BookingFormDraft;
  hourlyForm?: HourlyFormDraft;
};

/**
 * Prices every vehicle again for the saved search (after its extras changed) and stores the
 * new list, so the cards show what the server now charges. 'milleage' uses the distance price
 * and anything else the hourly one (spec section 4).
 */
export async function requote({ bookingType, bookingForm, hourlyForm }: RequoteInput) {
  let response;
  if (bookingType === 'milleage') {
    if (!bookingForm) throw new MissingDraftError(MESSAGES.bookingFormMissing);
    response = await calculateDistancePrice(bookingFormBody(bookingForm));
  } else {
    if (!hourlyForm) throw new MissingDraftError(MESSAGES.hourlyFormMissing);
    response = await calculateHourlyPrice(hourlyForm);
  }
  await saveBookingDraft('PriceDetails', {
    bookingType,
    price_details: response.price_details,
    distance: response.distance,
    places: response.places,
    pricedAt: Date.now(),
  });
  if (response.distance) await saveBookingDraft('CalculatedDistance', response.distance);
}
