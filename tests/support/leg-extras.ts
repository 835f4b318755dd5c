import type { BookingData, LegDetails } from '../../src/contract/bookings';

/** What a fixture says of a leg: its passengers, and only the extras it asks for. */
type LegAsked = Pick<LegDetails, 'passengers'> & Partial<LegDetails>;

/** A leg with its passengers and nothing more than the extras given. */
export function leg({ passengers, ...extras }: LegAsked): LegDetails {
  return {
    passengers,
    luggages: 0,
    hand_luggages: 0,
    meet_and_greet: 'no',
    baby_seat: 0,
    booster_seat: 0,
    wheel_chair: 'no',
    special_luggages: 0,
    waiting_minutes: 0,
    ...extras,
  };
}

/** A booking's `legExtras`: the outward leg's, and the way back's on a return trip. */
export function legExtras(
  outward: LegAsked,
  back: LegAsked | null = null,
): BookingData['legExtras'] {
  return { outward: leg(outward), return: back && leg(back) };
}
