import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from './helpers';
import type { TestApp } from './helpers';
import { carBooking } from './manage-booking-fixtures';
import {
  confirmedJob,
  driverNamed,
  HEATHROW,
  historyOf,
  jobRow,
  offerCall,
  startOfferApp,
  vehicleOf,
} from './offer-fixtures';
import { ADMIN, dispatcherOf, signIn } from './operator-fixtures';
import { FIXED_NOW } from './quote-fixtures';

const NORTHERN_STAR = 'Northern Star Chauffeurs';

/**
 * Issue 34: an offer is refused on the same terms as an assignment (checkDispatchable) — the
 * booking's company only (another company's booking is 404, its driver or vehicle a 400 naming
 * the field), an active driver and a vehicle in service with every document in date (409), a
 * step the lifecycle allows (409).
 */
describe.each(testDatabaseKinds())(
  'job offers refused on %s',
  (kind) => {
    let t: TestApp;
    let session: string;
    let number: string;
    let car: number;

    beforeAll(async () => {
      t = await startOfferApp(kind, () => FIXED_NOW);
      session = await signIn(t, dispatcherOf(HEATHROW));
      number = await confirmedJob(t, session);
      car = await vehicleOf(t, HEATHROW, 'LB71 XKE');
    });
    afterAll(() => t?.close());

    async function expectRefused(
      body: unknown,
      status: number,
      expected: { message?: string | RegExp; errors?: string[] },
      who = session,
      ref = number,
    ) {
      const res = await offerCall(t, who, ref, body);
      expect(res.statusCode, res.body).toBe(status);
      const answer = res.json() as { message: string; errors?: { path: string }[] };
      if (expected.message) expect(answer.message).toMatch(expected.message);
      if (expected.errors) expect(answer.errors?.map((e) => e.path)).toEqual(expected.errors);
    }

    it('names each missing or wrong field in a 400', async () => {
      await expectRefused({}, 400, { errors: ['driver_id'] });
      await expectRefused({ driver_id: 1, vehicle_id: 'LB71 XKE' }, 400, {
        errors: ['vehicle_id'],
      });
      await expectRefused({ driver_id: 'James', vehicle_id: car }, 400, { errors: ['driver_id'] });
      const callum = await driverNamed(t, 'Callum Fraser');
      const theirCar = await vehicleOf(t, NORTHERN_STAR, 'SN69 NSC');
      const james = await driverNamed(t, 'James Okafor');
      await expectRefused({ driver_id: callum.id, vehicle_id: car }, 400, {
        message: "driver_id must be one of the booking company's drivers",
        errors: ['driver_id'],
      });
      await expectRefused({ driver_id: james.id, vehicle_id: theirCar }, 400, {
        message: "vehicle_id must be one of the company's vehicles",
        errors: ['vehicle_id'],
      });
    });

    it("is 404 for another company's booking, and the admin may offer any", async () => {
      const james = await driverNamed(t, 'James Okafor');
      const other = await signIn(t, dispatcherOf(NORTHERN_STAR));
      await expectRefused({ driver_id: james.id, vehicle_id: car }, 404, {}, other);
      await expectRefused({ driver_id: james.id, vehicle_id: car }, 404, {}, session, '999999999');
      await expectRefused(
        { driver_id: james.id, vehicle_id: car },
        404,
        {},
        session,
        `${number}-R`,
      );
      const admin = await signIn(t, ADMIN);
      // Without a vehicle named, the driver's usual one is offered.
      const res = await offerCall(t, admin, number, { driver_id: james.id });
      expect(res.statusCode, res.body).toBe(200);
      expect((await historyOf(t, number)).at(-1)).toMatchObject({
        actor: 'operator',
        actor_name: ADMIN.name,
        note: 'Offered to James Okafor',
      });
      expect((await jobRow(t, number)).offered_vehicle_id).toBe(car);
    });

    it('refuses a deactivated or unlicensed driver and a withdrawn vehicle with a 409', async () => {
      const db = t.db.handle.db;
      const sophie = await driverNamed(t, 'Sophie Turner');
      const offer = { driver_id: sophie.id, vehicle_id: car };
      await db.updateTable('drivers').set({ active: false }).where('id', '=', sophie.id).execute();
      await expectRefused(offer, 409, {
        message: 'This driver is deactivated and cannot be assigned',
      });
      await db
        .updateTable('drivers')
        .set({ active: true, licence_expiry: '2026-11-20' })
        .where('id', '=', sophie.id)
        .execute();
      await expectRefused(offer, 409, {
        message:
          "Sophie Turner's private hire driver's licence expired on 20/11/2026: they cannot be sent on a job until it is renewed",
      });
      await db
        .updateTable('drivers')
        .set({ licence_expiry: '2027-11-20' })
        .where('id', '=', sophie.id)
        .execute();
      await db.updateTable('vehicles').set({ active: false }).where('id', '=', car).execute();
      await expectRefused(offer, 409, {
        message:
          'LB71 XKE is withdrawn from service: reactivate it on the Vehicles page or choose another vehicle',
      });
      await db
        .updateTable('vehicles')
        .set({ active: true, mot_expiry: '2026-11-01' })
        .where('id', '=', car)
        .execute();
      await expectRefused(offer, 409, { message: /MOT/ });
      await db
        .updateTable('vehicles')
        .set({ mot_expiry: '2030-12-31' })
        .where('id', '=', car)
        .execute();
      const res = await offerCall(t, session, number, offer);
      expect(res.statusCode, res.body).toBe(200);
      expect((await jobRow(t, number)).offered_driver_id).toBe(sophie.id);
    });

    it('refuses a job the lifecycle cannot give a driver', async () => {
      const james = await driverNamed(t, 'James Okafor');
      const { number: pending } = await carBooking(t);
      await t.db.handle.db
        .updateTable('bookings')
        .set({ company_id: await companyOf(number) })
        .where('booking_number', '=', pending)
        .execute();
      await expectRefused(
        { driver_id: james.id, vehicle_id: car },
        409,
        { message: 'A booking that is Pending cannot become Driver assigned' },
        session,
        pending,
      );
      expect((await jobRow(t, pending)).offered_driver_id).toBeNull();
    });

    async function companyOf(bookingNumber: string) {
      const row = await t.db.handle.db
        .selectFrom('bookings')
        .select('company_id')
        .where('booking_number', '=', bookingNumber)
        .executeTakeFirstOrThrow();
      return row.company_id;
    }
  },
  60_000,
);
