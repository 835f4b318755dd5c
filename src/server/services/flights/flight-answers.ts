import type { FlightBrief, TrackedFlight } from '../../../contract/flights';
import type { FlightState } from '../../../domain/flights';
import { FLIGHT_TRACKING_OFF, flightLabel } from '../../../domain/flights';
import { londonTimeOfDay } from '../../../domain/uk-time';
import type { FlightTrackRow } from '../../repositories/flight-tracks-repository';

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);
const when = (value: Date | string | null) => (value ? new Date(value) : null);

/** A track as the booking answers give it (contract/flights.ts). */
export function trackedFlight(row: FlightTrackRow): TrackedFlight {
  const meetAt = when(row.meet_at);
  return {
    leg: row.leg,
    flight_number: row.flight_no,
    airport: row.airport_name,
    state: row.state,
    label: flightLabel({
      state: row.state,
      scheduledOn: when(row.scheduled_on),
      estimatedOn: when(row.estimated_on),
      actualOn: when(row.actual_on),
    }),
    scheduled_arrival: iso(row.scheduled_on),
    estimated_arrival: iso(row.estimated_on),
    actual_arrival: iso(row.actual_on),
    meet_at: iso(row.meet_at),
    meet_time: meetAt ? londonTimeOfDay(meetAt) : null,
    warning: row.state === 'untracked' ? FLIGHT_TRACKING_OFF : row.warning,
  };
}

/** The flight columns a board row or a driver's job row carries (a left join: all null). */
export interface FlightColumns {
  flight_number: string | null;
  flight_state: FlightState | null;
  flight_scheduled_on: Date | string | null;
  flight_estimated_on: Date | string | null;
  flight_actual_on: Date | string | null;
  flight_meet_at: Date | string | null;
}

/** A row's tracked flight in words, with the meet time; null: none. */
export function flightBrief(row: FlightColumns): FlightBrief | null {
  if (!row.flight_number || !row.flight_state) return null;
  const meetAt = when(row.flight_meet_at);
  return {
    flight_number: row.flight_number,
    state: row.flight_state,
    label: flightLabel({
      state: row.flight_state,
      scheduledOn: when(row.flight_scheduled_on),
      estimatedOn: when(row.flight_estimated_on),
      actualOn: when(row.flight_actual_on),
    }),
    meet_time: meetAt ? londonTimeOfDay(meetAt) : null,
  };
}
