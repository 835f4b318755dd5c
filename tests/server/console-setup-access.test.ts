import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../src/contract/paths';
import { MESSAGES } from '../../src/domain/messages';
import { DEMO_OPERATORS } from '../../src/server/db/seed-data/operator-accounts';
import type { TestApp } from './helpers';
import { startTestApp } from './helpers';
import { consoleCall, dispatcherOf, signIn } from './operator-fixtures';

/**
 * Issue 33: "A dispatcher is refused every page and endpoint of this issue", and a manager every
 * one that is the admin's alone. The console calls a dispatcher may make are listed here; every
 * other operator path in the contract, today's and any added later, must refuse them with 403.
 */
const DISPATCHER_PATHS = new Set<string>([
  API_PATHS.operatorLogin,
  API_PATHS.operatorLogout,
  API_PATHS.operatorMe,
  API_PATHS.operatorBookings,
  API_PATHS.operatorBookingsCsv,
  API_PATHS.operatorBooking,
  API_PATHS.operatorBookingStatus,
  API_PATHS.operatorBookingAssign,
  API_PATHS.operatorJobs,
  API_PATHS.operatorJob,
  API_PATHS.operatorJobStatus,
  API_PATHS.operatorJobAssign,
  API_PATHS.operatorDrivers,
  API_PATHS.operatorDriver,
  API_PATHS.operatorRefundRetry,
  // A new account's link, used before any session.
  API_PATHS.operatorInvitation,
  API_PATHS.operatorSetPassword,
  // Dispatching to the driver app (issue 34): inviting a driver, offering a job, the map,
  // a job's trail and the console's live events.
  API_PATHS.operatorDriverInvitation,
  API_PATHS.operatorDriverPositions,
  API_PATHS.operatorJobOffer,
  API_PATHS.operatorJobTrail,
  API_PATHS.operatorJobTrailGpx,
  API_PATHS.operatorEvents,
]);

/** Set-up a dispatcher may read but not change: the vehicles they assign (issue 34). */
const DISPATCHER_READS = new Set<string>(['/operator/vehicles', '/operator/vehicles/1']);

/** The admin's alone: a manager is refused them too. */
const ADMIN_ONLY = /^\/operator\/(settings|companies|mail|messages|zones|bank-holidays)(\/|$)/;

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Every set-up path of the contract, with its parameters filled in (1 names whatever it can). */
const setupPaths = Object.values(API_PATHS)
  .filter((path) => path.startsWith('/operator/') && !DISPATCHER_PATHS.has(path))
  .map((path) => path.replace(/:[a-z_]+/g, '1'));

const MANAGER = DEMO_OPERATORS.find((o) => o.role === 'manager')!;

describe('the set-up pages’ calls and who may make them', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite');
  });
  afterAll(async () => t?.close());

  /** The methods a path answers: a method with no route is the API's own 'not found' 404. */
  async function refusals(path: string, session: string) {
    const answers: [string, number][] = [];
    for (const method of METHODS) {
      const res = await consoleCall(t, method, path, {
        session,
        body: method === 'GET' ? undefined : {},
      });
      if (res.statusCode === 404 && res.json().message === MESSAGES.notFound) continue;
      answers.push([method, res.statusCode]);
    }
    return answers;
  }

  it('lists the issue’s calls (the guard below is not empty)', () => {
    expect(setupPaths).toEqual(
      expect.arrayContaining([
        '/operator/settings',
        '/operator/fleet',
        '/operator/companies',
        '/operator/accounts',
        '/operator/requests',
        '/operator/mail',
        '/operator/activity',
      ]),
    );
  });

  it('refuses a dispatcher every one of them with 403, whatever the method', async () => {
    const session = await signIn(t, dispatcherOf(MANAGER.company!));
    for (const path of setupPaths) {
      const answers = await refusals(path, session);
      expect(answers.length, `${path} answers no method`).toBeGreaterThan(0);
      for (const [method, status] of answers) {
        if (method === 'GET' && DISPATCHER_READS.has(path)) continue;
        expect(status, `${method} ${path}`).toBe(403);
      }
    }
  });

  it('refuses a manager the admin’s own calls with 403', async () => {
    const session = await signIn(t, MANAGER);
    const adminOnly = setupPaths.filter((path) => ADMIN_ONLY.test(path));
    expect(adminOnly.length).toBeGreaterThanOrEqual(4);
    for (const path of adminOnly) {
      const answers = await refusals(path, session);
      expect(answers.length, `${path} answers no method`).toBeGreaterThan(0);
      for (const [method, status] of answers) expect(status, `${method} ${path}`).toBe(403);
    }
  });
});
