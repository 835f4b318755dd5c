import { Text } from '@chakra-ui/react';
import type { BoardBooking } from '../../../../contract/operator';

/** States the office must act on, shown in red. */
const ALARM = new Set(['cancelled', 'diverted', 'not_found']);

/**
 * A job's tracked flight on the board (issue 35): "BA 117 · Delayed 50 min", and the meet
 * time the flight set ("Meet 15:50"), under the pickup time.
 */
export function FlightNote({ flight }: { flight: BoardBooking['flight'] }) {
  if (!flight) return null;
  return (
    <Text fontSize="sm" color={ALARM.has(flight.state) ? 'red.700' : 'gray.700'}>
      {flight.flight_number} · {flight.label}
      {flight.meet_time && flight.state !== 'untracked' ? ` · Meet ${flight.meet_time}` : ''}
    </Text>
  );
}
