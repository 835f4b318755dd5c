import type { OperatorRole } from './operator-roles';

/**
 * The spec's exact texts (sections 2, 5 and 8). One place, so the browser and the server
 * can never drift apart by a character; external checks compare these word for word.
 */
export const MESSAGES = {
  loadingContent: 'Please wait while loading content',
  loadingContentDots: 'Please wait while loading content...',
  loadingPrice: 'Please wait while loading price...',
  fetchingPrices: 'Please wait while fetching prices',
  completeEditing: 'Please complete editing your search',
  graceTime: 'Pickup time is within the grace period',
  addressBanned: 'Address is banned',
  zeroDistance:
    'The calculated distance is zero miles. Please check your pickup and dropoff locations.',
  capacityPrefix:
    "Sorry we don't have any vehicle with requested options, the following limits are exceeded: ",
  /** Not the spec's: its capacity wording for one chosen vehicle when others would fit. */
  chosenVehicleCapacityPrefix:
    'The selected vehicle cannot take the requested options, the following limits are exceeded: ',
  bookingFormMissing: 'BookingForm data is missing.',
  hourlyFormMissing: 'HourlyRateForm data is missing.',
  noSelectedVehicle: 'No selected vehicle data found in localStorage.',
  noBookingForm: 'No BookingForm data found in localStorage.',
  invalidApiKey: 'Invalid API key',
  somethingWentWrong: 'Something went wrong',
  notFound: 'Not found',
} as const;

/** An address inside the site that is no page: the server's 404 and the router's page alike. */
export const PAGE_NOT_FOUND = {
  title: 'Page not found',
  text: 'There is no page at this address. It may have moved, or the link may be mistyped.',
  homeLink: 'Go to the home page',
} as const;

/** A page no other site may frame (the console, a booking, a sign-in), reached inside one. */
export const OUTSIDE_FRAME = {
  title: 'This page opens in its own window',
  text: 'For your security it cannot be shown inside another website.',
  link: 'Open it in a new window',
} as const;

/**
 * The parts after MESSAGES.capacityPrefix, in the spec's order (section 5), each followed by
 * how many over the largest vehicle the request is.
 */
export const CAPACITY_EXCEEDED = {
  passengers: 'Passengers exceeded by',
  luggages: 'Luggage exceeded by',
  hand_luggages: 'Hand Luggage exceeded by',
} as const;

