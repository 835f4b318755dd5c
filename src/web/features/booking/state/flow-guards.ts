import { phoneProblem } from '../../../../contract/phone';
import { passwordProblem } from '../../../../domain/password-policy';
import { isEmailAddress, registrationProblem } from '../../../../domain/registration';
import type { RegistrationMode } from '../../../../domain/registration-mode';
import { ROUTES } from '../../../config/routes';
import type { RegistrationDataDraft } from './booking-drafts';

/**
 * The booking flow's steps and where a click on each may lead (spec section 2, "Step bar and
 * guards"). Pure, so every screen of the flow and its tests share one reading of the rules.
 */

export type FlowStep = 'quote' | 'quotation' | 'personalDetails' | 'payment';

/**
 * The drafts a guard looks at: whether prices and a vehicle exist, and whether the personal
 * details are valid (a saved but empty or half-filled form is not a finished step).
 */
export type GuardDrafts = {
  PriceDetails?: unknown;
  selectedVehicleData?: unknown;
  registrationData?: RegistrationDataDraft | undefined;
  registrationMode?: RegistrationMode | undefined;
};

/**
 * The personal details step, judged from its data (the one place that says whether it is
 * done): 'valid' when the form's checks would pass; 'passwordLost' when everything is valid but
 * an account's password, which a reload dropped (booking-drafts.ts keeps it off the disk);
 * else 'invalid'. The common-password list is the form's own check; the server applies it too.
 */
export type DetailsState = 'valid' | 'passwordLost' | 'invalid';

export function detailsState(drafts: GuardDrafts): DetailsState {
  const data = drafts.registrationData;
  if (!data) return 'invalid';
  const mode = drafts.registrationMode ?? 'guest_login';
  const lost = mode !== 'guest_login' && data.password === '' && data.passwordDropped === true;
  // A lost password is judged as if it were there: the rest must still be valid.
  if (registrationProblem(mode, lost ? { ...data, password: '-' } : data)) return 'invalid';
  if (!isEmailAddress(data.email)) return 'invalid';
  if (mode !== 'existing_client') {
    if (!data.number.trim() || phoneProblem('Number', data.number)) return 'invalid';
  }
  if (mode === 'new_client' && !lost && passwordProblem(data.password)) return 'invalid';
  return lost ? 'passwordLost' : 'valid';
}

/** Whether the vehicle step is done: the booking has prices and a chosen vehicle. */
export function vehicleChosen(drafts: GuardDrafts): boolean {
  return drafts.PriceDetails != null && drafts.selectedVehicleData != null;
}

/** The steps in order, with the step bar's labels and the path each step lives at. */
export const FLOW_STEPS: readonly { step: FlowStep; label: string; path: string }[] = [
  { step: 'quote', label: 'Quote', path: ROUTES.bookTrip },
  { step: 'quotation', label: 'Quotation', path: ROUTES.quotation },
  { step: 'personalDetails', label: 'Personal Detail', path: ROUTES.personalDetails },
  { step: 'payment', label: 'Payment', path: ROUTES.payment },
];

/** Paths of each step; the payment step also answers to /stripecheckout and /checkout. */
const STEP_PATHS: Record<FlowStep, readonly string[]> = {
  quote: [ROUTES.bookTrip],
  quotation: [ROUTES.quotation],
  personalDetails: [ROUTES.personalDetails],
  payment: [ROUTES.payment, ROUTES.stripeCheckout, ROUTES.checkout],
};

/** Targets after which the spec hides the 'Next step' button. */
const NO_NEXT_TARGETS: readonly string[] = [ROUTES.home, ROUTES.checkout, ROUTES.personalDetails];

function samePath(a: string, b: string): boolean {
  const trim = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path).toLowerCase();
  return trim(a) === trim(b);
}

/** The step a path belongs to (React Router matches paths case-insensitively), if any. */
export function stepFromPath(pathname: string): FlowStep | undefined {
  const entry = (Object.entries(STEP_PATHS) as [FlowStep, readonly string[]][]).find(([, paths]) =>
    paths.some((path) => samePath(path, pathname)),
  );
  return entry?.[0];
}

/**
 * Where a click on `step` leads: the step itself when the booking holds what it needs, else
 * the furthest earlier step that can be shown (quotation needs prices; personal details also a
 * chosen vehicle; payment also valid personal details, or ones whose only gap is a password a
 * reload dropped, which the payment page asks for), or home when there are no prices.
 */
export function guardTarget(step: FlowStep, drafts: GuardDrafts): string {
  const hasPrices = drafts.PriceDetails != null;
  const hasVehicle = vehicleChosen(drafts);
  const hasRegistration = hasVehicle && detailsState(drafts) !== 'invalid';
  switch (step) {
    case 'quote':
      return ROUTES.bookTrip;
    case 'quotation':
      return hasPrices ? ROUTES.quotation : ROUTES.home;
    case 'personalDetails':
      if (hasVehicle) return ROUTES.personalDetails;
      return hasPrices ? ROUTES.quotation : ROUTES.home;
    case 'payment':
      if (hasRegistration) return ROUTES.payment;
      if (hasVehicle) return ROUTES.personalDetails;
      return hasPrices ? ROUTES.quotation : ROUTES.home;
  }
}

/**
 * Where the 'Next step' button leads from `pathname`, or null when it is hidden: on the last
 * step, off the flow, when the guard keeps the visitor where they are, or when the target is
 * one the spec excludes (/, /checkout, /personalDetailView).
 */
export function nextStepTarget(pathname: string, drafts: GuardDrafts): string | null {
  const current = stepFromPath(pathname);
  if (!current) return null;
  const index = FLOW_STEPS.findIndex((entry) => entry.step === current);
  const next = FLOW_STEPS[index + 1];
  if (!next) return null;
  const target = guardTarget(next.step, drafts);
  if (samePath(target, pathname)) return null;
  if (NO_NEXT_TARGETS.some((path) => samePath(path, target))) return null;
  return target;
}
