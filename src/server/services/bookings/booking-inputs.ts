import type { BookingRequest } from '../../../contract/bookings';
import { phoneProblem } from '../../../contract/phone';
import { bookingFormSchema, hourlyFormSchema } from '../../../domain/booking-form';
import type { BookingForm, HourlyForm } from '../../../domain/booking-form';
import { BOOKING_MESSAGES, MESSAGES } from '../../../domain/messages';
import { isEmailAddress } from '../../../domain/email';
import {
  passengerFullName,
  registrationDataSchema,
  registrationProblem,
} from '../../../domain/registration';
import type { RegistrationData, RegistrationMode } from '../../../domain/registration';
import { RequestValidationError } from '../../errors';
import { parseNestedForm } from '../../lib/nested-form';
import type { PreparedBooking } from './prepared-booking';

/**
 * The booking inputs POST /booking and POST /create-checkout-session share, checked the same
 * way for both: the forms with their domain schemas, the registration data with the spec's
 * Next checks and the server's own rules. Every failure is a 400 naming the field.
 */

/** The fields both calls carry (contract: bookingInputFields). */
export type BookingInputs = Pick<
  BookingRequest,
  | 'selectedVehicleData'
  | 'selectedVehicle'
  | 'bookingType'
  | 'bookingForm'
  | 'hourlyRateForm'
  | 'registrationData'
  | 'selected_passenger'
>;

/** A parsed form with its type. */
export type ParsedForm =
  { bookingType: 'milleage'; form: BookingForm } | { bookingType: 'hourly'; form: HourlyForm };

/** The vehicle, operator and count the client chose; any may be missing. */
export interface ClientSelection {
  vehicleId: number | undefined;
  companyId: number | undefined;
  /** vehicle_count, else selectedVehicle (the spec's count), else undefined. */
  vehicleCount: number | undefined;
  quoteId: string | undefined;
}

/** Which registrationData field each of the spec's Next checks is about. */
const PROBLEM_FIELDS: Record<string, keyof RegistrationData> = {
  [BOOKING_MESSAGES.emailRequired]: 'email',
  [BOOKING_MESSAGES.passwordRequired]: 'password',
  [BOOKING_MESSAGES.privacyRequired]: 'privacyAccepted',
  [BOOKING_MESSAGES.termsRequired]: 'termsAccepted',
};

function registrationError(field: keyof RegistrationData, message: string) {
  return new RequestValidationError([{ path: `registrationData.${field}`, message }]);
}

export function parseForm(inputs: BookingInputs): ParsedForm {
  return inputs.bookingType === 'milleage'
    ? {
        bookingType: 'milleage',
        form: parseNestedForm(
          bookingFormSchema,
          inputs.bookingForm,
          'bookingForm',
          MESSAGES.bookingFormMissing,
        ),
      }
    : {
        bookingType: 'hourly',
        form: parseNestedForm(
          hourlyFormSchema,
          inputs.hourlyRateForm,
          'hourlyRateForm',
          MESSAGES.hourlyFormMissing,
        ),
      };
}

/**
 * registrationData checked in the spec's order (its exact texts), then: the email must look
 * like one and a contact number is required (spec: required fields email and number).
 */
export function parseRegistration(inputs: BookingInputs): {
  mode: RegistrationMode;
  data: RegistrationData;
} {
  const mode = inputs.selected_passenger;
  const data = parseNestedForm(
    registrationDataSchema,
    inputs.registrationData,
    'registrationData',
    BOOKING_MESSAGES.emailRequired,
  );
  const problem = registrationProblem(mode, data);
  if (problem) throw registrationError(PROBLEM_FIELDS[problem] ?? 'email', problem);
  if (!isEmailAddress(data.email)) {
    throw registrationError('email', BOOKING_MESSAGES.emailInvalid);
  }
  // An existing client signs in with email and password; their number is on their account.
  if (mode !== 'existing_client' && !data.number) {
    throw registrationError('number', BOOKING_MESSAGES.contactNumberRequired);
  }
  const numberProblem = data.number ? phoneProblem('number', data.number) : null;
  if (numberProblem) throw registrationError('number', numberProblem);
  if (data.passengerDetails === 'yes') {
    if (!data.passengerName)
      throw registrationError('passengerName', BOOKING_MESSAGES.passengerNameRequired);
    if (data.passengerEmail && !isEmailAddress(data.passengerEmail)) {
      throw registrationError('passengerEmail', BOOKING_MESSAGES.passengerEmailInvalid);
    }
    const passengerPhone =
      data.passengerPhone && phoneProblem('passengerPhone', data.passengerPhone);
    if (passengerPhone) throw registrationError('passengerPhone', passengerPhone);
  }
  return { mode, data };
}

export function clientSelection(inputs: BookingInputs): ClientSelection {
  const chosen = inputs.selectedVehicleData;
  return {
    vehicleId: chosen.vehicle_id ?? chosen.detail?.vehicle_id,
    companyId: chosen.company_id ?? chosen.detail?.company_id,
    vehicleCount: chosen.vehicle_count ?? inputs.selectedVehicle,
    quoteId: chosen.quote_id || undefined,
  };
}

/**
 * Who travels. The booker, unless they book for someone else (passengerDetails 'yes'): then
 * that person's name, and their email and phone where given (else the booker's, who must
 * still hear of the booking). An existing client's own details come from their account.
 */
export function passengerOf(
  data: RegistrationData,
  form: ParsedForm['form'],
  account?: { firstName: string; lastName: string; phone: string; email: string },
): PreparedBooking['passenger'] {
  const bookerName =
    passengerFullName(data) ||
    (account ? passengerFullName({ firstName: account.firstName, surname: account.lastName }) : '');
  const bookerPhone = data.number || account?.phone || '';
  const forSomeoneElse = data.passengerDetails === 'yes';
  return {
    name: forSomeoneElse
      ? [data.passengerName, data.passengerLastname].filter(Boolean).join(' ')
      : bookerName,
    email: forSomeoneElse && data.passengerEmail ? data.passengerEmail : data.email,
    phone: forSomeoneElse && data.passengerPhone ? data.passengerPhone : bookerPhone,
    additionalInfo: data.additionalInfo,
    returnAdditionalInfo: data.return_additionalInfo,
    totalPassengers: form.passengers,
    textsWanted: data.textMe,
  };
}
