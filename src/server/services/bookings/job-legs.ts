import type { JobLeg } from '../../../domain/booking-jobs';

/** Where and when a leg starts: the return's own columns for the return leg. */
export function legPickup(
  booking: {
    pick_up_date: string;
    pick_up_time: string;
    pick_up_address: string;
    drop_off_address: string;
    return_date: string | null;
    return_time: string | null;
    return_pickup_address: string | null;
    return_dropoff_address: string | null;
  },
  leg: JobLeg,
) {
  if (leg === 'outward') {
    return {
      pick_up_date: booking.pick_up_date,
      pick_up_time: booking.pick_up_time,
      pick_up_address: booking.pick_up_address,
      drop_off_address: booking.drop_off_address,
    };
  }
  return {
    pick_up_date: booking.return_date ?? booking.pick_up_date,
    pick_up_time: booking.return_time ?? '',
    pick_up_address: booking.return_pickup_address ?? booking.drop_off_address,
    drop_off_address: booking.return_dropoff_address ?? booking.pick_up_address,
  };
}
