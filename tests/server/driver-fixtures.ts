import { expect } from 'vitest';
import { DRIVER_SESSION_COOKIE } from '../../src/contract/driver';
import { API_BASE } from '../../src/contract/paths';
import { hashPassword } from '../../src/server/services/accounts/passwords';
import { API_HEADERS } from './helpers';
import { CONSOLE_ORIGIN } from './operator-fixtures';
import type { TestApp } from './helpers';

/** A password good enough for the policy, for drivers the tests sign in. */
export const DRIVER_PASSWORD = 'Road ready phrase 2026';

/** A driver app call: the site's keys, the driver's session cookie, and the site's Origin. */
export function driverCall(
  t: TestApp,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  options: {
    session?: string;
    body?: unknown;
    origin?: string | null;
    headers?: Record<string, string>;
    remoteAddress?: string;
  } = {},
) {
  const origin = options.origin === undefined ? CONSOLE_ORIGIN : options.origin;
  return t.app.inject({
    method,
    url: `${API_BASE}${path}`,
    headers: {
      ...API_HEADERS,
      host: 'localhost:80',
      ...(origin === null || method === 'GET' ? {} : { origin }),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.session ? { cookie: `${DRIVER_SESSION_COOKIE}=${options.session}` } : {}),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { payload: JSON.stringify(options.body) }),
    remoteAddress: options.remoteAddress ?? '198.51.100.30',
  });
}

/** A seeded driver by name, with their company. */
export async function seededDriver(t: TestApp, name: string) {
  return t.db.handle.db
    .selectFrom('drivers')
    .innerJoin('companies', 'companies.id', 'drivers.company_id')
    .select(['drivers.id', 'drivers.name', 'drivers.company_id', 'companies.name as company'])
    .where('drivers.name', '=', name)
    .executeTakeFirstOrThrow();
}

/** Gives a driver an email and a password, as a used invitation would. */
export async function giveDriverLogin(
  t: TestApp,
  driverId: number,
  email: string,
  password = DRIVER_PASSWORD,
): Promise<{ email: string; password: string }> {
  await t.db.handle.db
    .updateTable('drivers')
    .set({ email, password_hash: await hashPassword(password) })
    .where('id', '=', driverId)
    .execute();
  return { email, password };
}

/** Signs a driver in and returns the session cookie's value. */
export async function driverSignIn(t: TestApp, who: { email: string; password: string }) {
  const res = await driverCall(t, 'POST', '/driver/login', {
    body: { email: who.email, password: who.password },
  });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = res.cookies.find((c) => c.name === DRIVER_SESSION_COOKIE);
  expect(cookie).toBeDefined();
  return cookie!.value;
}
