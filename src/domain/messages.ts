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
  bookingFormMissing: 'BookingForm data is missing.',
  hourlyFormMissing: 'HourlyRateForm data is missing.',
  noSelectedVehicle: 'No selected vehicle data found in localStorage.',
  noBookingForm: 'No BookingForm data found in localStorage.',
  invalidApiKey: 'Invalid API key',
  somethingWentWrong: 'Something went wrong',
  notFound: 'Not found',
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
