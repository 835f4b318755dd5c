import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorResponseSchema } from '../../src/contract/operator';
import {
  consoleAccountResponseSchema,
  consoleAccountsResponseSchema,
  type ConsoleAccount,
} from '../../src/contract/operator-accounts';
import { API_BASE, OPERATOR_SESSION_COOKIE } from '../../src/contract/paths';
import { CONSOLE_ACCOUNT_MESSAGES as MESSAGES } from '../../src/domain/console-account-messages';
import { ACCOUNT_MESSAGES, OPERATOR_MESSAGES } from '../../src/domain/messages';
import { DEMO_OPERATORS } from '../../src/server/db/seed-data/operator-accounts';
import { ATTEMPT_LIMITS } from '../../src/server/services/limits/attempt-counters';
import type { TestApp } from './helpers';
import { API_HEADERS, startTestApp, testDatabaseKinds } from './helpers';
import { ADMIN, CONSOLE_ORIGIN, consoleCall, dispatcherOf, signIn } from './operator-fixtures';

const MANAGER = DEMO_OPERATORS.find((o) => o.role === 'manager')!;
const DISPATCHER = dispatcherOf(MANAGER.company!);
const OTHER_DISPATCHER = dispatcherOf('Thames Valley Private Hire');
const NEW_PASSWORD = 'Kestrel over the Thames';
const HOUR_MS = 3_600_000;

/**
 * Issue 33's Accounts: the admin manages every console account, a manager their own company's;
 * a new account's owner sets their own password from a single-use, 24-hour invitation.
 */
