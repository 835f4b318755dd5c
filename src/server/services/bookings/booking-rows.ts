import type { BookingForm, HourlyForm } from '../../../domain/booking-form';
import { stopAddress } from '../../../domain/booking-form';
import { twelveHourToHhmm } from '../../../domain/time';
import { formTimeToUtc } from '../../../domain/uk-time';
import type { NewBookingStop } from '../../repositories/bookings-repository';
import type { PreparedBooking } from './prepared-booking';

/** A stored pickup position, or null when the booking has none. */
export function positionOf(row: { pickup_lat: number | null; pickup_lng: number | null }) {
  return row.pickup_lat === null || row.pickup_lng === null
    ? null
    : { lat: row.pickup_lat, lng: row.pickup_lng };
}

/** The booking's rows from a prepared booking. */
export function bookingRows(prepared: PreparedBooking, passengerId: number | null) {
  const hourly = prepared.bookingType === 'hourly';
  const form = prepared.form;
  const mileage = hourly ? null : (form as BookingForm);
  const returning = mileage?.select_option === 'return';
  const returnDate = returning ? mileage.return_date : null;
  const returnHour = returning ? mileage.return_hour : null;
  const returnMin = returning ? mileage.return_min : null;
  const hasReturnTime = returnDate !== null && returnHour !== null && returnMin !== null;
  const stops: NewBookingStop[] = (mileage?.stops ?? [])
    .filter((stop) => stopAddress(stop) !== '')
    .map((stop, position) => ({
      position,
      stop_address: stop.street_name,
      stop_post_code: stop.postcode,
      stop_street_number: stop.number,
    }));
  const pickupAt = formTimeToUtc(form.pickup_date, form.pickup_hour, form.pickup_min);
  const returnAt = hasReturnTime ? formTimeToUtc(returnDate, returnHour, returnMin) : null;
  return {
    stops,
    pickupAt,
    returnAt,
    booking: {
      pickup_at: pickupAt,
      return_at: returnAt,
      booking_type: prepared.bookingType,
      ride_type: hourly ? ('H' as const) : ('Q' as const),
      journey_type: hourly ? ('hourly' as const) : (mileage?.select_option ?? 'one_way'),
      registration_mode: prepared.account.mode,
      passenger_id: passengerId,
      company_id: prepared.companyId,
      category_id: prepared.categoryId,
      vehicle_count: prepared.vehicleCount,
      pick_up_address: form.pickup,
      drop_off_address: mileage?.dropoff ?? '',
      pick_up_date: form.pickup_date,
      pick_up_time: twelveHourToHhmm(form.pickup_hour, form.pickup_min),
      return_pickup_address: returning ? mileage.return_pickup : null,
      return_dropoff_address: returning ? mileage.return_dropoff : null,
      return_date: hasReturnTime ? returnDate : null,
      return_time: hasReturnTime ? twelveHourToHhmm(returnHour, returnMin) : null,
      hourly_duration: hourly ? (form as HourlyForm).pickup_duration : null,
      flight_no: form.pickup_fight_number,
      return_flight_no: mileage?.return_fight_number ?? '',
      quote_id: prepared.quoteId,
      price_pence: prepared.pricePence,
      total_pence: prepared.totalPence,
      breakdown: JSON.stringify(prepared.breakdown),
      form: JSON.stringify(form),
      distance: prepared.distance === null ? null : JSON.stringify(prepared.distance),
      // Absent on a checkout session stored before bookings kept it.
      priced_journey: prepared.pricedJourney ? JSON.stringify(prepared.pricedJourney) : null,
      // The quote's form kept it; the quote checked it against the pickup's text.
      pickup_lat: form.pickup_location?.lat ?? null,
      pickup_lng: form.pickup_location?.lng ?? null,
    },
  };
}
