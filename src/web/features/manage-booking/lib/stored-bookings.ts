import * as z from 'zod/mini';
import { managedBookingSchema, type ManagedBooking } from '../../../../contract/manage-booking';
import { db, guardQuota, type RideBookDb } from '../../../offline/db';

/**
 * The passenger's bookings on this device (offline/db.ts, managedBookings): the manage token,
 * so a reload or a later visit needs neither the mail link nor a lookup, and the last copy the
 * server sent, shown with "Last updated" when the device is offline.
 */

/** Keeps the token of a mail link or a lookup; a copy already stored stays. */
export async function saveManageToken(
  bookingNumber: string,
  token: string,
  database: RideBookDb = db,
): Promise<void> {
  await guardQuota(() =>
    database.transaction('rw', database.managedBookings, async () => {
      const row = await database.managedBookings.get(bookingNumber);
      await database.managedBookings.put({
        booking_number: bookingNumber,
        token,
        booking: row?.booking ?? null,
        savedAt: row?.savedAt ?? 0,
      });
    }),
  );
}

/** The stored manage token of a booking, if any. */
export async function readManageToken(
  bookingNumber: string,
  database: RideBookDb = db,
): Promise<string | null> {
  return (await database.managedBookings.get(bookingNumber))?.token ?? null;
}

/**
 * Keeps the server's copy for offline reading, with the token that read it. A copy read with a
 * corporate sign-in is not kept: signing out clears the corporate store, not this one.
 */
export async function saveBookingCopy(
  booking: ManagedBooking,
  token: string,
  savedAt: number,
  database: RideBookDb = db,
): Promise<void> {
  await guardQuota(() =>
    database.managedBookings.put({
      booking_number: booking.booking_number,
      token,
      booking,
      savedAt,
    }),
  );
}

/** The copy kept on this device and when it came, or null (none, or of a shape now unknown). */
export async function readBookingCopy(
  bookingNumber: string,
  database: RideBookDb = db,
): Promise<{ booking: ManagedBooking; savedAt: number } | null> {
  const row = await database.managedBookings.get(bookingNumber);
  if (!row?.booking) return null;
  const parsed = z.safeParse(managedBookingSchema, row.booking);
  return parsed.success ? { booking: parsed.data, savedAt: row.savedAt } : null;
}

/** The server refused the token (expired, revoked): the token and the copy both go. */
export async function forgetBooking(
  bookingNumber: string,
  database: RideBookDb = db,
): Promise<void> {
  await database.managedBookings.delete(bookingNumber);
}
