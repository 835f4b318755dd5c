import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldErrors as FormErrors, Resolver, ResolverResult } from 'react-hook-form';
import * as z from 'zod/mini';
import { phoneMessages, phoneSchema } from '../../../../contract/phone';
import { mentionsAirport } from '../../../../domain/booking-form';
import { isEmailAddress } from '../../../../domain/email';
import { registrationProblem, type RegistrationMode } from '../../../../domain/registration';
import { commonPasswordKey, passwordProblem } from '../../../../domain/password-policy';
import { guestLoginAllowed, type SettingsMap } from '../../../../domain/settings';
import { textRule } from '../../../lib/form-rules';
import type { BookingDrafts, RegistrationDataDraft } from '../state/booking-drafts';
import { loadCommonPasswords } from './common-passwords';

/**
 * The personal details form's rules (spec: Personal details page and section 5), apart from
 * the page so each reads in a few lines and can be tested without rendering.
 */

export const EMPTY_REGISTRATION: RegistrationDataDraft = {
  firstName: '',
  surname: '',
  number: '',
  email: '',
  username: '',
  password: '',
  privacyAccepted: false,
  termsAccepted: false,
  passengerDetails: 'no',
  passengerName: '',
  passengerLastname: '',
  passengerEmail: '',
  passengerPhone: '',
  additionalInfo: '',
  return_additionalInfo: '',
  textMe: true,
};

/** The radio labels of the three modes, in the order they are offered. */
export const MODE_LABELS: Record<RegistrationMode, string> = {
  guest_login: 'Guest',
  new_client: 'New Client',
  existing_client: 'Existing Client',
};

/** The modes GUEST_LOGIN allows: guests only when the operator lets them book. */
export function availableModes(settings: SettingsMap): RegistrationMode[] {
  return guestLoginAllowed(settings)
    ? ['guest_login', 'new_client', 'existing_client']
    : ['new_client', 'existing_client'];
}

/**
 * The mode to show: the chosen or saved one while it is allowed, else guest when allowed
 * (the spec's default), else new client.
 */
export function modeToShow(saved: RegistrationMode | undefined, settings: SettingsMap) {
  const modes = availableModes(settings);
  if (saved && modes.includes(saved)) return saved;
  return modes[0]!;
}

/**
 * What is saved: the username of a client account is its email. The form's data is what the
 * visitor sees now, so a password a reload once dropped is no longer pending (booking-drafts.ts).
 */
export function toRegistrationDraft(
  mode: RegistrationMode,
  data: RegistrationDataDraft,
): RegistrationDataDraft {
  const { passwordDropped: _dropped, ...rest } = data;
  return { ...rest, username: mode === 'guest_login' ? '' : data.email.trim() };
}

/** The fields whose problems show under them, in the page's order. */
export const INLINE_FIELDS = ['email', 'number', 'password'] as const;
export type FieldErrors = Partial<Record<(typeof INLINE_FIELDS)[number], string>>;

/** Whether the mode's form has a Number field (existing clients sign in with email only). */
export function asksForNumber(mode: RegistrationMode): boolean {
  return mode !== 'existing_client';
}

/** The required fields beyond the spec's four checks: a real email and a phone number. */
function inlineChecks(mode: RegistrationMode) {
  return z.object({
    email: textRule((email) =>
      isEmailAddress(email) ? undefined : 'Enter a valid email address, like name@example.com',
    ),
    number: asksForNumber(mode)
      ? phoneSchema({ required: 'Enter your phone number', ...phoneMessages('Number') })
      : z.string(),
  });
}

/**
 * A new client's password against the server's policy (domain/password-policy.ts), so a
 * password the server would refuse at payment is refused here, under the field.
 */
async function newPasswordProblem(password: string): Promise<string | null> {
  const lengths = passwordProblem(password);
  if (lengths) return lengths;
  const common = await loadCommonPasswords();
  return passwordProblem(password, (value) => common.has(commonPasswordKey(value)));
}

/**
 * What Next checks, in order: the spec's four checks (domain's, the server's too), whose
 * failure is the form's `root.dialog` error, for an 'Error' dialog; then the inline ones,
 * under their fields: email, number and a new client's password, by the server's rules.
 */
export function registrationResolver(mode: RegistrationMode): Resolver<RegistrationDataDraft> {
  const inline = zodResolver(inlineChecks(mode));
  return async (values, context, options): Promise<ResolverResult<RegistrationDataDraft>> => {
    const dialog = registrationProblem(mode, values);
    if (dialog) return { values: {}, errors: { root: { dialog: { message: dialog } } } };
    const checked = await inline(values, context, { ...options, fields: {}, names: [] });
    const errors: FormErrors<RegistrationDataDraft> = { ...checked.errors };
    const password = mode === 'new_client' ? await newPasswordProblem(values.password) : null;
    if (password) errors.password = { type: 'policy', message: password };
    if (Object.keys(errors).length > 0) return { values: {}, errors };
    return { values, errors: {} };
  };
}

/** The inline checks' messages by field, from the form's errors. */
export function inlineErrors(errors: FormErrors<RegistrationDataDraft>): FieldErrors {
  return {
    email: errors.email?.message,
    number: errors.number?.message,
    password: errors.password?.message,
  };
}

/**
 * The travel reference fields to show: the pickup's when the pickup names an airport or
 * terminal, and on return trips the return's when the drop-off does.
 */
export function travelReferenceFields(drafts: BookingDrafts) {
  const bookingType = drafts.PriceDetails?.bookingType ?? drafts.BookingType;
  if (bookingType === 'hourly') {
    const pickup = drafts.HourlyRateForm?.pickup ?? '';
    return { pickup: mentionsAirport(pickup), return: false };
  }
  const form = drafts.BookingForm;
  return {
    pickup: mentionsAirport(form?.pickup ?? ''),
    return: form?.select_option === 'return' && mentionsAirport(form.dropoff),
  };
}
