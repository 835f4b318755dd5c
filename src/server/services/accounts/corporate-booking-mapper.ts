import type { CorporateBooking } from '../../../contract/corporate';
import { pence, penceToPounds } from '../../../domain/money';
import { storedCount as count, storedYesNo as yesNo } from '../bookings/stored-form';
import type { CorporateBookingRows } from '../../repositories/corporate-bookings-repository';

/**
 * A corporate passenger's bookings as GET /get_booking answers them (spec section 3), newest
 * first: only the fields the contract names, money in pounds.
 */
export function toCorporateBookings({ rows, stops }: CorporateBookingRows): CorporateBooking[] {
  const stopsByBooking = new Map<number, CorporateBooking['booking_stops']>();
  for (const stop of stops) {
    const list = stopsByBooking.get(stop.booking_id) ?? [];
    list.push({
      stop_address: stop.stop_address,
      stop_post_code: stop.stop_post_code,
      stop_street_number: stop.stop_street_number,
    });
    stopsByBooking.set(stop.booking_id, list);
  }

  return rows.map((row) => ({
    booking_number: row.booking_number,
    pick_up_address: row.pick_up_address,
    drop_off_address: row.drop_off_address,
    pick_up_date: row.pick_up_date,
    pick_up_time: row.pick_up_time,
    return_date: row.return_date,
    return_time: row.return_time,
    hourly_duration: row.hourly_duration,
    flight_no: row.flight_no,
    return_flight_no: row.return_flight_no,
    payment_method: row.payment_method,
    status: row.status,
    total_booking_amount: penceToPounds(pence(row.total_pence)),
    currency: row.currency,
    ride_type: row.ride_type,
    created_at: new Date(row.created_at).toISOString(),
    fleet_category: { category_name: row.category_name },
    booking_details: {
      luggages: count(row.extra_luggages),
      vehicle_qty: row.vehicle_count,
      meet_and_greet: yesNo(row.extra_meet_and_greet),
      baby_seat: count(row.extra_baby_seats),
      booster_seat: count(row.extra_booster_seats),
      wheel_chair: yesNo(row.extra_wheel_chair),
      special_luggages: count(row.extra_special_luggage),
      waiting_minutes: count(row.extra_waiting_min),
    },
    return_booking_details:
      row.journey_type === 'return'
        ? {
            // The outward count when the return's was left empty (spec section 4).
            total_passengers: count(row.extra_return_passengers) || (row.total_passengers ?? 1),
            luggages: count(row.extra_return_luggages),
            meet_and_greet: yesNo(row.extra_return_meet_and_greet),
            baby_seat: count(row.extra_return_baby_seats),
            booster_seat: count(row.extra_return_booster_seats),
            wheel_chair: yesNo(row.extra_return_wheel_chair),
            special_luggages: count(row.extra_return_special_luggage),
            waiting_minutes: count(row.extra_return_waiting_min),
          }
        : null,
    passenger_detail: {
      passenger_name: row.passenger_name ?? '',
      passenger_email: row.passenger_email ?? '',
      passenger_contact_no: row.passenger_phone ?? '',
      total_passengers: row.total_passengers ?? 1,
      additional_info: row.additional_info ?? '',
    },
    booking_stops: stopsByBooking.get(row.id) ?? [],
  }));
}
