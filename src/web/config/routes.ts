/**
 * Every path of the spec's route table (section 2). Links, redirects and guards use these
 * constants; the router maps them to screens in app/router.tsx.
 */
export const ROUTES = {
  home: '/',
  bookNow: '/book-now',
  bookTrip: '/booktripview',
  quotation: '/quotationview',
  personalDetails: '/personalDetailView',
  payment: '/paymentview',
  stripeCheckout: '/stripecheckout',
  checkout: '/checkout',
  quoteNow: '/quoteView',
  ourFleet: '/ourfleet',
  contactUs: '/contactus',
  forgotPassword: '/forgot_password',
  paymentSuccess: '/payment-success',
  paymentSuccessView: '/paymentSuccessView',
  paymentCancel: '/payment-cancel',
  bookings: '/bookings',
  myAccount: '/my-account',
  login: '/login',
  privacyPolicy: '/privacy-policy',
  terms: '/terms-and-conditions',
  // The passenger's own booking (issue 22): found by reference and email, or from a mail link.
  manageBooking: '/manage-booking',
  manageBookingDetail: '/manage-booking/:bookingNumber',
} as const;

/** The passenger's page of one booking. */
export function manageBookingPath(bookingNumber: string): string {
  return ROUTES.manageBookingDetail.replace(':bookingNumber', encodeURIComponent(bookingNumber));
}

/**
 * The operator console (issue 21): its own layout, lazily loaded, signed in with a session
 * cookie. `bookingPath` and `bookingsNew` sit under bookings.
 */
export const OPERATOR_ROUTES = {
  root: '/operator',
  login: '/operator/login',
  bookings: '/operator/bookings',
  bookingsNew: '/operator/bookings/new',
  booking: '/operator/bookings/:bookingNumber',
  drivers: '/operator/drivers',
} as const;

/** The console's page of one booking. */
export function operatorBookingPath(bookingNumber: string): string {
  return OPERATOR_ROUTES.booking.replace(':bookingNumber', encodeURIComponent(bookingNumber));
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
