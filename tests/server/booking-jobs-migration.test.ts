import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../../src/server/db/migrations';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from './helpers';

/**
 * Issue 32: bookings made before jobs get theirs — the outward job, and a return job when they
 * have a return — with the status, driver and registration they had; their history rows become
 * the outward job's.
 */
describe.each(testDatabaseKinds())('migration 0019 (jobs) on %s', (kind) => {
  let test: TestDatabase | undefined;
  afterEach(async () => {
    await test?.dispose();
    test = undefined;
  });

  it('gives every existing booking its jobs with its status and driver, and its history to the outward job', async () => {
    test = await openTestDatabase(kind);
    const { db, schema } = test.handle;
    await migrateTo(db, schema, '0018_place_area');
    await sql`insert into companies (id, name, rating) values (1, 'Older Cars', 4.5)`.execute(db);
    await sql`insert into fleet_categories (id, name, seats, luggage, hand_luggage, image_path, sort_order)
      values (1, 'Saloon', 4, 2, 2, 'vehicles/saloon.svg', 1)`.execute(db);
    await sql`insert into drivers (id, company_id, name, mobile, licence_number, licence_expiry, vehicle_registration, category_id)
      values (7, 1, 'Dora Driver', '07700900001', 'PHD1', '2030-01-01', 'AB12 CDE', 1)`.execute(db);
    const booking = (number: string, journey: string, status: string, driver: number | null) => sql`
      insert into bookings (booking_number, status, booking_type, ride_type, journey_type,
        registration_mode, company_id, category_id, vehicle_count, pick_up_address, pick_up_date,
        pick_up_time, pickup_at, return_date, return_time, payment_method, payment_status,
        price_pence, total_pence, breakdown, form, driver_id, vehicle_registration)
      values (${number}, ${status}, 'milleage', 'Q', ${journey}, 'guest_login', 1, 1, 1,
        'Heathrow T5', '2026-12-01', '10:15', '2026-12-01T10:15:00Z',
        ${journey === 'return' ? '2026-12-04' : null}, ${journey === 'return' ? '18:00' : null},
        'car', 'pay_in_car', 9000, 9000, '{}', '{}', ${driver},
        ${driver === null ? null : 'AB12 CDE'})`;
    await booking('700000001', 'one_way', 'driver_assigned', 7).execute(db);
    await booking('700000002', 'return', 'confirmed', null).execute(db);
    await booking('700000003', 'return', 'en_route', 7).execute(db);
    await sql`insert into booking_status_history (booking_id, at, actor, actor_name, from_status, to_status)
      select id, now(), 'system', 'System', null, status from bookings`.execute(db);

    const ran = await migrateToLatest(db, schema);
    expect(ran).toContain('0019_booking_jobs');

    const jobs = await db
      .selectFrom('booking_jobs')
      .innerJoin('bookings', 'bookings.id', 'booking_jobs.booking_id')
      .select([
        'bookings.booking_number',
        'booking_jobs.leg',
        'booking_jobs.status',
        'booking_jobs.driver_id',
        'booking_jobs.vehicle_registration',
      ])
      .orderBy('bookings.booking_number')
      .orderBy('booking_jobs.leg')
      .execute();
    expect(jobs).toEqual([
      {
        booking_number: '700000001',
        leg: 'outward',
        status: 'driver_assigned',
        driver_id: 7,
        vehicle_registration: 'AB12 CDE',
      },
      {
        booking_number: '700000002',
        leg: 'outward',
        status: 'confirmed',
        driver_id: null,
        vehicle_registration: null,
      },
      {
        booking_number: '700000002',
        leg: 'return',
        status: 'confirmed',
        driver_id: null,
        vehicle_registration: null,
      },
      {
        booking_number: '700000003',
        leg: 'outward',
        status: 'en_route',
        driver_id: 7,
        vehicle_registration: 'AB12 CDE',
      },
      {
        booking_number: '700000003',
        leg: 'return',
        status: 'en_route',
        driver_id: 7,
        vehicle_registration: 'AB12 CDE',
      },
    ]);
    const legs = await db.selectFrom('booking_status_history').select('leg').distinct().execute();
    expect(legs).toEqual([{ leg: 'outward' }]);
    // The history stays append-only.
    await expect(sql`update booking_status_history set leg = 'return'`.execute(db)).rejects.toThrow(
      /cannot be changed/,
    );
  });
});
