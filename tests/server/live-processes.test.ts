import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVER_SESSION_COOKIE } from '../../src/contract/driver';
import { API_BASE, OPERATOR_SESSION_COOKIE } from '../../src/contract/paths';
import type { DatabaseHandle } from '../../src/server/db/database';
import { hashPassword } from '../../src/server/services/accounts/passwords';
import { DEMO_HEADERS, freePort, spawnServer } from '../support/server-process';
import type { ServerProcess } from '../support/server-process';
import { longLicensedDriverOf, openEvents, type EventReader } from './live-fixtures';
import { ADMIN } from './operator-fixtures';
import { createProcessDatabase, guestBookingBodies, postBooking } from './process-fixtures';
import type { ProcessDatabase } from './process-fixtures';

const PASSENGER = 'two.processes@example.co.uk';
const DRIVER_PASSWORD = 'Road ready phrase 2026';

/**
 * Issue 34: a change made through one API process reaches a screen connected to another, on
 * one PostgreSQL database (LISTEN/NOTIFY). Two real server processes: the office moves a job
 * and the driver sends positions on the first; the console and the passenger listen on the
 * second. And a process with screens connected still stops at once on SIGTERM.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('live updates across two API processes', () => {
  let data: ProcessDatabase;
  let db: DatabaseHandle;
  let first: ServerProcess;
  let second: ServerProcess;
  const readers: EventReader[] = [];

  beforeAll(async () => {
    data = await createProcessDatabase('postgres');
    // One after the other: the first migrates and seeds, the second finds it done.
    const env = { ...data.env, SEED_DEMO: '1', BOOKING_LIMIT_PER_ADDRESS: '0' };
    first = await spawnServer({ env: { ...env, PORT: String(await freePort()) } });
    second = await spawnServer({ env: { ...env, PORT: String(await freePort()) } });
    db = await data.open();
  }, 180_000);
  afterAll(async () => {
    for (const reader of readers) reader.close();
    await first?.stop();
    await second?.stop();
    await db?.close();
    await data?.remove();
  });

  async function call(
    server: ServerProcess,
    path: string,
    init: { body?: unknown; cookie?: string } = {},
  ) {
    const res = await fetch(`${server.url}${API_BASE}${path}`, {
      method: init.body === undefined ? 'GET' : 'POST',
      headers: {
        ...DEMO_HEADERS,
        origin: server.url,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.cookie ? { cookie: init.cookie } : {}),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    return { res, body: (await res.json()) as Record<string, unknown> };
  }

  async function signInOn(
    server: ServerProcess,
    path: string,
    who: { email: string; password: string },
    name: string,
  ) {
    const { res } = await call(server, path, { body: who });
    expect(res.status).toBe(200);
    return res.headers
      .getSetCookie()
      .find((line) => line.startsWith(`${name}=`))!
      .split(';')[0]!;
  }

  async function listenOn(
    server: ServerProcess,
    path: string,
    headers: Record<string, string> = {},
  ) {
    const reader = await openEvents(`${server.url}${API_BASE}${path}`, headers);
    expect(reader.response.status).toBe(200);
    readers.push(reader);
    return reader;
  }

  it(
    'reaches the console and the passenger on the other process within 5 s',
    { timeout: 90_000 },
    async () => {
      const bodies = await guestBookingBodies(first.url);
      const booked = await postBooking(first.url, bodies(PASSENGER), crypto.randomUUID());
      if (booked.kind !== 'booked') throw new Error(JSON.stringify(booked));
      const number = booked.bookingNumber;
      const lookup = await call(second, '/manage-booking/lookup', {
        body: { booking_number: number, email: PASSENGER },
      });
      const token = lookup.body.manage_token as string;

      const admin = await signInOn(first, '/operator/login', ADMIN, OPERATOR_SESSION_COOKIE);
      const console2 = await listenOn(second, '/operator/events', { cookie: admin });
      const passenger2 = await listenOn(second, `/manage-booking/${number}/events?token=${token}`);

      const moved = await call(first, `/operator/jobs/${number}/status`, {
        cookie: admin,
        body: { status: 'confirmed' },
      });
      expect(moved.res.status).toBe(200);
      for (const reader of [console2, passenger2]) {
        expect(await reader.next((e) => e.type === 'jobs', 5_000)).toEqual({
          type: 'jobs',
          job_ref: number,
        });
      }

      // The driver, assigned and On the way on the first process, sends a position there.
      const booking = await db.db
        .selectFrom('bookings')
        .innerJoin('companies', 'companies.id', 'bookings.company_id')
        .select('companies.name as company')
        .where('booking_number', '=', number)
        .executeTakeFirstOrThrow();
      const demo = longLicensedDriverOf(booking.company);
      const driver = await db.db
        .updateTable('drivers')
        .set({
          email: 'two.processes.driver@example.co.uk',
          password_hash: await hashPassword(DRIVER_PASSWORD),
        })
        .where('name', '=', demo.name)
        .returning('id')
        .executeTakeFirstOrThrow();
      const driverCookie = await signInOn(
        first,
        '/driver/login',
        { email: 'two.processes.driver@example.co.uk', password: DRIVER_PASSWORD },
        DRIVER_SESSION_COOKIE,
      );
      const driver2 = await listenOn(second, '/driver/events', { cookie: driverCookie });
      const assigned = await call(first, `/operator/jobs/${number}/assign`, {
        cookie: admin,
        body: { driver_id: driver.id, vehicle_registration: demo.registration },
      });
      expect(assigned.res.status).toBe(200);
      await driver2.next((e) => e.job_ref === number, 5_000);
      expect(
        (
          await call(first, `/operator/jobs/${number}/status`, {
            cookie: admin,
            body: { status: 'en_route' },
          })
        ).res.status,
      ).toBe(200);
      const sent = await call(first, '/driver/location', {
        cookie: driverCookie,
        body: { lat: 51.48, lng: -0.45, accuracy: 10, at: new Date().toISOString() },
      });
      expect(sent.body).toEqual({ success: true, data: { recorded: true, job_ref: number } });
      for (const reader of [console2, passenger2]) {
        await reader.next((e) => e.type === 'position' && e.job_ref === number, 5_000);
      }
    },
  );

  it('stops at once on SIGTERM with screens connected', { timeout: 30_000 }, async () => {
    const admin = await signInOn(second, '/operator/login', ADMIN, OPERATOR_SESSION_COOKIE);
    const open = await Promise.all(
      [1, 2, 3].map(() => listenOn(second, '/operator/events', { cookie: admin })),
    );
    const started = performance.now();
    const code = await second.stop();
    expect(code).toBe(0);
    expect(performance.now() - started).toBeLessThan(5_000);
    await Promise.all(open.map((reader) => reader.ended));
  });
});
