import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mailListResponseSchema,
  mailResendResponseSchema,
  type MailEntry,
} from '../../src/contract/operator-mail';
import { REQUEST_MESSAGES } from '../../src/domain/console-requests';
import { DEMO_OPERATORS } from '../../src/server/db/seed-data/operator-accounts';
import { createRetentionRepository } from '../../src/server/repositories/retention-repository';
import { startFakeSmtp, type FakeSmtp } from './fakes/smtp';
import type { TestApp } from './helpers';
import { startTestApp, testDatabaseKinds } from './helpers';
import { ADMIN, consoleCall, dispatcherOf, signIn } from './operator-fixtures';
import { contactBody, movableClock, submit } from './submissions-fixtures';

const MANAGER = DEMO_OPERATORS.find((o) => o.role === 'manager')!;
const DISPATCHER = dispatcherOf(MANAGER.company!);

/**
 * The console's Mail page (issue 33): the outbox with each message's state — waiting, sent,
 * failing with its last error, held by the daily cap — newest first, and Send again, which
 * queues one fresh copy per press through the one outbox path, never of words no longer kept.
 */
describe.each(testDatabaseKinds())('the console’s Mail on %s', (kind) => {
  let t: TestApp;
  let smtp: FakeSmtp;
  let admin: string;
  const time = movableClock();

  beforeAll(async () => {
    smtp = await startFakeSmtp();
    t = await startTestApp(kind, {
      clock: time.clock,
      // One capped mail a day per mailbox, so a second acknowledgement is held.
      env: { SMTP_URL: smtp.url, MAIL_POLL_INTERVAL_MS: '0', MAIL_RECIPIENT_DAILY_CAP: '1' },
    });
    admin = await signIn(t, ADMIN);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  async function mailList(query = ''): Promise<{ data: MailEntry[]; total: number }> {
    const res = await consoleCall(t, 'GET', `/operator/mail${query}`, { session: admin });
    expect(res.statusCode, res.body).toBe(200);
    return mailListResponseSchema.parse(res.json());
  }

  function resend(id: number, key: string) {
    return consoleCall(t, 'POST', `/operator/mail/${id}/resend`, {
      session: admin,
      headers: { 'idempotency-key': key },
    });
  }

  async function outboxCount() {
    const row = await t.db.handle.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  it('refuses a dispatcher and a manager with a 403: the outbox is the admin’s', async () => {
    const manager = await signIn(t, MANAGER);
    const dispatcher = await signIn(t, DISPATCHER);
    for (const session of [manager, dispatcher]) {
      for (const res of [
        await consoleCall(t, 'GET', '/operator/mail', { session }),
        await consoleCall(t, 'POST', '/operator/mail/1/resend', { session }),
      ]) {
        expect(res.statusCode, res.body).toBe(403);
        expect(res.json().message).toBe('Only an admin can do this');
      }
    }
  });

  it('lists each message’s state newest first: sent, failing with its error, held with why, waiting', async () => {
    // Sent: the first message and its acknowledgement go.
    expect(
      (await submit(t, 'contactUs', contactBody({ email: 'sent@example.com' }))).statusCode,
    ).toBe(200);
    expect((await t.app.mailSender.drain()).sent).toBe(2);
    // Failing: the mail server refuses the next pair.
    smtp.refusing = true;
    expect(
      (await submit(t, 'contactUs', contactBody({ email: 'fail@example.com' }))).statusCode,
    ).toBe(200);
    expect((await t.app.mailSender.drain()).failed).toBe(2);
    smtp.refusing = false;
    // Held: a second acknowledgement to one mailbox in a day is over the cap of 1.
    expect(
      (await submit(t, 'contactUs', contactBody({ email: 'sent@example.com' }))).statusCode,
    ).toBe(200);

    const { data, total } = await mailList();
    expect(total).toBe(6);
    expect(data.map((m) => m.id)).toEqual([...data.map((m) => m.id)].sort((a, b) => b - a));
    const ack = (to: string, state: string) =>
      data.find((m) => m.recipient === to && m.state === state);
    expect(ack('sent@example.com', 'sent')).toMatchObject({
      subject: 'We have received your message',
      attempts: 1,
      last_error: null,
      sent_at: expect.any(String),
      resend_refusal: null,
    });
    expect(ack('sent@example.com', 'sent')!.body).toContain('We have received your message');
    const failing = ack('fail@example.com', 'failing');
    expect(failing).toMatchObject({ attempts: 1, next_attempt_at: expect.any(String) });
    expect(failing!.last_error).toMatch(/451/);
    expect(ack('sent@example.com', 'held')).toMatchObject({
      held_reason: "over the recipient's daily cap of 1 mails",
      body: null,
      resend_refusal: REQUEST_MESSAGES.heldNotKept,
    });
    // The operator's copy of the held pair's message still waits to go.
    expect(ack('bookings@ridebook.example', 'waiting')).toMatchObject({ attempts: 0 });
    expect((await mailList('?state=failing')).data.map((m) => m.recipient)).toContain(
      'fail@example.com',
    );
    expect((await mailList('?state=held')).total).toBe(1);
    const bad = await consoleCall(t, 'GET', '/operator/mail?state=lost', { session: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('state');
  });

  it('Send again queues exactly one fresh copy per press, through the cap, and logs it', async () => {
    const { data } = await mailList('?state=sent');
    const original = data.find((m) => m.subject.startsWith('Contact form'))!;
    const before = await outboxCount();
    const res = await resend(original.id, 'press-1');
    expect(res.statusCode, res.body).toBe(201);
    const copy = mailResendResponseSchema.parse(res.json()).data;
    expect(copy).toMatchObject({
      recipient: original.recipient,
      subject: original.subject,
      state: 'waiting',
      body: original.body,
    });
    expect(copy.id).toBeGreaterThan(original.id);
    // The same press repeated (a double click, a retry) queues nothing more.
    const repeat = await resend(original.id, 'press-1');
    expect(repeat.statusCode).toBe(201);
    expect(mailResendResponseSchema.parse(repeat.json()).data.id).toBe(copy.id);
    expect(await outboxCount()).toBe(before + 1);
    const [logged] = await t.db.handle.db
      .selectFrom('console_activity')
      .selectAll()
      .where('kind', '=', 'mail')
      .execute();
    expect(logged).toMatchObject({
      operator_name: ADMIN.name,
      subject: `Mail ${original.id} to ${original.recipient}`,
      before: { mail_id: original.id, state: 'sent' },
      after: { mail_id: copy.id, copy_of: original.id },
    });

    // An acknowledgement's copy counts against its mailbox's cap like the first: held.
    const ack = data.find((m) => m.subject === 'We have received your message')!;
    const capped = await resend(ack.id, 'press-2');
    expect(capped.statusCode, capped.body).toBe(201);
    expect(mailResendResponseSchema.parse(capped.json()).data.state).toBe('held');
  });

  it('refuses to send again what is no longer kept, saying why', async () => {
    const held = (await mailList('?state=held')).data[0]!;
    const refusedHeld = await resend(held.id, 'press-3');
    expect(refusedHeld.statusCode).toBe(409);
    expect(refusedHeld.json().message).toBe(REQUEST_MESSAGES.heldNotKept);

    // The retention purge removes the words of mail sent long enough ago.
    time.set('2027-02-01T10:00:00Z');
    const now = time.clock();
    await createRetentionRepository(t.db.handle.db).purge(
      {
        now,
        quotesExpiredBefore: now,
        mailSentBefore: now,
        openCheckoutsExpiredBefore: now,
        loosePositionsBefore: now,
      },
      t.db.handle.db,
    );
    // Weeks later the console's session has ended: sign in afresh.
    admin = await signIn(t, ADMIN);
    const purged = (await mailList('?state=sent')).data[0]!;
    expect(purged.body).toBeNull();
    expect(purged.resend_refusal).toBe(REQUEST_MESSAGES.bodyPurged(30));
    const before = await outboxCount();
    const refused = await resend(purged.id, 'press-4');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(REQUEST_MESSAGES.bodyPurged(30));
    expect(await outboxCount()).toBe(before);
    expect((await resend(999_999, 'press-5')).statusCode).toBe(404);
  });
});
