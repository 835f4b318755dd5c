import { useSyncExternalStore } from 'react';
import * as z from 'zod/mini';
import type { BookingFormInput, HourlyFormInput } from '../../../../domain/booking-form';
import { bookingTypeSchema, tripOptionSchema } from '../../../../domain/booking-type';
import { latLngSchema } from '../../../../domain/lat-lng';
import type { Leg } from '../../../../domain/leg-extras';
import { registrationModeSchema } from '../../../../domain/registration-mode';
import {
  priceDetailSchema,
  quoteDistanceSchema,
  quotePlaceSchema,
} from '../../../../contract/price-details';
import type { DraftKey } from '../../../offline/db';
import { DB_NAME } from '../../../offline/db-name';

/**
 * The booking in progress, as the spec's browser storage keys hold it (BookingType, BookingForm,
 * HourlyRateForm, PriceDetails, selectedVehicleData, CalculatedDistance, registrationData and
 * the registration mode). Every screen of the
 * flow reads and writes it here; each change is written through to IndexedDB, so a reload, a
 * closed tab or a crash at any step brings the visitor back to where they were.
 */

const text = z._default(z.string(), '');
const yesNo = z._default(z.enum(['yes', 'no']), 'no');
const location = z.optional(z.nullable(latLngSchema));

/** One extra-stop row as the form holds it. */
export const stopDraftSchema = z.object({
  street_name: text,
  number: text,
  postcode: text,
  location,
});
export type StopDraft = z.infer<typeof stopDraftSchema>;

/** The extras of a leg (domain/leg-extras.ts) as form text; the server parses them. */
const extrasFields = {
  passengers: z._default(z.string(), '1'),
  luggages: z._default(z.string(), '0'),
  hand_luggages: z._default(z.string(), '0'),
  special_luggage: z._default(z.string(), '0'),
  baby_seats: z._default(z.string(), '0'),
  booster_seats: z._default(z.string(), '0'),
  waiting_min: z._default(z.string(), '00'),
  meet_and_greet: yesNo,
  wheel_chair: yesNo,
};

/** The spec's BookingForm, as the mileage form edits it and /calculate-distance-price receives it. */
export const bookingFormDraftSchema = z.object({
  pickup: text,
  dropoff: text,
  return_pickup: text,
  return_dropoff: text,
  pickup_location: location,
  dropoff_location: location,
  return_pickup_location: location,
  return_dropoff_location: location,
  stops: z._default(z.array(stopDraftSchema), []),
  pickup_date: text,
  pickup_hour: text,
  pickup_min: z._default(z.string(), '00'),
  return_date: text,
  // No return time until the passenger chooses one (form-defaults.ts).
  return_hour: text,
  return_min: text,
  select_option: z._default(tripOptionSchema, 'one_way'),
  pickup_fight_number: text,
  return_fight_number: text,
  ...extrasFields,
  return_passengers: text,
  return_luggages: z._default(z.string(), '0'),
  return_hand_luggages: z._default(z.string(), '0'),
  return_special_luggage: z._default(z.string(), '0'),
  return_baby_seats: z._default(z.string(), '0'),
  return_booster_seats: z._default(z.string(), '0'),
  return_waiting_min: z._default(z.string(), '00'),
  return_meet_and_greet: yesNo,
  return_wheel_chair: yesNo,
});
export type BookingFormDraft = z.infer<typeof bookingFormDraftSchema>;

/** The spec's HourlyRateForm. */
export const hourlyFormDraftSchema = z.object({
  pickup: text,
  pickup_location: location,
  userLocation: z.optional(z.nullable(z.object({ lat: z.number(), lon: z.number() }))),
  pickup_date: text,
  pickup_duration: z._default(z.string(), '4hour'),
  pickup_hour: z._default(z.string(), '12am'),
  pickup_min: z._default(z.string(), '00'),
  pickup_fight_number: text,
  ...extrasFields,
});
export type HourlyFormDraft = z.infer<typeof hourlyFormDraftSchema>;

/**
 * The drafts hold the domain's forms field for field, as form text: a field added to or taken
 * from domain/booking-form.ts fails the type check here until the draft follows.
 */
type SameFields<A, B> = [keyof A] extends [keyof B]
  ? [keyof B] extends [keyof A]
    ? true
    : false
  : false;