/** The booking flow's texts (spec sections 5 and 8: personal details, payment, result). */
export const BOOKING_MESSAGES = {
  emailRequired: 'Enter Passenger Email to receive booking details',
  passwordRequired: 'Enter Password for booking',
  privacyRequired: 'Please Accept Our Privacy Policies',
  termsRequired: 'Please Accept Our Term and Conditions',
  emailNotFound:
    'Email not found in the system, Enter new email inside new client or try with another email',
  emailFound: 'Email found. Proceeding to payment.',
  /** Beyond the spec: the title over emailNotFound, true of a wrong password as well. */
  signInFailedTitle: 'Email or password is incorrect.',
  /** Followed by the failure's message. */
  emailCheckFailedPrefix: 'An error occurred while checking email: ',
  bookingFailedTitle: 'Booking Failed',
  paymentFailedTitle: 'Payment Failed',
  errorTitle: 'Error',
  thankYou: 'Thank You',
  quoteConfirmed: 'Your Quote is Confirmed!',
  emailSent: 'You have received an email for all your quote details',
  paymentCanceledTitle: 'Payment Canceled',
  paymentCanceled: 'Your payment was canceled.',
  paymentCanceledHelp: 'Please try again or contact support if you need assistance.',
  normalBooking: 'Normal Booking',
  hourlyBooking: 'Hourly Booking',
  payInCar: 'Pay in Car',
  payByCard: 'Pay By Card',
  /** Server side, beyond the spec. */
  tooManyBookings:
    'Too many bookings have been made from here or for this email. Please try again later, or call us to book.',
  tooManyChanges:
    'Too many changes have been made to this booking, or from here, just now. Please try again later, or call us to change it.',
  guestNotAllowed: 'Guest booking is not available. Please register or sign in.',
  amountMismatch: 'The amount does not match the price of this booking. Please review the price.',
  payInCarNotAllowed: 'Pay in Car is not available.',
  payByCardNotAllowed: 'Pay By Card is not available.',
  paymentNotCompleted: 'The card payment has not been completed.',
  checkoutSessionNotFound: 'Payment session not found',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request.',
  emailInvalid: 'Enter a valid email address, like name@example.co.uk',
  /** 409 when a live quote and the booking disagree: the customer saw a price for something else. */
  priceChanged:
    'The price of this booking has changed since it was quoted. Please review the price and try again.',
  /** The payment page's words for that 409, before the visitor pays. */
  priceChangedBeforePaying:
    'The price of this booking has changed since your quote. Please check the new price before you pay.',
  chooseQuotedVehicle: 'Choose a vehicle and operator from the quote',
  returnDateRequired: 'Enter the return date and time',
  returnBeforeOutward: 'The return must be after the outward pickup',
  contactNumberRequired: 'Enter a contact number',
  passengerNameRequired: "Enter the passenger's name",
  passengerEmailInvalid: 'Enter a valid email address for the passenger',
  frontendUrlNotThisSite: 'frontend_url must be the origin of this site',
  webhooksNotConfigured: 'Webhooks are not configured',
  requestInProgress: 'This request is still being processed. Please wait a moment and try again.',
  paymentProviderUnavailable:
    'The card payment service is not answering just now. Please try again in a few minutes.',
  paymentProviderFailed:
    'The card payment service could not handle this request. Please try again later or contact us.',
  /** A repeated card booking without the first request's proof gets the number only. */
  bookingAlreadyConfirmed:
    'This booking is confirmed. Its details were sent to the passenger by email.',
  flightNumberWarning:
    'This does not look like a flight number (e.g. BA283). Check it, or leave it if it is a train or ferry.',
} as const;

/** Forgot password (spec section 8), and the account rules the server adds. */
export const ACCOUNT_MESSAGES = {
  emailNotFound: 'Email not found',
  codeSent: 'A reset code has been sent to your email.',
  codeExpired: 'Reset code has expired',
  codeInvalid: 'Invalid reset code',
  codeVerified: 'Code verified successfully',
  passwordsDoNotMatch: 'Passwords do not match',
  resetFailed: 'An error occurred while resetting the password',
  resetDone: 'Password has been reset successfully',
  passwordTooShort: 'Password must be at least 8 characters',
  passwordTooCommon: 'This password is too common. Choose one that is harder to guess.',
  passwordTooLong: 'Password must be at most 128 characters',
  tooManyRequests: 'Too many attempts. Please wait a few minutes and try again.',
} as const;

/** The corporate area's texts (spec sections 2 and 8). */
export const CORPORATE_MESSAGES = {
  signIn: 'Sign In',
  toCorporateAccount: 'To Corporate Account',
  invalidCredentials: 'Invalid credentials. Please try again.',
  requestFailed: 'An error occurred. Please try again later.',
  loginSuccess: 'Login Successfully',
  profileUpdated: 'Passenger Details Updated',
  noBookingDetails: 'No booking details available.',
  /** Server side, beyond the spec. */
  signInRequired: 'Please sign in again.',
  notYourAccount: 'You can only see and change your own account.',
  emailTaken: 'This email is already used by another account.',
  currentPasswordRequired: 'Enter your current password to change your email.',
  currentPasswordWrong: 'The current password is not correct.',
} as const;

