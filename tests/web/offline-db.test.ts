import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createDb,
  DB_NAME,
  DB_SCHEMA_V1,
  DB_SCHEMA_V2,
  DB_VERSION,
  guardQuota,
  readDraft,
  saveDraft,
  StorageQuotaError,
  type RideBookDb,
} from '../../src/web/offline/db';
import * as z from 'zod/mini';

let testDb: RideBookDb | undefined;
let counter = 0;

function freshDb(): RideBookDb {
  testDb = createDb(`${DB_NAME}-test-${++counter}`);
  return testDb;
}

afterEach(async () => {
  await testDb?.delete();
  testDb = undefined;
});

describe('offline database', () => {
  it('opens with the versioned schema and its five stores', async () => {
    const database = freshDb();
    await database.open();
    expect(database.verno).toBe(DB_VERSION);
    expect(database.tables.map((table) => table.name).sort()).toEqual(
      ['corporateBookings', 'corporateProfile', 'drafts', 'managedBookings', 'outbox'].sort(),
    );
    expect(Object.keys(DB_SCHEMA_V2).sort()).toEqual(
      database.tables.map((table) => table.name).sort(),
    );
    const outbox = database.table('outbox').schema;
    expect(outbox.primKey.auto).toBe(true);
    expect(outbox.idxByName.idempotencyKey?.unique).toBe(true);
    expect(database.table('corporateBookings').schema.idxByName.passenger_id).toBeTruthy();
  });

  it('upgrades a version 1 database to version 2, keeping what it held', async () => {
    const name = `${DB_NAME}-test-${++counter}`;
    const old = new Dexie(name);
    old.version(1).stores(DB_SCHEMA_V1);
    await old.table('drafts').put({ key: 'BookingForm', value: { passengers: 2 }, updatedAt: 1 });
    old.close();

    const database = createDb(name);
    testDb = database;
    expect(await readDraft('BookingForm', undefined, database)).toEqual({ passengers: 2 });
    expect(database.verno).toBe(2);
    await database.managedBookings.put({
      booking_number: '123456',
      token: 'manage-token',
      booking: null,
      savedAt: 5,
    });
    expect((await database.managedBookings.get('123456'))?.token).toBe('manage-token');
  });

  it('stores a draft and reads it back after reopening', async () => {
    const database = freshDb();
    const form = { pickup: 'Heathrow Airport Terminal 5', passengers: 2 };
    await saveDraft('BookingForm', form, database);
    database.close();
    const reopened = createDb(database.name);
    testDb = reopened;
    expect(await readDraft('BookingForm', undefined, reopened)).toEqual(form);
  });

  it('reads a draft of the wrong shape as missing when a schema is given', async () => {
    const database = freshDb();
    await saveDraft('HourlyRateForm', { pickup_duration: 4 }, database);
    const schema = z.object({ pickup_duration: z.string() });
    expect(await readDraft('HourlyRateForm', schema, database)).toBeUndefined();
    expect(await readDraft('selectedVehicleData', undefined, database)).toBeUndefined();
  });

  it('queues outbox entries with unique idempotency keys', async () => {
    const database = freshDb();
    const entry = {
      kind: 'contact-us' as const,
      idempotencyKey: 'k-1',
      body: { firstName: 'Ada' },
      createdAt: Date.now(),
      attempts: 0,
      lastError: null,
    };
    const id = await database.outbox.add(entry);
    expect(typeof id).toBe('number');
    await expect(database.outbox.add({ ...entry })).rejects.toThrow();
  });

  it('turns a quota failure into a StorageQuotaError', async () => {
    const quota = new DOMException('full', 'QuotaExceededError');
    await expect(guardQuota(() => Promise.reject(quota))).rejects.toBeInstanceOf(StorageQuotaError);
    const wrapped = new Dexie.AbortError('Transaction aborted', quota);
    await expect(guardQuota(() => Promise.reject(wrapped))).rejects.toBeInstanceOf(
      StorageQuotaError,
    );
    const other = new Error('other');
    await expect(guardQuota(() => Promise.reject(other))).rejects.toBe(other);
  });
});
