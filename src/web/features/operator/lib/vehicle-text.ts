import type { Vehicle } from '../../../../contract/operator-vehicles';
import type {
  DocumentStatus,
  JobOffer,
  VehicleDocuments,
} from '../../../../contract/vehicle-documents';
import {
  flagText,
  refusesDispatch,
  VEHICLE_DOCUMENTS,
  type VehicleDocument,
} from '../../../../domain/compliance';
import { londonDateAndMinute } from '../../../../domain/uk-time';
import { DISPATCH_RECORD_TEXT, VEHICLE_DOCUMENT_LABELS } from '../../../../domain/vehicle-messages';

/** A document's name at the start of a line: 'PHV vehicle licence', 'MOT', 'Insurance'. */
export function documentName(document: VehicleDocument): string {
  const label = VEHICLE_DOCUMENT_LABELS[document];
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/** 'Toyota Prius, Silver'; '' when nothing is recorded but the registration. */
export function carName(vehicle: { make: string; model: string; colour: string }): string {
  const car = [vehicle.make, vehicle.model].filter(Boolean).join(' ');
  return [car, vehicle.colour].filter(Boolean).join(', ');
}

/** One document's flag, with whether it stops a dispatch (expired, not recorded). */
export interface DocumentFlag {
  document: VehicleDocument;
  text: string;
  refuses: boolean;
}

/** A document's flag: "Expired", "Expires in 12 days", "Not recorded"; null when valid. */
export function statusFlag(status: DocumentStatus): string | null {
  return flagText(status.state, status.days_left);
}

/** Each document that is not simply valid, in the order they are checked. */
export function documentFlags(documents: VehicleDocuments): DocumentFlag[] {
  return VEHICLE_DOCUMENTS.flatMap((document) => {
    const status = documents[document];
    const text = statusFlag(status);
    return text ? [{ document, text, refuses: refusesDispatch(status.state) }] : [];
  });
}

/** Whether a vehicle may be sent on a job now: in service, every document in date. */
export function dispatchable(vehicle: { active: boolean; documents: VehicleDocuments }): boolean {
  return vehicle.active && !documentFlags(vehicle.documents).some((flag) => flag.refuses);
}

/**
 * A vehicle as the Assign dialog lists it: "LB71 XKE, Mercedes-Benz E-Class, Black", with the
 * first document that stops it ("MOT: Expired") or nears expiry.
 */
export function vehicleOptionLabel(vehicle: Vehicle): string {
  const base = [vehicle.registration, carName(vehicle)].filter(Boolean).join(', ');
  const flags = documentFlags(vehicle.documents);
  const worst = flags.find((flag) => flag.refuses) ?? flags[0];
  return worst ? `${base} (${documentName(worst.document)}: ${worst.text})` : base;
}

/** An instant's UK clock time, '14:32'. */
function ukClock(iso: string): string {
  const { minuteOfDay } = londonDateAndMinute(new Date(iso));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(minuteOfDay / 60))}:${pad(minuteOfDay % 60)}`;
}

/** An offer waiting for the driver's answer: "Offered to James Okafor until 14:32" (UK time). */
export function offerText(offer: JobOffer): string {
  return DISPATCH_RECORD_TEXT.offeredTo(offer.driver_name, ukClock(offer.expires_at));
}
