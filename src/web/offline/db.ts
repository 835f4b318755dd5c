import Dexie, { type EntityTable } from 'dexie';
import * as z from 'zod/mini';
import { DB_NAME } from './db-name';

/**
 * The one module that owns IndexedDB. Booking drafts, cached corporate bookings, the offline
 * outbox and the passenger's managed bookings live here, so nothing of a booking is lost on a
 * reload, a tab close or a crash.
 */
export { DB_NAME };

/**
 * WARNING: the stores and indexes below are what passengers' browsers already hold. Changing
 * them (renaming a store, its primary key or an index) needs a NEW version number with its own
 * schema and, where data moves, an `.upgrade()` migration. Never edit a released version.
 */
export const DB_SCHEMA_V1 = {
  drafts: '&key, updatedAt',
  corporateBookings: '&booking_number, passenger_id, fetchedAt',
  corporateProfile: '&passenger_id',
  outbox: '++id, kind, &idempotencyKey, createdAt',
} as const;
/** Version 2 (issue 22) adds the passenger's own bookings: manage token and last copy. */
export const DB_SCHEMA_V2 = {
  ...DB_SCHEMA_V1,
  managedBookings: '&booking_number, savedAt',
} as const;
export const DB_VERSION = 2;

/** The spec's browser storage keys for a booking in progress, plus the popular-place pick. */
export const DRAFT_KEYS = [
  'BookingType',
  'BookingForm',
  'HourlyRateForm',
  'PriceDetails',
  'selectedVehicleData',
  'registrationData',
  'registrationMode',
  'CalculatedDistance',
  'popularPick',
  // Idempotency-Keys of the payment step's requests, so a retry or reload never books twice.
  'paymentAttempts',
] as const;
export type DraftKey = (typeof DRAFT_KEYS)[number];

export type DraftRecord = { key: DraftKey; value: unknown; updatedAt: number };

/** One booking of GET /get_booking/{passenger_id}, kept for offline reading. */
export type CorporateBookingRecord = {
  booking_number: string;
  passenger_id: number;
  /** When this copy came from the server (ms since epoch); shown when offline. */
  fetchedAt: number;
  booking: unknown;
};

export type CorporateProfileRecord = {
  passenger_id: number;
  passenger_name: string;
  passenger_email: string;
  passenger_contact_no: string;
  fetchedAt: number;
};

/** Submissions that replay when the connection returns (docs/ARCHITECTURE.md, Offline). */
export type OutboxKind = 'quote-now' | 'contact-us';
export type OutboxRecord = {
  id: number;
  kind: OutboxKind;
  /** Sent as Idempotency-Key, so a replay never creates a second submission. */
  idempotencyKey: string;
  body: unknown;
  createdAt: number;
  attempts: number;
  /** The last failure; for a refused item, the server's reason, shown to the visitor. */
  lastError: string | null;
  /**
   * When the server refused it (ms since epoch): final, so never sent again; it stays only
   * until the visitor dismisses it. Unindexed, so no schema version is needed for it.
   */
  refusedAt?: number;
};

/**
 * A booking its passenger manages (issue 22): the manage token from the mail link or the
 * lookup, and the last copy the server sent, shown with its age when offline. The token is a
 * key to the booking, so it is kept here on the device and never in the address bar.
 */
export type ManagedBookingRecord = {
  booking_number: string;
  /** Sent as X-Manage-Token; null when the booking was read with a corporate sign-in. */
  token: string | null;
  /** The last GET /manage-booking/{n} answer's booking, or null before the first. */
  booking: unknown;
  /** When `booking` came from the server (ms since epoch). */
  savedAt: number;
};

export type RideBookDb = Dexie & {
  drafts: EntityTable<DraftRecord, 'key'>;
  corporateBookings: EntityTable<CorporateBookingRecord, 'booking_number'>;
  corporateProfile: EntityTable<CorporateProfileRecord, 'passenger_id'>;
  outbox: EntityTable<OutboxRecord, 'id'>;
  managedBookings: EntityTable<ManagedBookingRecord, 'booking_number'>;
};

/** Opens (lazily, on first use) the database; tests pass their own name for isolation. */
export function createDb(name: string = DB_NAME): RideBookDb {
  const database = new Dexie(name) as RideBookDb;
  database.version(1).stores(DB_SCHEMA_V1);
  // A new store only: the browser adds it and keeps everything of version 1 as it was.
  database.version(2).stores(DB_SCHEMA_V2);
  return database;
}

export const db: RideBookDb = createDb();

/** The browser refused to store more: the device or the site's quota is full. */
export class StorageQuotaError extends Error {
  override readonly name = 'StorageQuotaError';
  constructor(options?: { cause?: unknown }) {
    super(
      'This device has run out of storage space for the booking. Free some space and try again.',
      options,
    );
  }
}

function isQuotaError(error: unknown): boolean {
  if (!(error instanceof Error) && !(error instanceof DOMException)) return false;
  if (error.name === 'QuotaExceededError' || error.name === Dexie.errnames.QuotaExceeded) {
    return true;
  }
  // Dexie wraps a transaction aborted by the quota as AbortError with the cause in `inner`.
  const inner = (error as { inner?: unknown }).inner;
  return inner !== undefined && inner !== error && isQuotaError(inner);
}

/** Runs a write; a full disk becomes a StorageQuotaError the UI can explain. */
export async function guardQuota<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isQuotaError(error)) throw new StorageQuotaError({ cause: error });
    throw error;
  }
}

/** Saves a draft value under its spec key. */
export async function saveDraft(
  key: DraftKey,
  value: unknown,
  database: RideBookDb = db,
): Promise<void> {
  await guardQuota(() => database.drafts.put({ key, value, updatedAt: Date.now() }));
}

/**
 * Reads a draft; with a schema, a value of an older or broken shape reads as missing rather
 * than reaching a form it would crash.
 */
export async function readDraft<T = unknown>(
  key: DraftKey,
  schema?: z.core.$ZodType<T>,
  database: RideBookDb = db,
): Promise<T | undefined> {
  const record = await database.drafts.get(key);
  if (!record) return undefined;
  if (!schema) return record.value as T;
  const parsed = z.safeParse(schema, record.value);
  return parsed.success ? parsed.data : undefined;
}

export async function deleteDraft(key: DraftKey, database: RideBookDb = db): Promise<void> {
  await database.drafts.delete(key);
}

/** After a successful booking the spec clears everything saved except app settings. */
export async function clearBookingData(database: RideBookDb = db): Promise<void> {
  await database.drafts.clear();
}
