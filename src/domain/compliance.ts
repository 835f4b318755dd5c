import { formatDateGB } from './time';
import { COMPLIANCE_MESSAGES, DOCUMENT_FLAGS, VEHICLE_DOCUMENT_LABELS } from './vehicle-messages';

/**
 * UK private hire compliance (issue 34): the state of a licensing document on a day, and the
 * one rule for whether a driver and a vehicle may be sent on a job. Assign and Offer both ask
 * `dispatchRefusal`; the Drivers and Vehicles pages flag with `documentState`. Dates are
 * 'YYYY-MM-DD' (UK calendar days), compared as text.
 */

/** A document expiring within this many days is flagged. */
export const DOCUMENT_WARNING_DAYS = 30;

/**
 * 'valid'; 'expiring' within DOCUMENT_WARNING_DAYS (still valid: it may be sent); 'expired'
 * (the day after its expiry date); 'missing': no expiry recorded, which is never valid.
 */
export const DOCUMENT_STATES = ['valid', 'expiring', 'expired', 'missing'] as const;
export type DocumentState = (typeof DOCUMENT_STATES)[number];

/** A vehicle's documents, in the order they are checked and shown. */
export const VEHICLE_DOCUMENTS = ['phv_licence', 'mot', 'insurance'] as const;
export type VehicleDocument = (typeof VEHICLE_DOCUMENTS)[number];

/** The vehicle columns holding each document's expiry. */
export const VEHICLE_DOCUMENT_EXPIRY = {
  phv_licence: 'phv_licence_expiry',
  mot: 'mot_expiry',
  insurance: 'insurance_expiry',
} as const satisfies Record<VehicleDocument, string>;

export type VehicleExpiries = Record<
  (typeof VEHICLE_DOCUMENT_EXPIRY)[VehicleDocument],
  string | null
>;

/** Whole days from `today` to `expiry` (negative once past). */
export function daysUntil(expiry: string, today: string): number {
  return Math.round(
    (Date.parse(`${expiry}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000,
  );
}

/** A document's state on `today`: valid on its expiry day, expired the day after. */
export function documentState(expiry: string | null, today: string): DocumentState {
  if (expiry === null || expiry === '') return 'missing';
  if (expiry < today) return 'expired';
  return daysUntil(expiry, today) <= DOCUMENT_WARNING_DAYS ? 'expiring' : 'valid';
}

/** Whether a document in this state stops a dispatch. */
export function refusesDispatch(state: DocumentState): boolean {
  return state === 'expired' || state === 'missing';
}

/**
 * A document's flag as the pages show it, from its state and the days left: "Expired",
 * "Expires in 12 days", "Not recorded"; null when valid.
 */
export function flagText(state: DocumentState, daysLeft: number | null): string | null {
  if (state === 'valid') return null;
  if (state === 'missing') return DOCUMENT_FLAGS.missing;
  if (state === 'expired') return DOCUMENT_FLAGS.expired;
  return daysLeft === 0 ? DOCUMENT_FLAGS.expiresToday : DOCUMENT_FLAGS.expiresIn(daysLeft ?? 0);
}

/** A document's flag on `today` (flagText of its state). */
export function documentFlag(expiry: string | null, today: string): string | null {
  return flagText(documentState(expiry, today), expiry ? daysUntil(expiry, today) : null);
}

/** Who would be sent: the driver's name and licence, the vehicle's registration and documents. */
export interface DispatchCandidate {
  driver: { name: string; licence_expiry: string };
  vehicle: { registration: string } & VehicleExpiries;
}

/**
 * Why this driver in this vehicle may not be sent on a job on `today`, naming the document and
 * whose it is; null when they may. The driver's licence is judged first, then the vehicle's PHV
 * licence, MOT and insurance; a vehicle document with no expiry recorded is not valid.
 */
export function dispatchRefusal(candidate: DispatchCandidate, today: string): string | null {
  const { driver, vehicle } = candidate;
  if (documentState(driver.licence_expiry, today) === 'expired') {
    return COMPLIANCE_MESSAGES.driverLicenceExpired(
      driver.name,
      formatDateGB(driver.licence_expiry),
    );
  }
  for (const document of VEHICLE_DOCUMENTS) {
    const expiry = vehicle[VEHICLE_DOCUMENT_EXPIRY[document]];
    const state = documentState(expiry, today);
    const label = VEHICLE_DOCUMENT_LABELS[document];
    if (state === 'missing') {
      return COMPLIANCE_MESSAGES.vehicleDocumentMissing(vehicle.registration, label);
    }
    if (state === 'expired') {
      return COMPLIANCE_MESSAGES.vehicleDocumentExpired(
        vehicle.registration,
        label,
        formatDateGB(expiry!),
      );
    }
  }
  return null;
}
