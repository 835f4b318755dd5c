import { formatDateGB } from './time';
import { londonDateAndMinute, londonTimeOfDay } from './uk-time';

/**
 * Flight tracking's rules (issue 35): what a tracked flight's state is called, when the driver
 * meets the passenger, when a change is worth telling everyone about, and when to look again.
 * Pure: the server's flight poll (services/flights/) applies them to what FlightAware says.
 */

export const FLIGHT_STATES = [
  /** No FLIGHTAWARE_API_KEY: nothing is tracked. */
  'untracked',
  /** Waiting for the first look at the flight. */
  'checking',
  /** The flight does not land at the pickup's airport on that day: the passenger was warned. */
  'not_found',
  'scheduled',
  'delayed',
  'early',
  'landed',
  'cancelled',
  'diverted',
] as const;
export type FlightState = (typeof FLIGHT_STATES)[number];

/** States after which the flight is not looked at again. */
export const FLIGHT_FINAL_STATES: readonly FlightState[] = [
  'not_found',
  'landed',
  'cancelled',
  'diverted',
];

/** States the office must act on (the board's Needs action). */
export const FLIGHT_ACTION_STATES: readonly FlightState[] = ['cancelled', 'diverted'];

/** A change of the meet time this big (minutes) is a move: history, driver, passenger. */
export const MEET_MOVE_THRESHOLD_MINUTES = 15;

/** Looking starts this long before the scheduled landing. */
export const TRACKING_STARTS_HOURS = 6;

/** From this long before the expected landing, the flight is looked at every near interval. */
export const NEAR_LANDING_MINUTES = 60;

/**
 * How far ahead the provider follows a flight itself (AeroAPI's /flights/{ident}: two days);
 * a later one is checked against the airline's timetable (/schedules) until then.
 */
export const LIVE_HORIZON_MS = 48 * 3_600_000;

const MINUTE = 60_000;

/** What the provider said of one flight: runway ("on") times and whether it was called off. */
export interface FlightReport {
  scheduledOn: Date | null;
  estimatedOn: Date | null;
  actualOn: Date | null;
  cancelled: boolean;
  diverted: boolean;
}

/** The state a report puts the flight in. */
export function flightStateOf(report: FlightReport): FlightState {
  if (report.cancelled) return 'cancelled';
  if (report.diverted) return 'diverted';
  if (report.actualOn) return 'landed';
  const delay = delayMinutes(report);
  if (delay >= 5) return 'delayed';
  if (delay <= -5) return 'early';
  return 'scheduled';
}

/** Minutes the landing is expected after (or before, negative) its schedule. */
export function delayMinutes(report: FlightReport): number {
  const expected = report.actualOn ?? report.estimatedOn;
  if (!expected || !report.scheduledOn) return 0;
  return Math.round((expected.getTime() - report.scheduledOn.getTime()) / MINUTE);
}

/** The landing the meet time follows: the actual one, else the estimate, else the schedule. */
export function expectedLanding(report: FlightReport): Date | null {
  return report.actualOn ?? report.estimatedOn ?? report.scheduledOn;
}

/**
 * When the driver meets the passenger: the landing plus the airport's buffer, but never before
 * the pickup time booked (a passenger who asked for more time after landing keeps it).
 */
export function meetTime(landing: Date, bufferMinutes: number, bookedPickup: Date): Date {
  const fromLanding = landing.getTime() + bufferMinutes * MINUTE;
  return new Date(Math.max(fromLanding, bookedPickup.getTime()));
}

/**
 * The time a driver waits from at the pickup: the meet time a tracked flight set (it follows
 * the actual landing), else the booked pickup. Free waiting counts from the landing, not from
 * a pickup time the flight has passed.
 */
export function waitFrom(bookedPickup: Date, meetAt: Date | null | undefined): Date {
  return meetAt && meetAt.getTime() > bookedPickup.getTime() ? meetAt : bookedPickup;
}

