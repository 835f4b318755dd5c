import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_SESSION_COOKIE } from '../../src/contract/paths';
import { OPERATOR_MESSAGES } from '../../src/domain/messages';
import { migrateTo, migrateToLatest } from '../../src/server/db/migrations';
import { DEMO_OPERATORS } from '../../src/server/db/seed-data/operator-accounts';
import { registerErrorHandler } from '../../src/server/http/error-handler';
import { allowRoles } from '../../src/server/http/operator-roles';
import { operatorAuth, sessionCookies } from '../../src/server/http/operator-session';
import { createOperatorsRepository } from '../../src/server/repositories/operators-repository';
import { createOperatorAuthService } from '../../src/server/services/operator/operator-auth-service';
import type { TestApp, TestDatabase } from './helpers';
import { openTestDatabase, startTestApp, testDatabaseKinds } from './helpers';
import { ADMIN, consoleCall, dispatcherOf, signIn } from './operator-fixtures';

const MANAGER = DEMO_OPERATORS.find((o) => o.role === 'manager')!;
const DISPATCHER = dispatcherOf(MANAGER.company!);

describe.each(testDatabaseKinds())('console roles and sessions on %s', (kind) => {
  let t: TestApp;
  /** Routes no page uses yet behind the role check, on the console's own session check. */
  let probe: FastifyInstance;

  beforeAll(async () => {
    t = await startTestApp(kind);
    probe = Fastify();
    registerErrorHandler(probe);
    await probe.register(cookie);
    const auth = createOperatorAuthService({
      operators: createOperatorsRepository(t.db.handle.db),
      clock: () => new Date(),
    });
    const signedIn = operatorAuth(auth, sessionCookies(undefined));
    const ok = async () => ({ success: true as const });
    probe.get('/managers', { preValidation: [signedIn, allowRoles('admin', 'manager')] }, ok);
    probe.get('/admins', { preValidation: [signedIn, allowRoles('admin')] }, ok);
    await probe.ready();
  });
  afterAll(async () => {
    await probe?.close();
    await t?.close();
  });

  function probeCall(path: string, session?: string) {
    return probe.inject({
      method: 'GET',
      url: path,
      headers: session ? { cookie: `${OPERATOR_SESSION_COOKIE}=${session}` } : {},
    });
  }

  it('refuses a role without the right with a 403 saying which roles may, after the session check', async () => {
    const [admin, manager, dispatcher] = [
      await signIn(t, ADMIN),
      await signIn(t, MANAGER),
      await signIn(t, DISPATCHER),
    ];
    expect((await probeCall('/managers', admin)).statusCode).toBe(200);
    expect((await probeCall('/managers', manager)).statusCode).toBe(200);
    const refused = await probeCall('/managers', dispatcher);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      success: false,
      message: 'Only an admin or a manager can do this',
    });
    const adminsOnly = await probeCall('/admins', manager);
    expect(adminsOnly.statusCode).toBe(403);
    expect(adminsOnly.json().message).toBe('Only an admin can do this');
    expect((await probeCall('/admins', admin)).statusCode).toBe(200);
    // No session is the session check's 401, never the role's 403.
    const anonymous = await probeCall('/managers');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(OPERATOR_MESSAGES.signInRequired);
  });

  it("ends a deactivated operator's sessions at once, for good", async () => {
    const session = await signIn(t, DISPATCHER);
    expect((await consoleCall(t, 'GET', '/operator/me', { session })).statusCode).toBe(200);
    const setActive = (active: boolean) =>
      t.db.handle.db
        .updateTable('operators')
        .set({ active })
        .where('email_key', '=', DISPATCHER.email)
        .execute();
    await setActive(false);
    try {
      const next = await consoleCall(t, 'GET', '/operator/bookings', { session });
      expect(next.statusCode).toBe(401);
      expect(next.json().message).toBe(OPERATOR_MESSAGES.signInRequired);
      // The board's own refresh, which does not count as use, is refused too.
      const refresh = await consoleCall(t, 'GET', '/operator/me', {
        session,
        headers: { 'x-console-refresh': '1' },
      });
      expect(refresh.statusCode).toBe(401);
    } finally {
      await setActive(true);
    }
    // Reactivated, the account signs in afresh; the old session stays over.
    expect((await consoleCall(t, 'GET', '/operator/me', { session })).statusCode).toBe(401);
    const again = await signIn(t, DISPATCHER);
    expect((await consoleCall(t, 'GET', '/operator/me', { session: again })).statusCode).toBe(200);
  });
});

/** Issue 33: the manager is a third role, of one company, like a dispatcher. */
describe.each(testDatabaseKinds())('migration 0020 (manager role) on %s', (kind) => {
  let test: TestDatabase | undefined;
  afterEach(async () => {
    await test?.dispose();
    test = undefined;
  });

  it('accepts a manager with a company and refuses one without', async () => {
    test = await openTestDatabase(kind);
    const { db, schema } = test.handle;
    await migrateTo(db, schema, '0019_booking_jobs');
    await sql`insert into companies (id, name, rating) values (1, 'Older Cars', 4.5)`.execute(db);
    const operator = (email: string, role: string, companyId: number | null) =>
      sql`insert into operators (email, email_key, name, password_hash, role, company_id)
        values (${email}, ${email}, 'Someone', 'not-a-hash', ${role}, ${companyId})`.execute(db);
    await expect(operator('early@example.co.uk', 'manager', 1)).rejects.toThrow();

    expect(await migrateToLatest(db, schema)).toContain('0020_manager_role');
    await operator('manager@example.co.uk', 'manager', 1);
    await expect(operator('nowhere@example.co.uk', 'manager', null)).rejects.toThrow();
    // The other rules stand: a dispatcher has a company, the admin none, no other role.
    await operator('dispatch@example.co.uk', 'dispatcher', 1);
    await operator('admin@example.co.uk', 'admin', null);
    await expect(operator('lost@example.co.uk', 'dispatcher', null)).rejects.toThrow();
    await expect(operator('boxed@example.co.uk', 'admin', 1)).rejects.toThrow();
    await expect(operator('owner@example.co.uk', 'owner', 1)).rejects.toThrow();
    const roles = await db.selectFrom('operators').select('role').orderBy('role').execute();
    expect(roles.map((row) => row.role)).toEqual(['admin', 'dispatcher', 'manager']);
  });
});
