import { OPERATOR_ROUTES, ROUTES } from '../../contract/app-routes';
import { DRIVER_ROUTES } from '../../contract/app-routes';
import type { JobLeg } from '../../domain/booking-jobs';

// One list for the router, the server (which answers unknown paths 404 and frames only the
// booking pages) and the service worker: contract/app-routes.ts.
export { OPERATOR_ROUTES, ROUTES };
export { DRIVER_ROUTES };

/**
 * The driver's My jobs page as the app links to it: with the slash, inside the driver
 * manifest's scope (/driver/), so an installed app never shows it as an outside page.
 */
export const DRIVER_HOME = `${DRIVER_ROUTES.root}/`;

/** The driver's page of one job. */
export function driverJobPath(jobRef: string): string {
  return DRIVER_ROUTES.job.replace(':jobRef', encodeURIComponent(jobRef));
}

/** The passenger's page of one booking. */
export function manageBookingPath(bookingNumber: string): string {
  return ROUTES.manageBookingDetail.replace(':bookingNumber', encodeURIComponent(bookingNumber));
}

/** The console's page of one booking. */
export function operatorBookingPath(bookingNumber: string): string {
  return OPERATOR_ROUTES.booking.replace(':bookingNumber', encodeURIComponent(bookingNumber));
}

/** The query that opens the console's booking page on one leg (issue 32): `?leg=return`. */
export const JOB_LEG_PARAM = 'leg';

/** The console's page of a booking opened on one of its jobs: the return leg's with `?leg=return`. */
export function operatorJobPath(bookingNumber: string, leg: JobLeg): string {
  const path = operatorBookingPath(bookingNumber);
  return leg === 'return' ? `${path}?${JOB_LEG_PARAM}=return` : path;
}

/**
 * Steps of the booking flow. A new app version is never announced on these paths, so a
 * reload can't interrupt a passenger who is choosing a vehicle or paying.
 */
export const BOOKING_FLOW_PATHS: readonly string[] = [
  ROUTES.quotation,
  ROUTES.personalDetails,
  ROUTES.payment,
  ROUTES.stripeCheckout,
  ROUTES.checkout,
];

/** Routes on which the spec hides the navbar. */
export const NAVBAR_HIDDEN_PATHS: readonly string[] = [
  ROUTES.paymentSuccess,
  ROUTES.paymentSuccessView,
  ROUTES.paymentCancel,
  ROUTES.bookings,
  ROUTES.myAccount,
  ROUTES.login,
];

/** Paths compare case-insensitively, as React Router matches them. */
function normalisePath(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return trimmed.toLowerCase();
}

/** True when the path is one of the booking flow steps (quotation to payment). */
export function isBookingFlowPath(pathname: string): boolean {
  const path = normalisePath(pathname);
  return BOOKING_FLOW_PATHS.some((step) => step.toLowerCase() === path);
}

/** True when the spec hides the navbar on this path. */
export function isNavbarHiddenPath(pathname: string): boolean {
  const path = normalisePath(pathname);
  return NAVBAR_HIDDEN_PATHS.some((hidden) => hidden.toLowerCase() === path);
}