/** Quote Now and Contact Us (spec section 8). */
export const SUBMISSION_MESSAGES = {
  quoteSent: 'Your quote has been sent!',
  quoteFailed: 'There was a problem sending your quote.',
  formSubmittedTitle: 'Form Submitted',
  formSubmitted: 'Your form has been submitted successfully!. Thank You for Contacting',
  submissionFailedTitle: 'Submission Failed',
  queuedOffline: "Saved — it will be sent when you're back online",
  /** Server side: a field of a quote request or message refused. */
  charactersNotAllowed: (field: string) => `${field} contains characters that are not allowed`,
  pickupDateInvalid: 'pickup_date must be a valid date (YYYY-MM-DD or dd/mm/yyyy)',
  pickupDatePast: 'pickup_date cannot be in the past',
  pickupTimeInvalid: 'pickup_time must be a time such as 14:30 or 2:30pm',
  bookingNumberDigits: 'bookingNumber may contain only digits',
} as const;

/**
 * What the request schemas say about a field, named by its wire name ('pickup_date must be a
 * date like 2026-11-22'). Built here so every copy of a rule says the same words.
 */
export const FIELD_MESSAGES = {
  wholeNumber: (field: string, min: number, max: number) =>
    `${field} must be a whole number from ${min} to ${max}`,
  yesOrNo: (field: string) => `${field} must be yes or no`,
  date: (field: string) => `${field} must be a date like 2026-11-22`,
  hour: (field: string) => `${field} must be an hour like 9am or 3pm`,
  minute: (field: string) => `${field} must be 00 to 55 in steps of 5`,
  duration: (field: string) => `${field} must be 4hour to 24hour`,
  ukPoint: (field: string) => `${field} must be a point in the United Kingdom`,
  text: (field: string) => `${field} must be text`,
  notAnAddress: (field: string, text: string) =>
    `${field} must be an address a driver can find, not "${text}": use the location button again, or type the address`,
  maxLength: (field: string, max: number) => `${field} must be at most ${max} characters`,
  maxEntries: (field: string, max: number) => `${field} may hold at most ${max} entries`,
  list: (field: string) => `${field} must be a list`,
  waitingStep: (field: string) => `${field} must be in steps of 5 minutes`,
  notObject: (what: string) => `${what} must be a JSON object`,
  selectOption: 'select_option must be one_way or return',
  bookingType: 'bookingType must be milleage or hourly',
  userLocation: 'userLocation must hold lat and lon',
  pickupRequired: 'Enter the Pick-Up address',
  dropoffRequired: 'Enter the Drop-Off address',
} as const;

/** A console role as a sentence names it ("Only an admin or a manager can do this"). */
const ROLE_IN_A_SENTENCE: Record<OperatorRole, string> = {
  admin: 'an admin',
  manager: 'a manager',
  dispatcher: 'a dispatcher',
};

/** The operator console's texts (issue 21). */
export const OPERATOR_MESSAGES = {
  invalidCredentials: 'Email or password is incorrect.',
  signInRequired: 'Please sign in to the console.',
  /** The 403 of a role without the right, naming the roles that have it. */
  onlyRoles: (roles: readonly OperatorRole[]) => {
    const named = roles.map((role) => ROLE_IN_A_SENTENCE[role]);
    const last = named.pop();
    return `Only ${named.length > 0 ? `${named.join(', ')} or ${last}` : last} can do this`;
  },
  crossOrigin: 'This request must come from the console itself.',
  noShowBeforePickup: (time: string) =>
    `The pickup time, ${time}, has not come yet: a No-show can be recorded only after it.`,
  bookingNotFound: 'Booking not found',
  driverNotFound: 'Driver not found',
  cancellationReason: 'Give the reason for the cancellation',
  assignWithDriver: 'Choose a driver with Assign driver to assign one',
  driverNotCompany: "driver_id must be one of the booking company's drivers",
  driverInactive: 'This driver is deactivated and cannot be assigned',
  companyRequired: 'company_id is required: choose the company the driver works for',
  refundNotFound: 'Refund not found',
  refundNotFailed: 'Only a refund that failed can be retried',
  notOwnCompany: 'selected_vehicle.company_id must be your own company',
  quoteNotOwnCompany: 'selected_vehicle.quote_id must be a quote for your own company',
  notACategory: 'category_id must be a vehicle category',
  notACompany: 'company_id must be a company',
  companyFixed: 'company_id cannot be changed: add the driver to the other company instead',
} as const;

