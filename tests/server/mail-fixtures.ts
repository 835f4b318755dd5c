import type { BookingData } from '../../src/contract/bookings';
import type { BookingMailData } from '../../src/server/services/mail/booking-mail-data';
import { legExtras } from '../support/leg-extras';

/**
 * A booking as POST /booking answers it, built by hand so mail tests never depend on the
 * booking service: a return trip from Heathrow with a stop, two vehicles, paid by card.
 */
export function returnBookingMailData(
  overrides: Partial<BookingData['booking']> = {},
): BookingMailData {
  const data: BookingData = {
    booking: {
      booking_number: 'RB7K4Q9M',
      ride_type: 'Q',
      journey_type: 'return',
      pick_up_address: 'Heathrow Airport Terminal 5, TW6 2GA',
      drop_off_address: 'Charing Cross Station, London WC2N 5HF',
      pick_up_date: '2026-11-28',
      pick_up_time: '14:30',
      return_pickup_address: 'Charing Cross Station, London WC2N 5HF',
      return_dropoff_address: 'Heathrow Airport Terminal 5, TW6 2GA',
      return_date: '2026-12-05',
      return_time: '09:05',
      hourly_duration: null,
      payment_method: 'card',
      payment_status: 'paid',
      status: 'pending',
      total_booking_amount: 1234.5,
      currency: '£',
      flight_no: 'BA283',
      return_flight_no: 'BA282',
      vehicle_type: 'Executive Saloon',
      company_name: 'Thames Executive Cars',
      vehicle_count: 2,
      breakdown: {
        outward_fare: 300,
        return_fare: 300,
        meet_and_greet: 17.25,
        additional_vehicles: 617.25,
        // As stored: the server's breakdown ends with the total.
        final_price: 1234.5,
      },
      created_at: '2026-11-21T16:05:00.000Z',
      ...overrides,
    },
    bookingStops: [
      {
        id: 1,
        stop_address: 'Hammersmith Broadway',
        stop_post_code: 'W6 9YD',
        stop_street_number: '',
      },
    ],
    passengerDetails: {
      passenger_id: 7,
      passenger_email: 'alice.smith@example.co.uk',
      passenger_contact_no: '+44 7700 900123',
      passenger_name: 'Alice <b>Smith</b> & Co',
      additional_info: 'Two large suitcases',
      return_additional_info: 'Call on arrival',
      total_passengers: 3,
    },
    legExtras: legExtras(
      { passengers: 3, luggages: 2, hand_luggages: 1 },
      // Met at Heathrow on the way back only.
      { passengers: 2, luggages: 3, meet_and_greet: 'yes', booster_seat: 1, waiting_minutes: 15 },
    ),
  };
  return {
    data,
    // 14:30 in London on 28 November is 14:30 UTC (GMT).
    pickupAt: new Date('2026-11-28T14:30:00Z'),
    returnAt: new Date('2026-12-05T09:05:00Z'),
    durationMinutes: 55,
    companyPhone: '+44 20 3865 4120',
    companyEmail: 'bookings@ridebook.example',
  };
}