/** True when the new meet time is far enough from the old one to move the pickup. */
export function meetTimeMoved(before: Date, after: Date): boolean {
  return Math.abs(after.getTime() - before.getTime()) >= MEET_MOVE_THRESHOLD_MINUTES * MINUTE;
}

/**
 * When to look at the flight again: from TRACKING_STARTS_HOURS before its scheduled landing,
 * every `farMs`, then every `nearMs` in the last hour before the expected landing (and after
 * it, until it has landed); never again once it has landed, was called off or was not found.
 */
export function nextLookAt(
  now: Date,
  state: FlightState,
  report: Pick<FlightReport, 'scheduledOn'> & { expected: Date | null },
  intervals: { farMs: number; nearMs: number },
): Date | null {
  if (FLIGHT_FINAL_STATES.includes(state) || state === 'untracked') return null;
  const scheduled = report.scheduledOn ?? report.expected;
  if (!scheduled) return null;
  const starts = scheduled.getTime() - TRACKING_STARTS_HOURS * 60 * MINUTE;
  if (now.getTime() < starts) return new Date(starts);
  const expected = (report.expected ?? scheduled).getTime();
  const near = expected - now.getTime() <= NEAR_LANDING_MINUTES * MINUTE;
  return new Date(now.getTime() + (near ? intervals.nearMs : intervals.farMs));
}

/** The board's words for a flight: Scheduled, Delayed 40 min, Landed 14:32, Cancelled. */
export function flightLabel(track: {
  state: FlightState;
  scheduledOn: Date | null;
  estimatedOn: Date | null;
  actualOn: Date | null;
}): string {
  const report = { ...track, cancelled: false, diverted: false };
  switch (track.state) {
    case 'untracked':
      return 'Not tracked';
    case 'checking':
      return 'Checking';
    case 'not_found':
      return 'Not found';
    case 'scheduled':
      return 'Scheduled';
    case 'delayed':
      return `Delayed ${delayMinutes(report)} min`;
    case 'early':
      return `Early ${-delayMinutes(report)} min`;
    case 'landed':
      return track.actualOn ? `Landed ${londonTimeOfDay(track.actualOn)}` : 'Landed';
    case 'cancelled':
      return 'Cancelled';
    case 'diverted':
      return 'Diverted';
  }
}

/** The warning given at booking when the flight does not land at the pickup's airport. */
export function flightNotFoundWarning(flightNo: string, airport: string, date: string): string {
  return `We could not find flight ${flightNo} landing at ${airport} on ${formatDateGB(date)}. Please check the flight number: your driver follows the flight to meet you.`;
}

/** What the booking page and the console say when flights are not tracked (no provider key). */
export const FLIGHT_TRACKING_OFF =
  'Flight tracking is off: the driver meets you at the booked pickup time.';

/** The UK date a time falls on, as the flight's landing day is compared with the pickup's. */
export function londonDateOf(instant: Date): string {
  return londonDateAndMinute(instant).date;
}

/** A flight number as the provider is asked for it: capitals, no spaces ('ba 117' -> BA117). */
export function flightIdent(flightNo: string): string {
  return flightNo.replace(/\s+/g, '').toUpperCase();
}

/**
 * A flight number as its airline's code and its number, as a timetable is searched: BA117 is
 * BA and 117, U21234 is U2 and 1234, BAW117 (an ICAO code) is BAW and 117; null when it is
 * not a flight number.
 */
export function flightParts(flightNo: string): { airline: string; number: string } | null {
  const ident = flightIdent(flightNo);
  const match =
    /^([A-Z]{3})(\d{1,4}[A-Z]?)$/.exec(ident) ?? /^([A-Z0-9]{2})(\d{1,4}[A-Z]?)$/.exec(ident);
  if (!match?.[1] || !match[2] || /^\d\d$/.test(match[1])) return null;
  return { airline: match[1], number: match[2] };
}
