/** Every API path of API.md, relative to API_BASE. One list so client, server and tests agree. */
export const API_BASE = '/api/v1';

export const API_PATHS = {
  settingsFlat: '/settings-flat',
  fetchVehicles: '/fetch_vehicles',
  fetchCompanies: '/fetch_companies',
  aiAddresses: '/ai-addresses',
  reverseGeocode: '/reverse-geocode',
  calculateDistance: '/calculate-distance',
  calculateDistancePrice: '/calculate-distance-price',
  calculateHourlyPrice: '/calculate-hourly-price',
  calculateSelectedVehiclePrice: '/calculate-selected-vehicle-price',
  booking: '/booking',
  secretKey: '/secret_key',
  createCheckoutSession: '/create-checkout-session',
  getPaymentId: '/get-payment-id',
  stripeWebhook: '/stripe/webhook',
  sendInstantEmail: '/send-instant-email',
  contactUs: '/contact-us',
  checkPassengerEmail: '/check-passenger-email',
  checkPassengerLogin: '/check-passenger-login',
  passengerLogout: '/passenger/logout',
  passengerValidateToken: '/passenger/validate-token',
  getBooking: '/get_booking/:passenger_id',
  updatePassenger: '/update-passenger',
  forgotPassword: '/auth/forgot-password',
  verifyCode: '/auth/verify-code',
  resetPassword: '/auth/reset-password',
  embedConfig: '/embed-config',
  // The operator console (issue 21), signed in with a session cookie.
  operatorLogin: '/operator/login',
  operatorLogout: '/operator/logout',
  operatorMe: '/operator/me',
  operatorBookings: '/operator/bookings',
  operatorBookingsCsv: '/operator/bookings.csv',
  operatorBooking: '/operator/bookings/:booking_number',
  operatorBookingStatus: '/operator/bookings/:booking_number/status',
  operatorBookingAssign: '/operator/bookings/:booking_number/assign',
  operatorJobs: '/operator/jobs',
  operatorJob: '/operator/jobs/:job_ref',
  operatorJobStatus: '/operator/jobs/:job_ref/status',
  operatorJobAssign: '/operator/jobs/:job_ref/assign',
  operatorDrivers: '/operator/drivers',
  operatorDriver: '/operator/drivers/:id',
  operatorSettings: '/operator/settings',
  operatorRefundRetry: '/operator/bookings/:booking_number/refunds/:id/retry',
  // Console accounts (issue 33): managed by the admin and managers; invitations set passwords.
  operatorAccounts: '/operator/accounts',
  operatorAccount: '/operator/accounts/:id',
  operatorAccountInvitation: '/operator/accounts/:id/invitation',
  operatorInvitation: '/operator/invitation',
  operatorSetPassword: '/operator/set-password',
  operatorActivity: '/operator/activity',
  // Fleet and Companies (issue 33).
  operatorFleet: '/operator/fleet',
  operatorFleetCategory: '/operator/fleet/:id',
  operatorFleetOffering: '/operator/fleet/:id/offerings/:company_id',
  operatorFleetPicture: '/operator/fleet/:id/picture',
  operatorCompanies: '/operator/companies',
  operatorCompany: '/operator/companies/:id',
  // The console's Requests and Mail (issue 33).
  operatorRequests: '/operator/requests',
  operatorRequest: '/operator/requests/:id',
  operatorRequestReply: '/operator/requests/:id/reply',
  operatorMail: '/operator/mail',
  operatorMailResend: '/operator/mail/:id/resend',
  // The Prices page (issue 33).
  operatorRateCards: '/operator/rate-cards',
  operatorRateCard: '/operator/rate-cards/:id',
  operatorFixedFares: '/operator/fixed-fares',
  operatorCharges: '/operator/charges',
  operatorZones: '/operator/zones',
  operatorZone: '/operator/zones/:id',
  operatorBankHolidays: '/operator/bank-holidays',
  operatorBankHoliday: '/operator/bank-holidays/:region/:date',
  operatorPriceVersions: '/operator/prices/versions',
  operatorPriceVersionRestore: '/operator/prices/versions/:id/restore',
  operatorPricePreview: '/operator/price-preview',
  // The driver's app (issue 34): the console's side.
  operatorDriverInvitation: '/operator/drivers/:id/invitation',
  operatorDriverPositions: '/operator/drivers/positions',
  operatorJobOffer: '/operator/jobs/:job_ref/offer',
  operatorJobTrail: '/operator/jobs/:job_ref/trail',
  operatorJobTrailGpx: '/operator/jobs/:job_ref/trail.gpx',
  operatorVehicles: '/operator/vehicles',
  operatorVehicle: '/operator/vehicles/:id',
  operatorEvents: '/operator/events',
  // The Messages page (issue 35).
  operatorMessages: '/operator/messages',
  operatorMessage: '/operator/messages/:event',
  operatorMessagePreview: '/operator/messages/:event/preview',
  // The driver's app (issue 34), signed in with the ridebook_driver cookie.
  driverLogin: '/driver/login',
  driverLogout: '/driver/logout',
  driverMe: '/driver/me',
  driverInvitation: '/driver/invitation',
  driverSetPassword: '/driver/set-password',
  driverJobs: '/driver/jobs',
  driverJob: '/driver/jobs/:job_ref',
  driverJobAccept: '/driver/jobs/:job_ref/accept',
  driverJobDecline: '/driver/jobs/:job_ref/decline',
  driverJobStatus: '/driver/jobs/:job_ref/status',
  driverLocation: '/driver/location',
  driverDuty: '/driver/duty',
  driverPushSubscription: '/driver/push-subscription',
  driverEvents: '/driver/events',
  // The passenger's own booking (issue 22): lookup, then X-Manage-Token on every call.
  manageBookingLookup: '/manage-booking/lookup',
  manageBooking: '/manage-booking/:booking_number',
  manageBookingCancel: '/manage-booking/:booking_number/cancel',
  manageBookingAmendPreview: '/manage-booking/:booking_number/amend-preview',
  manageBookingAmend: '/manage-booking/:booking_number/amend',
  manageBookingAmendPayment: '/manage-booking/:booking_number/amend-payment',
  manageBookingReceipt: '/manage-booking/:booking_number/receipt.pdf',
  manageBookingTexts: '/manage-booking/:booking_number/texts',
  manageBookingPushSubscription: '/manage-booking/:booking_number/push-subscription',
  // The car on its way (issue 34): from On the way until Passenger on board.
  manageBookingDriver: '/manage-booking/:booking_number/driver',
  manageBookingEvents: '/manage-booking/:booking_number/events',
} as const;

/**
 * Sent by the console's board when it asks again by itself: such a call is answered but does
 * not count as use, so an unattended console still reaches its idle limit.
 */
export const CONSOLE_REFRESH_HEADER = 'x-console-refresh';

/** Carries the passenger's manage token on every /manage-booking call after lookup. */
export const MANAGE_TOKEN_HEADER = 'x-manage-token';

/** The console's session cookie: httpOnly, SameSite=Strict, Secure over https. */
export const OPERATOR_SESSION_COOKIE = 'ridebook_operator';

/** The headers that identify the site on every /api/v1 call (API.md, Headers). */
export const API_KEY_HEADERS = {
  public: 'x-api-public-key',
  secret: 'x-api-secret-key',
} as const;

/** Keys of the embedded demo; production sets PUBLIC_API_KEY / SECRET_API_KEY. */
export const DEMO_API_KEYS = { public: 'demo-public-key', secret: 'demo-secret-key' } as const;
