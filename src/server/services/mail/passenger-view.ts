import type { BookingMailData } from './booking-mail-data';

/**
 * What a mail to the passenger's address may show of a booking (issue 30).
 *
 * Whoever makes a booking types the address its mails go to, and nothing proves that address
 * is theirs: a guest's or new client's email is taken as typed, a booking for someone else
 * mails the other person, and an account's email was itself typed by whoever registered it
 * (accounts are not verified by mail). So the mails to that address (the confirmation, the
 * operator's status mails, the passenger's own changes and cancellation) carry none of the
 * free text a requester typed, or anyone could have us send their own words to a stranger
 * under the operator's name ("Hello Refund-at-evil.example,"). Left out: the name (greetings
 * say "Hello"), the contact number, each leg's notes and flight / train / ferry number.
 *
 * The addresses stay: they are the ride itself, the passenger must be able to check them, and
 * each is accepted only when the server (or Google) can place it on the map.
 *
 * The booking's page, behind the mail's "Manage your booking" link, shows everything as typed,
 * and the operator's own mails keep every field: they are the operator's record of the request.
 */
export function passengerMailData(input: BookingMailData): BookingMailData {
  const { booking, passengerDetails } = input.data;
  return {
    ...input,
    data: {
      ...input.data,
      booking: { ...booking, flight_no: '', return_flight_no: '' },
      passengerDetails: {
        ...passengerDetails,
        passenger_name: '',
        passenger_contact_no: '',
        additional_info: '',
        return_additional_info: '',
      },
    },
  };
}

/** What the passenger's mails say of the details they leave out. */
export const TYPED_DETAILS_NOTE =
  'Your booking page shows the name, contact number, notes and flight, train or ferry numbers given with the booking.';