describe.each(testDatabaseKinds())('console accounts on %s', (kind) => {
  let t: TestApp;
  let now = new Date('2026-11-21T10:00:00Z');
  let admin: string;
  let manager: string;
  let dispatcher: string;
  let added = 0;

  beforeAll(async () => {
    t = await startTestApp(kind, { env: { MAIL_POLL_INTERVAL_MS: '0' }, clock: () => now });
    [admin, manager, dispatcher] = [
      await signIn(t, ADMIN),
      await signIn(t, MANAGER),
      await signIn(t, DISPATCHER),
    ];
    heathrowId = (await listAccounts(admin)).find((a) => a.email === MANAGER.email)!.company_id!;
  });
  afterAll(async () => t?.close());

  /** Fresh sessions after the clock has moved on past the console's idle limit. */
  async function signInAgain() {
    [admin, manager] = [await signIn(t, ADMIN), await signIn(t, MANAGER)];
  }

  let heathrowId = 0;
  const DISPATCHER_COMPANY = () => heathrowId;

  /** An email no account has yet. */
  function freshEmail(): string {
    added += 1;
    return `new.operator${added}@heathrow-executive.example`;
  }

  async function addAccount(session: string, body: Record<string, unknown>) {
    const res = await consoleCall(t, 'POST', '/operator/accounts', { session, body });
    expect(res.statusCode, res.body).toBe(201);
    return consoleAccountResponseSchema.parse(res.json()).data;
  }

  async function listAccounts(session: string): Promise<ConsoleAccount[]> {
    const res = await consoleCall(t, 'GET', '/operator/accounts', { session });
    expect(res.statusCode, res.body).toBe(200);
    return consoleAccountsResponseSchema.parse(res.json()).data;
  }

  async function accountId(email: string): Promise<number> {
    const accounts = await listAccounts(admin);
    return accounts.find((a) => a.email === email)!.id;
  }

  /** The token in the latest invitation queued for `email`, as its owner reads the link. */
  async function tokenFromOutbox(email: string): Promise<string> {
    const row = await t.db.handle.db
      .selectFrom('outbox')
      .select(['text_body', 'html_body', 'secret'])
      .where('recipient', '=', email)
      .where('kind', '=', 'operator-invitation')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const token = /\/operator\/set-password\?token=([A-Za-z0-9_-]+)/.exec(row.text_body)?.[1];
    if (!token) throw new Error(`no link in ${row.text_body}`);
    expect(row.html_body).toContain(`/operator/set-password?token=${token}`);
    // Cleared from the outbox once sent, like a reset code.
    expect(row.secret).toBe(true);
    return token;
  }

  /** The invitation's public calls, from an address of the test's choosing. */
  function invitationCall(
    path: 'invitation' | 'set-password',
    body: unknown,
    address = '203.0.113.10',
  ) {
    return t.app.inject({
      method: 'POST',
      url: `${API_BASE}/operator/${path}`,
      headers: { ...API_HEADERS, host: 'localhost:80', origin: CONSOLE_ORIGIN },
      payload: body as Record<string, unknown>,
      remoteAddress: address,
    });
  }

  async function setPassword(token: string, password = NEW_PASSWORD) {
    const res = await invitationCall('set-password', { token, password });
    return res;
  }

  async function activityFor(email: string) {
    return t.db.handle.db
      .selectFrom('console_activity')
      .selectAll()
      .where('kind', '=', 'accounts')
      .where('subject', 'like', `%(${email})`)
      .orderBy('id')
      .execute();
  }

  it('refuses a dispatcher every call with the 403 naming the roles, and anyone signed out with a 401', async () => {
    const refusal = OPERATOR_MESSAGES.onlyRoles(['admin', 'manager']);
    const calls = [
      consoleCall(t, 'GET', '/operator/accounts', { session: dispatcher }),
      consoleCall(t, 'POST', '/operator/accounts', {
        session: dispatcher,
        body: { name: 'Sly', email: freshEmail(), role: 'dispatcher' },
      }),
      consoleCall(t, 'PATCH', '/operator/accounts/1', {
        session: dispatcher,
        body: { active: false },
      }),
      consoleCall(t, 'POST', '/operator/accounts/1/invitation', { session: dispatcher }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toBe(refusal);
    }
    const signedOut = await consoleCall(t, 'GET', '/operator/accounts');
    expect(signedOut.statusCode).toBe(401);
  });

  it("lets a manager add its company's dispatcher, who is invited by mail with a hashed single-use link", async () => {
    const email = freshEmail();
    const account = await addAccount(manager, { name: 'Nia Green', email, role: 'dispatcher' });
    expect(account).toMatchObject({
      name: 'Nia Green',
      email,
      role: 'dispatcher',
      company_name: MANAGER.company,
      active: true,
      password_set: false,
      invitation_expires_at: new Date(now.getTime() + 24 * HOUR_MS).toISOString(),
    });
    const token = await tokenFromOutbox(email);

    // Only the token's hash is stored; the activity log never holds it.
    const invitations = await t.db.handle.db
      .selectFrom('operator_invitations')
      .select('token_hash')
      .where('operator_id', '=', account.id)
      .execute();
    expect(invitations.map((i) => i.token_hash)).toEqual([
      createHash('sha256').update(token).digest('hex'),
    ]);
    const rows = await activityFor(email);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ operator_name: 'Sam Patel', before: null });
    expect(rows[0]!.after).toMatchObject({ email, role: 'dispatcher', active: true });
    expect(JSON.stringify(rows[0]!.after)).not.toMatch(/password_hash|token/);

    // No password until its owner sets one: signing in is refused as for an unknown account.
    const early = await consoleCall(t, 'POST', '/operator/login', {
      body: { email, password: NEW_PASSWORD },
    });
    expect(early.statusCode).toBe(401);

    const lookup = await invitationCall('invitation', { token });
    expect(lookup.statusCode, lookup.body).toBe(200);
    expect(lookup.json().data).toEqual({ name: 'Nia Green', email });

    // The product's password rules, the link still good after a refusal.
    const short = await setPassword(token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual([
      { path: 'password', message: ACCOUNT_MESSAGES.passwordTooShort },
    ]);

    const set = await setPassword(token);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().operator).toMatchObject({ email, role: 'dispatcher' });
    const session = set.cookies.find((c) => c.name === OPERATOR_SESSION_COOKIE)!.value;
    const me = await consoleCall(t, 'GET', '/operator/me', { session });
    expect(operatorResponseSchema.parse(me.json()).operator.email).toBe(email);
    await signIn(t, { email, password: NEW_PASSWORD });

    // Single use.
    const again = await setPassword(token, 'Another fine password');
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe(MESSAGES.invitationUsed);
    expect((await invitationCall('invitation', { token })).statusCode).toBe(410);
    await signIn(t, { email, password: NEW_PASSWORD });

    const after = (await listAccounts(manager)).find((a) => a.id === account.id)!;
    expect(after).toMatchObject({ password_set: true, invitation_expires_at: null });
    const setRow = (await activityFor(email)).at(-1)!;
    expect(setRow).toMatchObject({ operator_name: 'Nia Green', after: { password_set: true } });
  });

  it('keeps a manager to its own company: no admins, no moves (403), no other company (404)', async () => {
    const own = await listAccounts(manager);
    expect(new Set(own.map((a) => a.company_name))).toEqual(new Set([MANAGER.company]));
    expect(own.map((a) => a.email)).toEqual(expect.arrayContaining([DISPATCHER.email]));

    const asAdmin = await consoleCall(t, 'POST', '/operator/accounts', {
      session: manager,
      body: { name: 'Ivo Admin', email: freshEmail(), role: 'admin' },
    });
    expect(asAdmin.statusCode).toBe(403);
    expect(asAdmin.json().message).toBe(MESSAGES.managerNoAdmin);

    const otherCompanyId = (await listAccounts(admin)).find(
      (a) => a.email === OTHER_DISPATCHER.email,
    )!.company_id;
    const elsewhere = await consoleCall(t, 'POST', '/operator/accounts', {
      session: manager,
      body: {
        name: 'Ola Else',
        email: freshEmail(),
        role: 'dispatcher',
        company_id: otherCompanyId,
      },
    });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().message).toBe(MESSAGES.managerOwnCompany);

    const ownDispatcher = await accountId(DISPATCHER.email);
    for (const body of [{ role: 'admin' }, { company_id: otherCompanyId }]) {
      const res = await consoleCall(t, 'PATCH', `/operator/accounts/${ownDispatcher}`, {
        session: manager,
        body,
      });
      expect(res.statusCode, res.body).toBe(403);
    }

    for (const email of [OTHER_DISPATCHER.email, ADMIN.email]) {
      const id = await accountId(email);
      const patch = await consoleCall(t, 'PATCH', `/operator/accounts/${id}`, {
        session: manager,
        body: { active: false },
      });
      expect(patch.statusCode).toBe(404);
      expect(patch.json().message).toBe(MESSAGES.accountNotFound);
      const resend = await consoleCall(t, 'POST', `/operator/accounts/${id}/invitation`, {
        session: manager,
      });
      expect(resend.statusCode).toBe(404);
    }
    // Nothing changed by the refusals.
    expect(
      (await listAccounts(admin)).find((a) => a.email === OTHER_DISPATCHER.email)!.active,
    ).toBe(true);
  });

  it('refuses bad input with a 400 naming the field, and an email already in use with a 409', async () => {
    const bad = async (session: string, body: unknown, path: string, status = 400) => {
      const res = await consoleCall(t, 'POST', '/operator/accounts', { session, body });
      expect(res.statusCode, res.body).toBe(status);
      expect((res.json().errors as { path: string }[]).map((e) => e.path)).toContain(path);
      return res;
    };
    await bad(
      admin,
      { name: 'A', email: 'not-an-email', role: 'dispatcher', company_id: 1 },
      'email',
    );
    await bad(
      admin,
      { name: '  ', email: freshEmail(), role: 'dispatcher', company_id: 1 },
      'name',
    );
    await bad(admin, { name: 'A', email: freshEmail(), role: 'owner', company_id: 1 }, 'role');
    await bad(admin, { name: 'A', email: freshEmail(), role: 'dispatcher' }, 'company_id');
    await bad(
      admin,
      { name: 'A', email: freshEmail(), role: 'admin', company_id: 1 },
      'company_id',
    );
    await bad(
      admin,
      { name: 'A', email: freshEmail(), role: 'dispatcher', company_id: 999_999 },
      'company_id',
    );
    const taken = await bad(
      manager,
      { name: 'Copy', email: ` ${DISPATCHER.email.toUpperCase()} `, role: 'dispatcher' },
      'email',
      409,
    );
    expect(taken.json().message).toBe(MESSAGES.emailTaken);
    // Two adds of one new email at once: one account, and the other a 409, never a 500.
    const email = freshEmail();
    const both = await Promise.all(
      [admin, manager].map((session) =>
        consoleCall(t, 'POST', '/operator/accounts', {
          session,
          body: { name: 'Twin', email, role: 'dispatcher', company_id: DISPATCHER_COMPANY() },
        }),
      ),
    );
    expect(both.map((res) => res.statusCode).sort()).toEqual([201, 409]);

    const id = await accountId(DISPATCHER.email);
    const empty = await consoleCall(t, 'PATCH', `/operator/accounts/${id}`, {
      session: admin,
      body: {},
    });
    expect(empty.statusCode).toBe(400);
    const active = await consoleCall(t, 'PATCH', `/operator/accounts/${id}`, {
      session: admin,
      body: { active: 'no' },
    });
    expect(active.statusCode).toBe(400);
    expect(active.json().errors[0].path).toBe('active');
    const notAnId = await consoleCall(t, 'PATCH', '/operator/accounts/abc', {
      session: admin,
      body: { active: false },
    });
    expect(notAnId.statusCode).toBe(404);
  });

  it('lets a link work for 24 hours; a new invitation replaces it, and is refused once a password is set', async () => {
    const email = freshEmail();
    const account = await addAccount(admin, {
      name: 'Olu Late',
      email,
      role: 'manager',
      company_id: (await listAccounts(admin)).find((a) => a.email === MANAGER.email)!.company_id,
    });
    const first = await tokenFromOutbox(email);
    now = new Date(now.getTime() + 24 * HOUR_MS + 60_000);
    await signInAgain();
    const expired = await setPassword(first);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe(MESSAGES.invitationExpired);

    const resend = await consoleCall(t, 'POST', `/operator/accounts/${account.id}/invitation`, {
      session: manager,
    });
    expect(resend.statusCode, resend.body).toBe(200);
    expect(resend.json().data.invitation_expires_at).toBe(
      new Date(now.getTime() + 24 * HOUR_MS).toISOString(),
    );
    const second = await tokenFromOutbox(email);
    expect(second).not.toBe(first);
    const replaced = await setPassword(first);
    expect(replaced.statusCode).toBe(404);
    expect(replaced.json().message).toBe(MESSAGES.invitationUnknown);

    // Just inside its 24 hours.
    now = new Date(now.getTime() + 24 * HOUR_MS - 60_000);
    await signInAgain();
    expect((await setPassword(second)).statusCode).toBe(200);
    const done = await consoleCall(t, 'POST', `/operator/accounts/${account.id}/invitation`, {
      session: admin,
    });
    expect(done.statusCode).toBe(409);
    expect(done.json().message).toBe(MESSAGES.passwordAlreadySet);
    const summaries = (await activityFor(email)).map((r) => r.summary);
    expect(summaries).toEqual([
      'Account added; invitation sent',
      'Invitation sent again',
      'Password set from the invitation',
    ]);
  });

  it("ends a deactivated operator's sessions at once, and a reactivated one signs in again", async () => {
    const email = freshEmail();
    const account = await addAccount(admin, {
      name: 'Rae Short',
      email,
      role: 'dispatcher',
      company_id: (await listAccounts(admin)).find((a) => a.email === MANAGER.email)!.company_id,
    });
    const set = await setPassword(await tokenFromOutbox(email));
    const session = set.cookies.find((c) => c.name === OPERATOR_SESSION_COOKIE)!.value;
    const other = await signIn(t, { email, password: NEW_PASSWORD });
    expect((await consoleCall(t, 'GET', '/operator/me', { session })).statusCode).toBe(200);

    const off = await consoleCall(t, 'PATCH', `/operator/accounts/${account.id}`, {
      session: manager,
      body: { active: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.active).toBe(false);
    for (const s of [session, other]) {
      expect((await consoleCall(t, 'GET', '/operator/bookings', { session: s })).statusCode).toBe(
        401,
      );
    }
    const refused = await consoleCall(t, 'POST', '/operator/login', {
      body: { email, password: NEW_PASSWORD },
    });
    expect(refused.statusCode).toBe(401);

    const on = await consoleCall(t, 'PATCH', `/operator/accounts/${account.id}`, {
      session: manager,
      body: { active: true },
    });
    expect(on.json().data.active).toBe(true);
    // The old sessions stay ended; signing in again works.
    expect((await consoleCall(t, 'GET', '/operator/me', { session })).statusCode).toBe(401);
    await signIn(t, { email, password: NEW_PASSWORD });

    const rows = (await activityFor(email)).slice(-2);
    expect(rows.map((r) => [r.before, r.after])).toEqual([
      [expect.objectContaining({ active: true }), expect.objectContaining({ active: false })],
      [expect.objectContaining({ active: false }), expect.objectContaining({ active: true })],
    ]);
    expect(rows.map((r) => r.operator_name)).toEqual(['Sam Patel', 'Sam Patel']);
  });

  it('lets the admin change any account’s role and company, but nobody their own', async () => {
    const email = freshEmail();
    const account = await addAccount(admin, {
      name: 'Kit Move',
      email,
      role: 'dispatcher',
      company_id: (await listAccounts(admin)).find((a) => a.email === MANAGER.email)!.company_id,
    });
    const thames = (await listAccounts(admin)).find((a) => a.email === OTHER_DISPATCHER.email)!;
    const moved = await consoleCall(t, 'PATCH', `/operator/accounts/${account.id}`, {
      session: admin,
      body: { role: 'manager', company_id: thames.company_id },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({
      role: 'manager',
      company_name: 'Thames Valley Private Hire',
    });
    const row = (await activityFor(email)).at(-1)!;
    expect(row.before).toMatchObject({ role: 'dispatcher', company_name: MANAGER.company });
    expect(row.after).toMatchObject({
      role: 'manager',
      company_name: 'Thames Valley Private Hire',
    });
    // Now another company's: the Heathrow manager no longer sees it.
    expect((await listAccounts(manager)).some((a) => a.id === account.id)).toBe(false);

    const promoted = await consoleCall(t, 'PATCH', `/operator/accounts/${account.id}`, {
      session: admin,
      body: { role: 'admin' },
    });
    expect(promoted.json().data).toMatchObject({ role: 'admin', company_id: null });

    for (const [session, who] of [
      [admin, ADMIN.email],
      [manager, MANAGER.email],
    ] as const) {
      const self = await consoleCall(t, 'PATCH', `/operator/accounts/${await accountId(who)}`, {
        session,
        body: { active: false },
      });
      expect(self.statusCode).toBe(403);
      expect(self.json().message).toBe(MESSAGES.notYourself);
    }
  });

  it('counts invitation attempts per address, as other sign-ins', async () => {
    const address = '203.0.113.99';
    const limit = ATTEMPT_LIMITS.resetCode.perAddress;
    for (let i = 0; i < limit; i += 1) {
      const res = await invitationCall(
        'invitation',
        { token: `guess${String(i).padStart(40, 'x')}` },
        address,
      );
      expect(res.statusCode).toBe(404);
    }
    const over = await invitationCall(
      'set-password',
      { token: 'y'.repeat(43), password: NEW_PASSWORD },
      address,
    );
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
  });
});
