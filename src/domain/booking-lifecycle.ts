import { documentState, DOCUMENT_WARNING_DAYS } from './compliance';

/**
 * A booking's life after it is made (issue 21): its statuses, their labels, and the one table of
 * which status may follow which. The server refuses any other change with a 409; the console
 * shows a button only for the steps this table allows.
 */

export const BOOKING_STATUSES = [
  'pending',
  'confirmed',
  'driver_assigned',
  'en_route',
  'arrived',
  'on_board',
  'completed',
  'cancelled',
  'no_show',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** The label shown wherever a status is shown: console, passenger pages, mails, CSV. */
export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  driver_assigned: 'Driver assigned',
  en_route: 'On the way',
  arrived: 'Arrived',
  on_board: 'Passenger on board',
  completed: 'Completed',
  cancelled: 'Cancelled',
  no_show: 'No-show',
};

/** A booking made on the public site starts here; one an operator takes by phone starts confirmed. */
export const INITIAL_BOOKING_STATUS: BookingStatus = 'pending';

/**
 * The allowed moves. Assigning a driver is its own call (it needs a driver): it is the move to
 * `driver_assigned`, from confirmed, or again from driver_assigned/en_route/arrived to reassign.
 */
const NEXT: Record<BookingStatus, readonly BookingStatus[]> = {
  pending: ['confirmed', 'cancelled'],
  confirmed: ['driver_assigned', 'cancelled'],
  driver_assigned: ['driver_assigned', 'en_route', 'cancelled'],
  en_route: ['driver_assigned', 'arrived', 'cancelled'],
  arrived: ['driver_assigned', 'on_board', 'no_show', 'cancelled'],
  on_board: ['completed'],
  completed: [],
  cancelled: [],
  no_show: [],
};

export function canTransition(from: BookingStatus, to: BookingStatus): boolean {
  return NEXT[from].includes(to);
}

/** The statuses that can follow `from`, in the order the console shows their buttons. */
export function nextStatuses(from: BookingStatus): readonly BookingStatus[] {
  return NEXT[from];
}

/**
 * A Confirmed job (no driver yet) needs the office once its pickup is this close: the board's
 * Needs action lists it beside the Pending ones.
 */
export const NEEDS_DRIVER_WITHIN_HOURS = 24;

/** Nothing follows these. */
export function isFinalStatus(status: BookingStatus): boolean {
  return NEXT[status].length === 0;
}

/** Whether a driver may be (re)assigned: until the passenger is on board. */
export function canAssignDriver(status: BookingStatus): boolean {
  return canTransition(status, 'driver_assigned');
}

/** Whether a driver is on the booking at this status, so the passenger is told who. */
export function driverOnBooking(status: BookingStatus): boolean {
  return ['driver_assigned', 'en_route', 'arrived', 'on_board', 'completed'].includes(status);
}

/** The 409's text for a refused move, naming both statuses. */
export function refusedTransitionMessage(from: BookingStatus, to: BookingStatus): string {
  return `A booking that is ${BOOKING_STATUS_LABELS[from]} cannot become ${BOOKING_STATUS_LABELS[to]}`;
}

/** Who made a change, as history records it. */
export const STATUS_ACTORS = ['operator', 'passenger', 'system', 'driver'] as const;
export type StatusActor = (typeof STATUS_ACTORS)[number];

/** A private hire driver's licence expiring within this many days is flagged (domain/compliance.ts). */
export const LICENCE_WARNING_DAYS = DOCUMENT_WARNING_DAYS;

/** Whether a licence expiring on `expiry` (YYYY-MM-DD) has expired by `today` (YYYY-MM-DD, UK). */
export function licenceExpired(expiry: string, today: string): boolean {
  return documentState(expiry, today) === 'expired';
}

/** Whether a licence expires within LICENCE_WARNING_DAYS of `today` (and has not yet). */
export function licenceExpiringSoon(expiry: string, today: string): boolean {
  return documentState(expiry, today) === 'expiring';
}

/** How the console flags a licence: 'expiring' within LICENCE_WARNING_DAYS, or 'expired'. */
export function licenceState(expiry: string, today: string): 'valid' | 'expiring' | 'expired' {
  const state = documentState(expiry, today);
  // A driver's licence expiry is always recorded (drivers.licence_expiry is required).
  return state === 'missing' ? 'expired' : state;
}
