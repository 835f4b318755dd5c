import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DRIVER_SESSION_COOKIE,
  driverInvitationLookupResponseSchema,
  driverSetPasswordResponseSchema,
} from '../../src/contract/driver';
import { driverInvitationResponseSchema } from '../../src/contract/operator-driver-invitation';
import { DRIVER_MESSAGES } from '../../src/domain/driver-messages';
import { startBookingApp } from './booking-fixtures';
import { driverCall, driverSignIn, seededDriver } from './driver-fixtures';
import { testDatabaseKinds } from './helpers';
import type { TestApp } from './helpers';
import { ADMIN, consoleCall, dispatcherOf, signIn } from './operator-fixtures';
import { FIXED_NOW } from './quote-fixtures';

const HOUR = 3_600_000;
const NEW_PASSWORD = 'Mirrors signal manoeuvre 7';
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

describe.each(testDatabaseKinds())('invitations to the driver app on %s', (kind) => {
  let t: TestApp;
  let heathrow: string;
  let sophie: { id: number; company_id: number };
  const sophieEmail = 'sophie.turner@heathrow-executive.example';

  beforeAll(async () => {
    t = await startBookingApp(kind, { MAIL_POLL_INTERVAL_MS: '0' });
    heathrow = await signIn(t, dispatcherOf('Heathrow Executive Cars'));
    sophie = await seededDriver(t, 'Sophie Turner');
    await setEmail(sophie.id, sophieEmail);
  });
  afterAll(async () => t?.close());

  function setEmail(driverId: number, email: string | null) {
    return t.db.handle.db
      .updateTable('drivers')
      .set({ email })
      .where('id', '=', driverId)
      .execute();
  }

  const invite = (driverId: number, session = heathrow) =>
    consoleCall(t, 'POST', `/operator/drivers/${driverId}/invitation`, { session });

  /** The token in the latest invitation mail queued for `email`, as the driver reads the link. */
  async function tokenFromOutbox(email: string): Promise<string> {
    const row = await t.db.handle.db
      .selectFrom('outbox')
      .select(['text_body', 'html_body', 'secret', 'subject'])
      .where('recipient', '=', email)
      .where('kind', '=', 'driver-invitation')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const token = /\/driver\/set-password\?token=([A-Za-z0-9_-]+)/.exec(row.text_body)?.[1];
    if (!token) throw new Error(`no link in ${row.text_body}`);
    expect(row.html_body).toContain(`/driver/set-password?token=${token}`);
    expect(row.secret).toBe(true);
    expect(row.subject).toBe('Set your password for the RideBook Driver app');
    return token;
  }

  async function sentInvitation(driverId: number, email: string) {
    const res = await invite(driverId);
    expect(res.statusCode, res.body).toBe(200);
    expect(driverInvitationResponseSchema.parse(res.json()).data).toEqual({ sent_to: email });
    return tokenFromOutbox(email);
  }

  const lookup = (token: string, remoteAddress?: string) =>
    driverCall(t, 'GET', `/driver/invitation?token=${encodeURIComponent(token)}`, {
      remoteAddress,
    });
  const setPassword = (token: string, password = NEW_PASSWORD) =>
    driverCall(t, 'POST', '/driver/set-password', { body: { token, password } });

  it('mails a single-use link valid 24 hours, stored only as its SHA-256', async () => {
    const token = await sentInvitation(sophie.id, sophieEmail);
    const rows = await t.db.handle.db
      .selectFrom('driver_invitations')
      .selectAll()
      .where('driver_id', '=', sophie.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(sha256(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(new Date(rows[0]!.expires_at).getTime()).toBe(FIXED_NOW.getTime() + 24 * HOUR);

    const found = await lookup(token);
    expect(found.statusCode, found.body).toBe(200);
    expect(driverInvitationLookupResponseSchema.parse(found.json()).data).toEqual({
      name: 'Sophie Turner',
      email: sophieEmail,
    });

    const weak = await setPassword(token, 'password');
    expect(weak.statusCode).toBe(400);
    expect((weak.json() as { errors: { path: string }[] }).errors[0]!.path).toBe('password');

    const set = await setPassword(token);
    expect(set.statusCode, set.body).toBe(200);
    const body = driverSetPasswordResponseSchema.parse(set.json());
    expect(body.message).toBe(DRIVER_MESSAGES.passwordSet);
    expect(body.data).toMatchObject({ id: sophie.id, email: sophieEmail });
    const cookie = set.cookies.find((c) => c.name === DRIVER_SESSION_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    const me = await driverCall(t, 'GET', '/driver/me', { session: cookie.value });
    expect(me.statusCode).toBe(200);
    await driverSignIn(t, { email: sophieEmail, password: NEW_PASSWORD });

    // Used once: the link is dead, said so to its owner.
    for (const again of [await lookup(token), await setPassword(token, 'Another long phrase 8')]) {
      expect(again.statusCode).toBe(410);
      expect(again.json()).toEqual({ success: false, message: DRIVER_MESSAGES.invitationUsed });
    }
  });

  it('refuses a link out of time, replaced by a newer one, or of a deactivated driver', async () => {
    const first = await sentInvitation(sophie.id, sophieEmail);
    const second = await sentInvitation(sophie.id, sophieEmail);
    const replaced = await lookup(first);
    expect(replaced.statusCode).toBe(404);
    expect(replaced.json()).toEqual({ success: false, message: DRIVER_MESSAGES.invitationUnknown });

    await t.db.handle.db
      .updateTable('driver_invitations')
      .set({ expires_at: new Date(FIXED_NOW.getTime() - 1) })
      .where('token_hash', '=', sha256(second))
      .execute();
    const expired = await setPassword(second);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({ success: false, message: DRIVER_MESSAGES.invitationExpired });

    const third = await sentInvitation(sophie.id, sophieEmail);
    const off = await consoleCall(t, 'PATCH', `/operator/drivers/${sophie.id}`, {
      session: heathrow,
      body: { active: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    try {
      expect((await lookup(third)).statusCode).toBe(404);
      const refused = await invite(sophie.id);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({ success: false, message: DRIVER_MESSAGES.inviteInactive });
    } finally {
      await consoleCall(t, 'PATCH', `/operator/drivers/${sophie.id}`, {
        session: heathrow,
        body: { active: true },
      });
    }
    const badShape = await lookup('not a token');
    expect(badShape.statusCode).toBe(400);
    expect((badShape.json() as { errors: { path: string }[] }).errors[0]!.path).toBe('token');
  });

  it("sends only to a driver of the caller's company who has an email", async () => {
    const daniel = await seededDriver(t, 'Daniel Price');
    const other = await invite(daniel.id);
    expect(other.statusCode).toBe(404);
    expect((await invite(999_999)).statusCode).toBe(404);

    const marek = await seededDriver(t, 'Marek Nowak');
    await setEmail(marek.id, null);
    const noEmail = await invite(marek.id);
    expect(noEmail.statusCode).toBe(409);
    expect((noEmail.json() as { message: string }).message).toMatch(/^email /);

    // The admin invites anyone's driver; the invitation is in the company's activity log.
    await setEmail(daniel.id, 'daniel.price@thames-valley.example');
    const admin = await signIn(t, ADMIN);
    const sent = await invite(daniel.id, admin);
    expect(sent.statusCode, sent.body).toBe(200);
    const logged = await t.db.handle.db
      .selectFrom('console_activity')
      .select(['kind', 'subject', 'summary', 'company_id'])
      .where('subject', '=', 'Daniel Price')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(logged).toEqual({
      kind: 'drivers',
      subject: 'Daniel Price',
      summary: 'Invitation to the driver app sent',
      company_id: daniel.company_id,
    });
    // Without a session, or from another site, nothing is sent.
    expect(
      (await consoleCall(t, 'POST', `/operator/drivers/${daniel.id}/invitation`)).statusCode,
    ).toBe(401);
    const evil = await consoleCall(t, 'POST', `/operator/drivers/${daniel.id}/invitation`, {
      session: admin,
      origin: 'https://evil.example',
    });
    expect(evil.statusCode).toBe(403);
  });
});
