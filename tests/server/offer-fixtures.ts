import { expect } from 'vitest';
import { jobsBoardResponseSchema } from '../../src/contract/operator';
import type { BuildAppOptions } from '../../src/server/app';
import type { DriverIdentity } from '../../src/server/services/driver/driver-auth-service';
import { startTestApp, tempDir } from './helpers';
import type { TestApp, TestDatabaseKind } from './helpers';
import { carBooking } from './manage-booking-fixtures';
import { consoleCall } from './operator-fixtures';

/** The demo company whose drivers the offer tests use (James Okafor, Sophie Turner). */
export const HEATHROW = 'Heathrow Executive Cars';

/**
 * An app for the offer tests: the test's clock, mail kept in the outbox, no background sweep
 * (tests sweep with jobOffers.sweeper.runOnce()), and a DATA_DIR of its own (the VAPID keys).
 */
export async function startOfferApp(
  kind: TestDatabaseKind,
  clock: () => Date,
  options: { pushAgent?: BuildAppOptions['pushAgent']; env?: Record<string, string> } = {},
): Promise<TestApp & { dataDir: string }> {
  const data = await tempDir('ridebook-offers');
  const t = await startTestApp(kind, {
    clock,
    pushAgent: options.pushAgent,
    env: {
      DATA_DIR: data.dir,
      PAYMENT_PROVIDER: 'test',
      BOOKING_LIMIT_PER_EMAIL: '0',
      BOOKING_LIMIT_PER_ADDRESS: '0',
      MAIL_POLL_INTERVAL_MS: '0',
      OFFER_SWEEP_INTERVAL_MS: '0',
      ...options.env,
    },
  });
  return {
    ...t,
    dataDir: data.dir,
    async close() {
      await t.close();
      await data.remove();
    },
  };
}

async function companyId(t: TestApp, name: string): Promise<number> {
  const row = await t.db.handle.db
    .selectFrom('companies')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * A confirmed booking of the given company (a guest's, paid in the car): the cheapest offer is
 * booked, then moved to that company, so the test knows whose drivers may take it.
 */
export async function confirmedJob(t: TestApp, session: string, company = HEATHROW) {
  const { number } = await carBooking(t);
  await t.db.handle.db
    .updateTable('bookings')
    .set({ company_id: await companyId(t, company) })
    .where('booking_number', '=', number)
    .execute();
  const res = await consoleCall(t, 'POST', `/operator/jobs/${number}/status`, {
    session,
    body: { status: 'confirmed' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return number;
}

/** A demo driver as the driver app's session names them. */
export async function driverNamed(t: TestApp, name: string): Promise<DriverIdentity> {
  const row = await t.db.handle.db
    .selectFrom('drivers')
    .select(['id', 'name', 'company_id'])
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return { id: row.id, name: row.name, companyId: row.company_id };
}

/** Documents in date whatever the test's clock says. */
const IN_DATE = {
  phv_licence_expiry: '2030-12-31',
  mot_expiry: '2030-12-31',
  insurance_expiry: '2030-12-31',
};

/**
 * A company's vehicle by registration (the demo seed's, or made), in service with every
 * document in date.
 */
export async function vehicleOf(t: TestApp, company: string, registration: string) {
  const db = t.db.handle.db;
  const owner = await companyId(t, company);
  const category = await db.selectFrom('fleet_categories').select('id').executeTakeFirstOrThrow();
  await db
    .insertInto('vehicles')
    .values({ company_id: owner, registration, category_id: category.id, ...IN_DATE })
    .onConflict((oc) =>
      oc.columns(['company_id', 'registration']).doUpdateSet({ ...IN_DATE, active: true }),
    )
    .execute();
  const row = await db
    .selectFrom('vehicles')
    .select('id')
    .where('company_id', '=', owner)
    .where('registration', '=', registration)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** POST /operator/jobs/{ref}/offer. */
export function offerCall(t: TestApp, session: string, ref: string, body: unknown) {
  return consoleCall(t, 'POST', `/operator/jobs/${ref}/offer`, { session, body });
}

/** The job references the console's Needs action lists. */
export async function needsAction(t: TestApp, session: string): Promise<string[]> {
  const res = await consoleCall(t, 'GET', '/operator/jobs?view=needs_action', { session });
  expect(res.statusCode, res.body).toBe(200);
  return jobsBoardResponseSchema.parse(res.json()).data.map((row) => row.job_ref);
}

/** A booking's history rows, oldest first. */
export async function historyOf(t: TestApp, number: string) {
  return t.db.handle.db
    .selectFrom('booking_status_history')
    .innerJoin('bookings', 'bookings.id', 'booking_status_history.booking_id')
    .select([
      'booking_status_history.actor',
      'booking_status_history.actor_name',
      'booking_status_history.from_status',
      'booking_status_history.to_status',
      'booking_status_history.note',
      'booking_status_history.driver_id',
    ])
    .where('bookings.booking_number', '=', number)
    .orderBy('booking_status_history.id')
    .execute();
}

/** The outward job's row: status, driver and offer. */
export async function jobRow(t: TestApp, number: string) {
  return t.db.handle.db
    .selectFrom('booking_jobs')
    .innerJoin('bookings', 'bookings.id', 'booking_jobs.booking_id')
    .selectAll('booking_jobs')
    .where('bookings.booking_number', '=', number)
    .where('booking_jobs.leg', '=', 'outward')
    .executeTakeFirstOrThrow();
}
