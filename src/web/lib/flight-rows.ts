import type { TrackedFlight } from '../../contract/flights';
import { JOB_LEG_LABELS } from '../../domain/booking-jobs';
import { formatUkMoment } from './format-uk-moment';

/**
 * A tracked flight as label and value rows (issue 35), for the console's booking page and the
 * passenger's: the flight, what it is doing, its landing times and when the driver meets.
 * `legs` > 1 names the journey each flight is for.
 */
export function flightRows(
  flight: TrackedFlight,
  legs: number,
): Array<{ label: string; value: string }> {
  const when = (at: string | null) => (at ? formatUkMoment(at) : '');
  const rows = [
    {
      label: 'Flight',
      value:
        legs > 1 ? `${flight.flight_number} (${JOB_LEG_LABELS[flight.leg]})` : flight.flight_number,
    },
    { label: 'Landing at', value: flight.airport },
    { label: 'Flight status', value: flight.label },
    { label: 'Scheduled landing', value: when(flight.scheduled_arrival) },
  ];
  if (flight.actual_arrival) rows.push({ label: 'Landed', value: when(flight.actual_arrival) });
  else if (flight.estimated_arrival && flight.estimated_arrival !== flight.scheduled_arrival) {
    rows.push({ label: 'Expected landing', value: when(flight.estimated_arrival) });
  }
  rows.push({ label: 'Meet time', value: when(flight.meet_at) });
  return rows;
}
