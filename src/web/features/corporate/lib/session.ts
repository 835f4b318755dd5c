import type { CorporateBooking, CorporatePassenger } from '../../../../contract/corporate';
import { db, guardQuota, type RideBookDb } from '../../../offline/db';

/**
 * The corporate session in IndexedDB (spec keys passenger_token and passenger_corporate_details).
 * The passenger is the one corporateProfile row; the token rides on that row as an unindexed
 * field, so the released schema (DB_VERSION 1) needs no new store.
 */
type StoredProfile = CorporatePassenger & { fetchedAt: number; access_token?: string };

export type CorporateSession = { token: string; passenger: CorporatePassenger };

export async function saveSession(
  session: CorporateSession,
  database: RideBookDb = db,
): Promise<void> {
  const row: StoredProfile = {
    ...session.passenger,
    access_token: session.token,
    fetchedAt: Date.now(),
  };
  await guardQuota(async () => {
    await database.corporateProfile.clear();
    await database.corporateProfile.put(row);
  });
}

export async function readSession(database: RideBookDb = db): Promise<CorporateSession | null> {
  const row = (await database.corporateProfile.toCollection().first()) as StoredProfile | undefined;
  if (!row?.access_token) return null;
  const { passenger_id, passenger_name, passenger_email, passenger_contact_no } = row;
  return {
    token: row.access_token,
    passenger: { passenger_id, passenger_name, passenger_email, passenger_contact_no },
  };
}

/** Replaces the stored passenger (after a profile update), keeping the token. */
export async function replacePassenger(
  passenger: CorporatePassenger,
  database: RideBookDb = db,
): Promise<void> {
  const session = await readSession(database);
  if (!session) return;
  await saveSession({ token: session.token, passenger }, database);
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

export async function cacheBookings(
  passengerId: number,
  bookings: readonly CorporateBooking[],
  database: RideBookDb = db,
): Promise<void> {
  const fetchedAt = Date.now();
  await guardQuota(() =>
    database.transaction('rw', database.corporateBookings, async () => {
      await database.corporateBookings.where('passenger_id').equals(passengerId).delete();
      await database.corporateBookings.bulkPut(
        bookings.map((booking) => ({
          booking_number: booking.booking_number,
          passenger_id: passengerId,
          fetchedAt,
          booking,
        })),
      );
    }),
  );
}

/** The cached list, newest first like the server's, and when it was fetched. */
export async function readCachedBookings(
  passengerId: number,
  database: RideBookDb = db,
): Promise<{ bookings: CorporateBooking[]; fetchedAt: number | null }> {
  const rows = await database.corporateBookings.where('passenger_id').equals(passengerId).toArray();
  const bookings = rows
    .map((row) => row.booking as CorporateBooking)
    .sort((a, b) => b.created_at.localeCompare(a.created_at));
  const fetchedAt = rows.length ? Math.min(...rows.map((row) => row.fetchedAt)) : null;
  return { bookings, fetchedAt };
}