/**
 * What a change to a booking says (issue 32): its history notes, the money sentences of a
 * passenger's change, and the ledger's own words — written here so each service and page
 * says them the same way. Amounts come formatted (formatMoney).
 */
export const CHANGE_MESSAGES = {
  bookedOnline: 'Booked online',
  bookedAndPaid: 'Booked and paid by card',
  bookedByPhone: 'Booked by phone',
  changedByPassenger: (summary: readonly string[]) =>
    `Changed by the passenger: ${summary.join(', ')}`,
  cancelledByPassenger: (reason: string) =>
    reason ? `Cancelled by the passenger: ${reason}` : 'Cancelled by the passenger',
  driverAssigned: (name: string, registration: string) => `Driver: ${name}, ${registration}`,
  priceUnchanged: 'The price does not change.',
  refunded: (newPrice: string, amount: string) =>
    `The new price is ${newPrice}: ${amount} will be refunded to your card.`,
  refundedLessFee: (newPrice: string, refund: string, amount: string, kept: string) =>
    `The new price is ${newPrice}: ${refund} of the ${amount} difference will be refunded to your card; the late-cancellation fee of ${kept} on it is kept.`,
  feeTakesAll: (newPrice: string, amount: string) =>
    `The new price is ${newPrice}: nothing is refunded, as the late-cancellation fee on the ${amount} difference is all of it.`,
  payDifference: (newPrice: string, amount: string) =>
    `The new price is ${newPrice}: you pay the difference of ${amount} by card.`,
  payLessKeptFee: (newPrice: string, toPay: string, amount: string) =>
    `The new price is ${newPrice}: you pay ${toPay} by card, as the late-cancellation fee kept from your earlier change counts towards the ${amount} difference.`,
  keptFeeCovers: (newPrice: string, amount: string) =>
    `The new price is ${newPrice}: nothing more to pay, as the late-cancellation fee kept from your earlier change covers the ${amount} difference.`,
  paidAsBefore: (newPrice: string, direction: 'up' | 'down', amount: string) =>
    `The new price is ${newPrice}, paid as before (${direction} ${amount}).`,
  paidDifference: (amount: string) => `You paid the difference of ${amount} by card.`,
  paidDifferenceRefunded: (amount: string) =>
    `The ${amount} you paid for it will be refunded to your card.`,
  differenceCheckout: (bookingNumber: string) =>
    `Change to booking ${bookingNumber}: the difference in price`,
  /** The ledger's reasons a refund did not go through, for the console. */
  chargeUnknown: 'The card payment to refund is not known',
  issuerRefused: 'The card issuer refused the refund',
} as const;

/** Where a journey cannot be measured or placed (the distance service's answers). */
export const DISTANCE_MESSAGES = {
  unresolvedAddress: (address: string, field: string) =>
    `We could not find "${address}" (${field}). Choose an address from the suggestions or add its postcode.`,
  locationMismatch: (address: string, field: string, km: number) =>
    `The map position sent for "${address}" (${field}) is ${km} km from that address. Choose the address from the suggestions again, or clear the map position.`,
  unavailable: 'We could not measure the journey just now. Please try again in a moment.',
  outsideUk: (position: string) =>
    `Your location (${position}) is outside the United Kingdom. We pick up in the UK only: type a UK pickup address.`,
  unplaceable: (position: string) =>
    `We could not find a known address near your location (${position}). Type the pickup address or its postcode.`,
} as const;
