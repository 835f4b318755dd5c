import type { PriceDetail, SelectedVehiclePriceResponse } from '../../../../contract/quotes';
import type { Journey, OperatorBookingRequest } from '../api/create-booking';
import type { NewBookingValues } from './new-booking-form';

/** The form the public site sends for this journey, from the console's fields. */
export function journeyOf(values: NewBookingValues): Journey {
  if (values.kind === 'hourly') {
    return {
      type: 'hourly',
      form: {
        pickup: values.pickup.trim(),
        pickup_location: null,
        pickup_date: values.pickup_date,
        pickup_duration: values.duration,
        pickup_hour: values.pickup_hour,
        pickup_min: values.pickup_min,
        pickup_fight_number: values.flight_no.trim(),
        passengers: Number(values.passengers),
        luggages: Number(values.luggages),
        hand_luggages: 0,
        special_luggage: 0,
        baby_seats: 0,
        booster_seats: 0,
        waiting_min: 0,
        meet_and_greet: 'no',
        wheel_chair: 'no',
      },
    };
  }
  return {
    type: 'milleage',
    form: {
      pickup: values.pickup.trim(),
      dropoff: values.dropoff.trim(),
      pickup_date: values.pickup_date,
      pickup_hour: values.pickup_hour,
      pickup_min: values.pickup_min,
      pickup_location: null,
      dropoff_location: null,
      stops: [],
      select_option: 'one_way',
      passengers: Number(values.passengers),
      luggages: Number(values.luggages),
      hand_luggages: 0,
      special_luggage: 0,
      baby_seats: 0,
      booster_seats: 0,
      waiting_min: 0,
      meet_and_greet: 'no',
      wheel_chair: 'no',
      pickup_fight_number: values.flight_no.trim(),
      return_pickup: '',
      return_dropoff: '',
      return_pickup_location: null,
      return_dropoff_location: null,
      return_date: null,
      return_hour: null,
      return_min: null,
      return_fight_number: '',
      return_passengers: null,
      return_luggages: 0,
      return_hand_luggages: 0,
      return_special_luggage: 0,
      return_baby_seats: 0,
      return_booster_seats: 0,
      return_waiting_min: 0,
      return_meet_and_greet: 'no',
      return_wheel_chair: 'no',
    },
  };
}

/** POST /operator/bookings's body: the journey, the quoted vehicle, the caller and how they pay. */
export function bookingRequestOf(
  values: NewBookingValues,
  journey: Journey,
  chosen: Pick<PriceDetail, 'vehicle_id' | 'company_id'>,
  quote: Pick<SelectedVehiclePriceResponse, 'quote_id'>,
): OperatorBookingRequest {
  return {
    booking_type: journey.type,
    form: journey.form,
    selected_vehicle: {
      quote_id: quote.quote_id,
      tbms_vid: chosen.vehicle_id,
      company_id: chosen.company_id,
      vehicle_count: 1,
    },
    passenger: {
      name: values.name.trim(),
      email: values.email.trim(),
      phone: values.phone.trim(),
      additional_info: values.additional_info.trim(),
    },
    payment_method: values.payment,
  };
}
