import type { ConsoleRequest } from '../../../../../contract/operator-requests';
import { LIMITS } from '../../../../../domain/booking-limits';
import { hour24To12, MINUTE_OPTIONS } from '../../../../../domain/time';
import { OPERATOR_ROUTES } from '../../../../config/routes';
import type { NewBookingValues } from '../../lib/new-booking-form';

/** The query parameter of New booking that names the request Book this came from. */
export const FROM_REQUEST_PARAM = 'request';

/** New booking, filled in from Quote Now request `id` (Book this). */
export const bookThisPath = (id: number) =>
  `${OPERATOR_ROUTES.bookingsNew}?${FROM_REQUEST_PARAM}=${id}`;

/** The request id in New booking's address, or null. */
export function requestIdOf(search: URLSearchParams): number | null {
  const text = search.get(FROM_REQUEST_PARAM) ?? '';
  return /^[1-9]\d{0,8}$/.test(text) ? Number(text) : null;
}

/** A count as the form's select offers it: within its bounds, as text. */
const countText = (value: number, min: number, max: number) =>
  String(Math.min(Math.max(value, min), max));

/**
 * New booking's fields from a Quote Now request: where, when, how many and who. The pickup
 * minute is the form's step of 5 at or before the time asked for (the request stays on screen
 * beside the form, so the operator sees the exact time too).
 */
export function bookingValuesFrom(
  request: ConsoleRequest,
  defaults: NewBookingValues,
): NewBookingValues {
  const quote = request.quote;
  if (!quote) return defaults;
  const clock = /^(\d{2}):(\d{2})$/.exec(quote.pickup_time);
  const hour = clock ? hour24To12(Number(clock[1])) : '';
  const minute = clock ? (MINUTE_OPTIONS[Math.floor(Number(clock[2]) / 5)] ?? '') : '';
  return {
    ...defaults,
    kind: 'milleage',
    pickup: quote.pickup_address,
    dropoff: quote.dropoff_address,
    pickup_date: quote.pickup_date || defaults.pickup_date,
    pickup_hour: hour,
    pickup_min: minute,
    passengers: countText(quote.passengers, 1, LIMITS.passengersSelectMax),
    luggages: countText(quote.luggages, 0, LIMITS.luggageMax),
    name: request.name,
    email: request.email,
    phone: request.phone,
    additional_info: quote.additional_info,
  };
}

/** The Requests page's query parameter naming the booking a request was made into. */
export const BOOKED_AS_PARAM = 'booking';

/** The Requests page showing the request booking `bookingNumber` was made from. */
export const requestOfBookingPath = (bookingNumber: string) =>
  `${OPERATOR_ROUTES.requests}?${BOOKED_AS_PARAM}=${encodeURIComponent(bookingNumber)}`;
