import Dexie, { type EntityTable } from 'dexie';
import type { DriverStatusRequest } from '../../../../contract/driver';

/**
 * The driver app's IndexedDB database: its status presses, kept until the server has them
 * (docs/ARCHITECTURE.md, The driver's app). A database of its own, apart from the passenger
 * site's (offline/db.ts): a phone used as a driver's never mixes the two, and neither side's
 * versions move for the other's changes.
 */
export const DRIVER_DB_NAME = 'ridebook-driver';

/**
 * WARNING: the stores and indexes below are what drivers' phones already hold. Changing them
 * (renaming a store, its primary key or an index) needs a NEW version number with its own
 * schema and, where data moves, an `.upgrade()` migration. Never edit a released version.
 */
export const DRIVER_DB_SCHEMA_V1 = {
  presses: '++id, &idempotencyKey, jobRef, createdAt',
} as const;
export const DRIVER_DB_VERSION = 1;

/** Waiting to be sent; sent (the server has it); refused (never sent again). */
export type PressState = 'waiting' | 'sent' | 'refused';

/** One press of a status button, as the driver made it. */
export type PressRecord = {
  id: number;
  /** Sent as Idempotency-Key on every try, so the server records the press once. */
  idempotencyKey: string;
  /** Whose press: only the signed-in driver's are sent. */
  driverId: number;
  jobRef: string;
  /** The request as pressed: the step, the time of the press and the phone's position then. */
  body: DriverStatusRequest;
  /** When it was pressed (ms since epoch): the presses go in this order. */
  createdAt: number;
  state: PressState;
  attempts: number;
  /** The last failure; for a refused press, the server's reason, shown to the driver. */
  lastError: string | null;
  /**
   * The HTTP status of a refusal (404, 409: the booking changed meanwhile); null otherwise.
   * Unindexed, so no schema version is needed for it.
   */
  refusedStatus?: number | null;
  /** When it was sent or refused (ms since epoch). */
  settledAt: number | null;
};

export type DriverDb = Dexie & { presses: EntityTable<PressRecord, 'id'> };

/** Opens (lazily, on first use) the database; tests pass their own name for isolation. */
export function createDriverDb(name: string = DRIVER_DB_NAME): DriverDb {
  const database = new Dexie(name) as DriverDb;
  database.version(DRIVER_DB_VERSION).stores(DRIVER_DB_SCHEMA_V1);
  return database;
}

export const driverDb: DriverDb = createDriverDb();
