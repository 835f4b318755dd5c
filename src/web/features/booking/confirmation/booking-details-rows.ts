import type { BookingData } from '../../../../contract/bookings';
import { BOOKING_STATUS_LABELS } from '../../../../domain/booking-lifecycle';
import { BOOKING_MESSAGES } from '../../../../domain/messages';
import { formatPounds, formatWholePounds } from '../../../../domain/money';
import { THANK_YOU_PAGE_PAYMENT_METHOD_LABELS } from '../../../../domain/payment-labels';
import { stopStreetLine } from '../../../../domain/stops';
import { formatDateGB } from '../../../../domain/time';
import type { DetailRow } from '../../../components/detail-rows';

/** The success page's Booking Details, part by part, from the server's booking response. */

type Booking = BookingData['booking'];

/**
 * The total as the success page shows it: ROUND_OFF 'yes' shows whole pounds (spec section
 * 9), otherwise pounds and pence.
 */
export function formatTotal(amount: number, currency: string, roundOff: boolean): string {
  return roundOff ? formatWholePounds(amount, currency) : formatPounds(amount, currency);
}

function hours(count: number): string {
  return `${count} ${count === 1 ? 'hour' : 'hours'}`;
}

const isHourly = (booking: Booking) => booking.ride_type === 'H';

export function summaryRows(booking: Booking): DetailRow[] {
  return [
    { label: 'Reference ID', value: booking.booking_number },
    {
      label: 'Booking Type',
      value: isHourly(booking) ? BOOKING_MESSAGES.hourlyBooking : BOOKING_MESSAGES.normalBooking,
    },
  ];
}

export function outwardRows(booking: Booking): DetailRow[] {
  return [
    { label: 'Pickup Address', value: booking.pick_up_address },
    ...(isHourly(booking) ? [] : [{ label: 'Drop Off', value: booking.drop_off_address }]),
    { label: 'Pickup Date', value: formatDateGB(booking.pick_up_date) },
    { label: 'Pickup Time', value: booking.pick_up_time },
  ];
}

export function returnRows(booking: Booking): DetailRow[] {
  return [
    { label: 'Return From', value: booking.return_pickup_address ?? '' },
    { label: 'Return To', value: booking.return_dropoff_address ?? '' },
    { label: 'Return Date', value: booking.return_date ? formatDateGB(booking.return_date) : '' },
    { label: 'Return Time', value: booking.return_time ?? '' },
  ];
}

/** Not the spec's: the car and who runs it, and the flight the driver watches. */
export function rideRows(booking: Booking): DetailRow[] {
  return [
    {
      label: 'Vehicle',
      value:
        booking.vehicle_count > 1
          ? `${booking.vehicle_count} x ${booking.vehicle_type}`
          : booking.vehicle_type,
    },
    { label: 'Operator', value: booking.company_name },
    ...(booking.flight_no ? [{ label: 'Flight Number', value: booking.flight_no }] : []),
    ...(booking.return_flight_no
      ? [{ label: 'Return Flight Number', value: booking.return_flight_no }]
      : []),
  ];
}

export function paymentRows(booking: Booking, currency: string, roundOff: boolean): DetailRow[] {
  return [
    ...(isHourly(booking) && booking.hourly_duration !== null
      ? [{ label: 'Hourly Duration', value: hours(booking.hourly_duration) }]
      : []),
    {
      label: 'Payment Method',
      value: THANK_YOU_PAGE_PAYMENT_METHOD_LABELS[booking.payment_method],
    },
    // Not the spec's: where the booking is now (Pending until the operator confirms it).
    { label: 'Status', value: BOOKING_STATUS_LABELS[booking.status] },
    {
      label: 'Total Booking Amount',
      value: formatTotal(booking.total_booking_amount, currency, roundOff),
    },
  ];
}

export function passengerRows(passengerDetails: BookingData['passengerDetails']): DetailRow[] {
  return [
    { label: 'Email', value: passengerDetails.passenger_email },
    { label: 'Phone', value: passengerDetails.passenger_contact_no },
    { label: 'Name', value: passengerDetails.passenger_name },
    { label: 'Additional Info', value: passengerDetails.additional_info },
    ...(passengerDetails.return_additional_info
      ? [{ label: 'Return Additional Info', value: passengerDetails.return_additional_info }]
      : []),
    { label: 'Total Passengers', value: String(passengerDetails.total_passengers) },
  ];
}

/** One stop's rows: its street line and post code. */
export function stopRows(stop: BookingData['bookingStops'][number]): DetailRow[] {
  return [
    { label: 'Address', value: stopStreetLine(stop.stop_street_number, stop.stop_address) },
    { label: 'Post Code', value: stop.stop_post_code },
  ];
}
