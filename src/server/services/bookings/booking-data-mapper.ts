import type { BookingData } from '../../../contract/bookings';
import { pence, penceToPounds } from '../../../domain/money';
import { breakdownToWire } from '../../../domain/pricing';
import type { Breakdown } from '../../../domain/pricing-model';
import type { RegistrationMode } from '../../../domain/registration';
import type { StoredBooking } from '../../repositories/bookings-repository';
import { storedLegExtras } from './stored-form';

/** A stored booking as POST /booking answers it (spec section 3 field names), money in pounds. */
export function toBookingData({ booking, stops }: StoredBooking): BookingData {
  return {
    booking: {
      booking_number: booking.booking_number,
      ride_type: booking.ride_type,
      journey_type: booking.journey_type,
      pick_up_address: booking.pick_up_address,
      drop_off_address: booking.drop_off_address,
      pick_up_date: booking.pick_up_date,
      pick_up_time: booking.pick_up_time,
      return_pickup_address: booking.return_pickup_address,
      return_dropoff_address: booking.return_dropoff_address,
      return_date: booking.return_date,
      return_time: booking.return_time,
      hourly_duration: booking.hourly_duration,
      payment_method: booking.payment_method,
      payment_status: booking.payment_status,
      status: booking.status,
      total_booking_amount: penceToPounds(pence(booking.total_pence)),
      currency: booking.currency,
      flight_no: booking.flight_no,
      return_flight_no: booking.return_flight_no,
      vehicle_type: booking.vehicle_type,
      company_name: booking.company_name,
      vehicle_count: booking.vehicle_count,
      breakdown: breakdownToWire(booking.breakdown as Breakdown, pence(booking.total_pence)),
      created_at: new Date(booking.created_at).toISOString(),
    },
    bookingStops: stops,
    passengerDetails: {
      passenger_id: booking.details_passenger_id,
      passenger_email: booking.passenger_email,
      passenger_contact_no: booking.passenger_phone,
      passenger_name: booking.passenger_name,
      additional_info: booking.additional_info,
      return_additional_info: booking.return_additional_info,
      total_passengers: booking.total_passengers,
    },
    legExtras: storedLegExtras(booking.form, booking.journey_type, booking.total_passengers),
  };
}

/**
 * A booking as its answer shows it. Only an existing client, who gave the account's password,
 * sees the account's id: a new client's booking answers null whether an account was made or
 * the email was registered already, so the answer never tells which.
 */
export function answerData(data: BookingData, mode: RegistrationMode): BookingData {
  if (mode === 'existing_client') return data;
  return { ...data, passengerDetails: { ...data.passengerDetails, passenger_id: null } };
}