true satisfies SameFields<BookingFormDraft, BookingFormInput>;
true satisfies SameFields<HourlyFormDraft, HourlyFormInput>;
true satisfies SameFields<typeof extrasFields, Leg<string>>;

/** 'milleage' (the spec's spelling) or 'hourly'. */
export const bookingTypeDraftSchema = bookingTypeSchema;
export type BookingTypeDraft = z.infer<typeof bookingTypeDraftSchema>;

/** The priced vehicles of the last quote, with the journey measured for it. */
export const priceDetailsDraftSchema = z.object({
  bookingType: bookingTypeDraftSchema,
  price_details: z.array(priceDetailSchema),
  distance: z.optional(quoteDistanceSchema),
  /** Where the server placed the journey's places: the route sketch without a Google map. */
  places: z.optional(z.array(quotePlaceSchema)),
  /** ms since epoch; prices are re-asked for when old. */
  pricedAt: z.number(),
});
export type PriceDetailsDraft = z.infer<typeof priceDetailsDraftSchema>;

/** The vehicle the visitor chose, priced by the server with its extras and count. */
export const selectedVehicleDraftSchema = z.object({
  detail: priceDetailSchema,
  /** 'lowest' for the Lowest Price card, else 'selection' (spec section 4). */
  selection: z.enum(['lowest', 'selection']),
  vehicle_count: z.int(),
  quote_id: z.string(),
  expires_at: z.string(),
  price: z.number(),
  final_price: z.number(),
  breakdown: z.record(z.string(), z.number()),
});
export type SelectedVehicleDraft = z.infer<typeof selectedVehicleDraftSchema>;

/** The spec's CalculatedDistance (via_miles and duration, each way). */
export const calculatedDistanceDraftSchema = quoteDistanceSchema;
export type CalculatedDistanceDraft = z.infer<typeof calculatedDistanceDraftSchema>;

/**
 * The spec's registrationData as the details form keeps it. The password stays in memory only:
 * IndexedDB gets an empty one, so a reload asks for it again rather than keeping it on disk.
 * `passwordDropped` is what the disk says instead: a password had been given and was left out,
 * so the payment page can tell a password lost by a reload from one never typed.
 */
export const registrationDataDraftSchema = z.object({
  firstName: z.string(),
  surname: z.string(),
  number: z.string(),
  email: z.string(),
  username: z.string(),
  password: z.string(),
  privacyAccepted: z.boolean(),
  termsAccepted: z.boolean(),
  passengerDetails: z.enum(['yes', 'no']),
  passengerName: z.string(),
  passengerLastname: z.string(),
  passengerEmail: z.string(),
  passengerPhone: z.string(),
  additionalInfo: z.string(),
  return_additionalInfo: z.string(),
  passwordDropped: z.optional(z.boolean()),
  /** "Text me about this booking" (issue 35); a draft saved before it had none: on. */
  textMe: z.optional(z.boolean()),
});
export type RegistrationDataDraft = z.infer<typeof registrationDataDraftSchema>;

/** guest_login, new_client or existing_client (domain/registration.ts). */
export const registrationModeDraftSchema = registrationModeSchema;

/** The Idempotency-Key of a payment request and the inputs it was made for. */
const paymentAttemptSchema = z.object({ key: z.string(), fingerprint: z.string() });

/**
 * The keys of the last Pay in Car and card checkout requests. A retry, a double click or a
 * reload with the same inputs sends the same key, so the server books or opens checkout once.
 */
export const paymentAttemptsDraftSchema = z.object({
  car: z.optional(paymentAttemptSchema),
  card: z.optional(paymentAttemptSchema),
});
export type PaymentAttemptsDraft = z.infer<typeof paymentAttemptsDraftSchema>;

const DRAFT_SCHEMAS = {
  BookingType: bookingTypeDraftSchema,
  BookingForm: bookingFormDraftSchema,
  HourlyRateForm: hourlyFormDraftSchema,
  PriceDetails: priceDetailsDraftSchema,
  selectedVehicleData: selectedVehicleDraftSchema,
  CalculatedDistance: calculatedDistanceDraftSchema,
  registrationData: registrationDataDraftSchema,
  registrationMode: registrationModeDraftSchema,
  paymentAttempts: paymentAttemptsDraftSchema,
} as const;

