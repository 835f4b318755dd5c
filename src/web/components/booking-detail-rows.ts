import type { BookingData, BookingDetails, LegDetails } from '../../contract/bookings';
import { legExtrasLines } from '../../contract/leg-extras-lines';
import { formatDay } from '../lib/format-day';
import type { DetailRow } from './detail-rows';

/**
 * A booking's journey and extras as labelled rows: one wording for the passenger's own page and
 * the operator's booking page, so both say the same thing the same way.
 */

/** Pickup, stops, drop-off, times, travel references, the return leg and the vehicle. */
export function journeyRows(
  { booking, bookingStops }: BookingData,
  /** What the company is called on this page: 'Operator' to a passenger, 'Company' in the console. */
  companyLabel: string,
): DetailRow[] {
  const rows: DetailRow[] = [{ label: 'Pickup', value: booking.pick_up_address }];
  bookingStops.forEach((stop, index) => {
    rows.push({
      label: `Stop ${index + 1}`,
      value: [stop.stop_street_number, stop.stop_address, stop.stop_post_code]
        .filter(Boolean)
        .join(' '),
    });
  });
  if (booking.journey_type !== 'hourly') {
    rows.push({ label: 'Drop-off', value: booking.drop_off_address });
  }
  rows.push(
    { label: 'Pickup date', value: formatDay(booking.pick_up_date) },
    { label: 'Pickup time', value: booking.pick_up_time },
  );
  if (booking.hourly_duration !== null) {
    rows.push({ label: 'Hours', value: `${booking.hourly_duration} hours` });
  }
  if (booking.flight_no) {
    rows.push({ label: 'Flight / train / ferry number', value: booking.flight_no });
  }
  if (booking.journey_type === 'return') {
    rows.push(
      { label: 'Return pickup', value: booking.return_pickup_address ?? '' },
      { label: 'Return drop-off', value: booking.return_dropoff_address ?? '' },
      { label: 'Return date', value: booking.return_date ? formatDay(booking.return_date) : '' },
      { label: 'Return time', value: booking.return_time ?? '' },
    );
    if (booking.return_flight_no) {
      rows.push({ label: 'Return flight / train / ferry number', value: booking.return_flight_no });
    }
  }
  rows.push(
    { label: 'Vehicle', value: booking.vehicle_type },
    { label: 'Vehicles', value: String(booking.vehicle_count) },
    { label: companyLabel, value: booking.company_name },
  );
  return rows;
}

/** One leg's extras and counts (with its passengers when it has its own), one wording everywhere. */
export function extrasRows(leg: BookingDetails | LegDetails): DetailRow[] {
  return legExtrasLines(leg);
}
