import type { CorporateBooking, CorporatePassenger } from '../../../../contract/corporate';
import { db, guardQuota, type RideBookDb } from '../../../offline/db';

/**
 * The corporate session in IndexedDB (spec keys passenger_token and passenger_corporate_details).
 * The passenger is the one corporateProfile row; the token and the time the bookings were last
 * fetched ride on that row as unindexed fields, so the released schema (DB_VERSION 1) needs no
 * new store. Whoever signs out or is refused by the server must go through clearSession: the
 * row holds a bearer token and the bookings hold personal data.
 */
type StoredProfile = CorporatePassenger & {
  fetchedAt: number;
  access_token?: string;
  /** When the bookings list was last fetched: an empty list leaves no booking row to say so. */
  bookingsFetchedAt?: number;
};

export type CorporateSession = {
  token: string;
  passenger: CorporatePassenger;
  /** When this device saved the passenger's details (read back from storage only). */
  savedAt?: number;
};

async function readProfile(database: RideBookDb): Promise<StoredProfile | undefined> {
  return (await database.corporateProfile.toCollection().first()) as StoredProfile | undefined;
}

function passengerOf(row: StoredProfile): CorporatePassenger {
  const { passenger_id, passenger_name, passenger_email, passenger_contact_no } = row;
  return { passenger_id, passenger_name, passenger_email, passenger_contact_no };
}

/** After sign-in: the one stored session (any earlier passenger's data goes). */
export async function saveSession(
  session: CorporateSession,
  database: RideBookDb = db,
): Promise<void> {
  const row: StoredProfile = {
    ...session.passenger,
    access_token: session.token,
    fetchedAt: Date.now(),
  };
  await guardQuota(() =>
    database.transaction('rw', database.corporateProfile, database.corporateBookings, async () => {
      const previous = await readProfile(database);
      if (previous && previous.passenger_id !== row.passenger_id) {
        await database.corporateBookings.clear();
      }
      await database.corporateProfile.clear();
      await database.corporateProfile.put(row);
    }),
  );
}

export async function readSession(database: RideBookDb = db): Promise<CorporateSession | null> {
  const row = await readProfile(database);
  if (!row?.access_token) return null;
  return { token: row.access_token, passenger: passengerOf(row), savedAt: row.fetchedAt };
}

/** Replaces the stored passenger (after a profile update), keeping the token. */
export async function replacePassenger(
  passenger: CorporatePassenger,
  database: RideBookDb = db,
): Promise<void> {
  await guardQuota(() =>
    database.transaction('rw', database.corporateProfile, async () => {
      const row = await readProfile(database);
      if (!row?.access_token) return;
      await database.corporateProfile.clear();
      await database.corporateProfile.put({ ...row, ...passenger, fetchedAt: Date.now() });
    }),
  );
}

/** Sign-out or a rejected token: token, details and cached bookings all go. */
export async function clearSession(database: RideBookDb = db): Promise<void> {
  await database.transaction(
    'rw',
    database.corporateProfile,
    database.corporateBookings,
    async () => {
      await database.corporateProfile.clear();
      await database.corporateBookings.clear();
    },
  );
}

/** Keeps the server's list for offline reading, replacing the passenger's earlier copy. */
export async function cacheBookings(
  passengerId: number,
  bookings: readonly CorporateBooking[],
  database: RideBookDb = db,
  fetchedAt: number = Date.now(),
): Promise<void> {
  await guardQuota(() =>
    database.transaction('rw', database.corporateBookings, database.corporateProfile, async () => {
      await database.corporateBookings.where('passenger_id').equals(passengerId).delete();
      await database.corporateBookings.bulkPut(
        bookings.map((booking) => ({
          booking_number: booking.booking_number,
          passenger_id: passengerId,
          fetchedAt,
          booking,
        })),
      );
      await database.corporateProfile
        .where('passenger_id')
        .equals(passengerId)
        .modify((row) => {
          (row as StoredProfile).bookingsFetchedAt = fetchedAt;
        });
    }),
  );
}

/**
 * The cached list, newest first like the server's, and when it was fetched; fetchedAt is null
 * when this device never fetched the passenger's list.
 */
export async function readCachedBookings(
  passengerId: number,
  database: RideBookDb = db,
): Promise<{ bookings: CorporateBooking[]; fetchedAt: number | null }> {
  const [rows, profile] = await Promise.all([
    database.corporateBookings.where('passenger_id').equals(passengerId).toArray(),
    database.corporateProfile.get(passengerId) as Promise<StoredProfile | undefined>,
  ]);
  const bookings = rows
    .map((row) => row.booking as CorporateBooking)
    .sort((a, b) => b.created_at.localeCompare(a.created_at));
  const oldestRow = rows.reduce<number | null>(
    (oldest, row) => (oldest === null || row.fetchedAt < oldest ? row.fetchedAt : oldest),
    null,
  );
  return { bookings, fetchedAt: profile?.bookingsFetchedAt ?? oldestRow };
}
