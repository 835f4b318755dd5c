/**
 * The web app's pages. The router (web/app/router.tsx) maps them to screens; the server knows
 * from the same list which addresses are pages (others answer 404) and which may be framed by
 * an operator's site, and the service worker which navigations its offline shell answers.
 */

/**
 * Every path of the spec's route table (section 2). Links, redirects and guards use these
 * constants; the router maps them to screens in web/app/router.tsx.
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

/**
 * The operator console (issue 21): its own layout, lazily loaded, signed in with a session
 * cookie. `bookingPath` and `bookingsNew` sit under bookings.
 */
export const OPERATOR_ROUTES = {
  root: '/operator',
  login: '/operator/login',
  // Where an invitation's link lands (issue 33): outside the console's layout, like login.
  setPassword: '/operator/set-password',
  bookings: '/operator/bookings',
  bookingsNew: '/operator/bookings/new',
  booking: '/operator/bookings/:bookingNumber',
  drivers: '/operator/drivers',
  // Setting the business up (issue 33).
  settings: '/operator/settings',
  fleet: '/operator/fleet',
  prices: '/operator/prices',
  companies: '/operator/companies',
  accounts: '/operator/accounts',
  requests: '/operator/requests',
  mail: '/operator/mail',
  activity: '/operator/activity',
  // The driver's app, seen from the console (issue 34).
  vehicles: '/operator/vehicles',
  map: '/operator/map',
  // What passengers are told (issue 35).
  messages: '/operator/messages',
} as const;

/**
 * The driver's app (issue 34): installable on its own (scope /driver/, its own manifest and
 * service worker), signed in with the ridebook_driver cookie.
 */
export const DRIVER_ROUTES = {
  root: '/driver',
  login: '/driver/login',
  setPassword: '/driver/set-password',
  job: '/driver/jobs/:jobRef',
} as const;

/**
 * The pages an operator's site may frame (EMBED_PARENT_ORIGINS, public/embed.js): booking a
 * ride and what it links to. Never the console, a passenger's own booking or account, or a
 * sign-in: a framing site could lay itself over those (clickjacking).
 */
export const EMBEDDABLE_ROUTES: readonly string[] = [
  ROUTES.home,
  ROUTES.bookNow,
  ROUTES.bookTrip,
  ROUTES.quotation,
  ROUTES.personalDetails,
  ROUTES.payment,
  ROUTES.stripeCheckout,
  ROUTES.checkout,
  ROUTES.quoteNow,
  ROUTES.ourFleet,
  ROUTES.contactUs,
  ROUTES.paymentSuccess,
  ROUTES.paymentSuccessView,
  ROUTES.paymentCancel,
  ROUTES.privacyPolicy,
  ROUTES.terms,
];

/**
 * A route as a regular expression over a URL's path, matched as React Router matches:
 * case-insensitively, a `:param` standing for one segment, a trailing slash allowed. A query
 * may follow: workbox matches a navigation's path and query together.
 */
export function routePattern(route: string): RegExp {
  const escaped = route
    .split('/')
    .map((segment) =>
      segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${escaped}/?(?:\\?.*)?$`, 'i');
}

/** Every page's pattern; the service worker's shell answers only these navigations. */
export const APP_ROUTE_PATTERNS: readonly RegExp[] = [
  ...Object.values(ROUTES),
  ...Object.values(OPERATOR_ROUTES),
  ...Object.values(DRIVER_ROUTES),
].map(routePattern);

const EMBEDDABLE_PATTERNS = EMBEDDABLE_ROUTES.map(routePattern);

/** True when `path` (a URL's path, without query) is one of the app's pages. */
export function isAppRoute(path: string): boolean {
  return APP_ROUTE_PATTERNS.some((pattern) => pattern.test(path));
}

/** True when `path` is a page an operator's site may frame (EMBEDDABLE_ROUTES). */
export function isEmbeddableRoute(path: string): boolean {
  return EMBEDDABLE_PATTERNS.some((pattern) => pattern.test(path));
}
