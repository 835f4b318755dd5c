import { afterEach, describe, expect, it } from 'vitest';
import type { CorporateBooking } from '../../src/contract/corporate';
import {
  cacheBookings,
  clearSession,
  readCachedBookings,
  readSession,
  replacePassenger,
  saveSession,
} from '../../src/web/features/corporate/lib/session';
import { createDb } from '../../src/web/offline/db';

const database = createDb('corporate-session-test');
afterEach(async () => {
  await database.corporateProfile.clear();
  await database.corporateBookings.clear();
});

const passenger = {
  passenger_id: 7,
  passenger_name: 'Ada Lovelace',
  passenger_email: 'ada@example.com',
  passenger_contact_no: '07700900123',
};

function booking(number: string, createdAt: string): CorporateBooking {
  return {
    booking_number: number,
    pick_up_address: 'Heathrow Airport Terminal 5',
    drop_off_address: "King's Cross Station",
    pick_up_date: '2026-12-01',
    pick_up_time: '09:30',
    return_date: null,
    return_time: null,
    hourly_duration: null,
    flight_no: '',
    return_flight_no: '',
    payment_method: 'car',
    status: 'confirmed',
    total_booking_amount: 45.5,
    currency: 'GBP',
    ride_type: 'Q',
    created_at: createdAt,
    fleet_category: { category_name: 'Saloon' },
    booking_details: {
      luggages: 1,
      vehicle_qty: 1,
      meet_and_greet: 'no',
      baby_seat: 0,
      booster_seat: 0,
      wheel_chair: 'no',
      special_luggages: 0,
      waiting_minutes: 0,
    },
    passenger_detail: {
      passenger_name: 'Ada Lovelace',
      passenger_email: 'ada@example.com',
      passenger_contact_no: '07700900123',
      total_passengers: 1,
      additional_info: '',
    },
    booking_stops: [],
  };
}

describe('corporate session store', () => {
  it('keeps token and passenger, replaces the passenger, and clearing wipes the cache too', async () => {
    expect(await readSession(database)).toBeNull();
    await saveSession({ token: 'tok', passenger }, database);
    // savedAt: when the copy was made, for My Account's 'Last updated' offline.
    const savedAt = expect.any(Number) as unknown;
    expect(await readSession(database)).toEqual({ token: 'tok', passenger, savedAt });

    const renamed = { ...passenger, passenger_name: 'Ada King' };
    await replacePassenger(renamed, database);
    expect(await readSession(database)).toEqual({ token: 'tok', passenger: renamed, savedAt });

    await cacheBookings(
      7,
      [booking('B1', '2026-01-01T10:00:00Z'), booking('B2', '2026-02-01T10:00:00Z')],
      database,
    );
    const cached = await readCachedBookings(7, database);
    expect(cached.bookings.map((b) => b.booking_number)).toEqual(['B2', 'B1']);
    expect(cached.fetchedAt).toBeTypeOf('number');

    await clearSession(database);
    expect(await readSession(database)).toBeNull();
    expect((await readCachedBookings(7, database)).bookings).toEqual([]);
  });

  it('remembers when an empty list was fetched, through a profile update', async () => {
    await saveSession({ token: 'tok', passenger }, database);
    expect((await readCachedBookings(7, database)).fetchedAt).toBeNull();
    await cacheBookings(7, [], database, 1_700_000_000_000);
    await replacePassenger({ ...passenger, passenger_contact_no: '07700900999' }, database);
    expect(await readCachedBookings(7, database)).toEqual({
      bookings: [],
      fetchedAt: 1_700_000_000_000,
    });
  });

  it("drops the previous passenger's bookings when another passenger signs in", async () => {
    await saveSession({ token: 'tok', passenger }, database);
    await cacheBookings(7, [booking('B1', '2026-01-01T10:00:00Z')], database);
    await saveSession({ token: 'tok', passenger }, database);
    expect((await readCachedBookings(7, database)).bookings).toHaveLength(1);

    await saveSession({ token: 'other', passenger: { ...passenger, passenger_id: 8 } }, database);
    expect(await database.corporateBookings.count()).toBe(0);
    expect((await readSession(database))?.token).toBe('other');
  });
});