export type BookingDraftKey = keyof typeof DRAFT_SCHEMAS;
export type BookingDrafts = {
  [K in BookingDraftKey]?: z.infer<(typeof DRAFT_SCHEMAS)[K]>;
};

export type BookingDraftsState = {
  /** False until IndexedDB has been read; guards wait for it before redirecting. */
  ready: boolean;
  drafts: BookingDrafts;
};

// IndexedDB code loads when the flow first needs it, keeping Dexie out of the first paint.
const loadDb = () => import('../../../offline/db');

let state: BookingDraftsState = { ready: false, drafts: {} };
const listeners = new Set<() => void>();
let hydration: Promise<void> | undefined;

function emit(next: BookingDraftsState): void {
  state = next;
  for (const listener of listeners) listener();
}

/**
 * True when this browser has never stored a booking (a first visit): there is nothing to
 * restore, so the home page need not download Dexie just to find that out.
 */
export async function noSavedBooking(): Promise<boolean> {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return false;
  try {
    const databases = await indexedDB.databases();
    return !databases.some((database) => database.name === DB_NAME);
  } catch {
    return false;
  }
}

/** Reads every booking draft from IndexedDB once; a value of an old or broken shape is dropped. */
export function hydrateBookingDrafts(): Promise<void> {
  hydration ??= (async () => {
    if (await noSavedBooking()) {
      emit({ ready: true, drafts: state.drafts });
      return;
    }
    const { readDraft } = await loadDb();
    const entries = await Promise.all(
      (Object.keys(DRAFT_SCHEMAS) as BookingDraftKey[]).map(
        async (key) =>
          [
            key,
            await readDraft<unknown>(key as DraftKey, DRAFT_SCHEMAS[key] as z.core.$ZodType),
          ] as const,
      ),
    );
    const drafts: BookingDrafts = {};
    for (const [key, value] of entries) {
      if (value !== undefined) Object.assign(drafts, { [key]: value });
    }
    // A save made while reading wins over what was on disk.
    emit({ ready: true, drafts: { ...drafts, ...state.drafts } });
  })().catch((error: unknown) => {
    // Private mode or a blocked database: the flow still works, only without resume.
    console.error('Could not read the saved booking', error);
    emit({ ready: true, drafts: state.drafts });
  });
  return hydration;
}

/** Saves one draft: the screen sees it at once, IndexedDB a moment later. */
export async function saveBookingDraft<K extends BookingDraftKey>(
  key: K,
  value: NonNullable<BookingDrafts[K]>,
): Promise<void> {
  emit({ ...state, drafts: { ...state.drafts, [key]: value } });
  const { saveDraft } = await loadDb();
  await saveDraft(key as DraftKey, forDisk(key, value));
}

/** What goes to IndexedDB: everything, but a password is never written to disk. */
function forDisk(key: BookingDraftKey, value: unknown): unknown {
  if (key !== 'registrationData') return value;
  const data = value as RegistrationDataDraft;
  return { ...data, password: '', passwordDropped: data.password !== '' || !!data.passwordDropped };
}

/**
 * Forgets the whole booking in progress (spec: after a successful payment or booking, all
 * saved browser data except app settings is cleared). Settings live in the query cache, not
 * here, so they stay.
 */
export async function clearBookingDrafts(): Promise<void> {
  emit({ ...state, drafts: {} });
  const { clearBookingData } = await loadDb();
  await clearBookingData();
}

/** Removes one draft (e.g. the selection after a new search). */
export async function removeBookingDraft(key: BookingDraftKey): Promise<void> {
  const drafts = { ...state.drafts };
  delete drafts[key];
  emit({ ...state, drafts });
  const { deleteDraft } = await loadDb();
  await deleteDraft(key as DraftKey);
}

/** Forgets the in-memory copy; tests call it between cases, the app never needs to. */
export function resetBookingDraftsForTests(): void {
  hydration = undefined;
  state = { ready: false, drafts: {} };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  void hydrateBookingDrafts();
  return () => listeners.delete(listener);
}

const getSnapshot = () => state;

/** The booking in progress; re-renders when any draft changes. */
export function useBookingDrafts(): BookingDraftsState {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
