import { useState } from 'react';
import type { BoardBooking } from '../../../../contract/operator';

type Seen = {
  /** The list these numbers belong to (filters and page): another list starts afresh. */
  list: string;
  /** dataUpdatedAt of the answer last looked at. */
  updatedAt: number;
  seen: ReadonlySet<string>;
  fresh: ReadonlySet<string>;
  /** How many the last answer added, for the announcement. */
  added: number;
};

const NONE: ReadonlySet<string> = new Set();

/**
 * Which bookings of the board arrived since it was opened: none on the first answer for a list,
 * then every booking number an answer brings that an earlier one of the same list did not. They
 * stay marked while the list is on screen. Worked out while rendering (React's "adjusting state
 * when a prop changes"), so the mark and the table appear together.
 */
export function useNewBookings(
  list: string,
  rows: readonly BoardBooking[] | undefined,
  updatedAt: number,
): { fresh: ReadonlySet<string>; added: number } {
  const [state, setState] = useState<Seen | null>(null);
  if (rows && (state === null || state.list !== list || state.updatedAt !== updatedAt)) {
    // A return booking is two rows (its jobs): it arrives once.
    const numbers = [...new Set(rows.map((row) => row.booking_number))];
    if (state === null || state.list !== list) {
      setState({ list, updatedAt, seen: new Set(numbers), fresh: NONE, added: 0 });
    } else {
      const arrived = numbers.filter((number) => !state.seen.has(number));
      setState({
        list,
        updatedAt,
        seen: arrived.length ? new Set([...state.seen, ...arrived]) : state.seen,
        fresh: arrived.length ? new Set([...state.fresh, ...arrived]) : state.fresh,
        added: arrived.length,
      });
    }
  }
  return state && state.list === list
    ? { fresh: state.fresh, added: state.added }
    : { fresh: NONE, added: 0 };
}

/** '1 new booking', '3 new bookings'; empty for none. */
export function newBookingsAnnouncement(added: number): string {
  if (added === 0) return '';
  return added === 1 ? '1 new booking' : `${added} new bookings`;
}
