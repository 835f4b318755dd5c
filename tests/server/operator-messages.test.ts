import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  messagePreviewSchema,
  messageResponseSchema,
  messagesResponseSchema,
} from '../../src/contract/operator-messages';
import { DEFAULT_MESSAGES, MESSAGE_EVENTS } from '../../src/domain/passenger-messages';
import { DEMO_OPERATORS } from '../../src/server/db/seed-data/operator-accounts';
import type { TestApp } from './helpers';
import { startTestApp, testDatabaseKinds } from './helpers';
import { ADMIN, consoleCall, dispatcherOf, signIn } from './operator-fixtures';

const MANAGER = DEMO_OPERATORS.find((o) => o.role === 'manager')!;
const DISPATCHER = dispatcherOf(MANAGER.company!);

const CONFIRMED = {
  subject: 'Booked! {booking_number}',
  intro: 'See you on {pickup_time}, call {company_phone} with any question.',
  sms: 'Confirmed: {booking_number} at {pickup_time}. {tracking_link}',
};

describe.each(testDatabaseKinds())('the Messages page’s API on %s', (kind) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await signIn(t, ADMIN);
  });
  afterAll(async () => t?.close());

  const list = async () => {
    const res = await consoleCall(t, 'GET', '/operator/messages', { session: admin });
    expect(res.statusCode, res.body).toBe(200);
    return messagesResponseSchema.parse(res.json()).messages;
  };
  const put = (event: string, body: unknown, session = admin) =>
    consoleCall(t, 'PUT', `/operator/messages/${event}`, { session, body });
  const reset = (event: string, session = admin) =>
    consoleCall(t, 'DELETE', `/operator/messages/${event}`, { session });
  const preview = (event: string, body: unknown = {}) =>
    consoleCall(t, 'POST', `/operator/messages/${event}/preview`, { session: admin, body });
  const activity = () =>
    t.db.handle.db
      .selectFrom('console_activity')
      .selectAll()
      .where('kind', '=', 'messages')
      .orderBy('id')
      .execute();
  const savedRows = () => t.db.handle.db.selectFrom('message_templates').selectAll().execute();

  it('lists every event with its default wording until the operator changes it', async () => {
    const messages = await list();
    expect(messages.map((m) => m.event)).toEqual([...MESSAGE_EVENTS]);
    const onTheWay = messages.find((m) => m.event === 'driver_on_the_way')!;
    expect(onTheWay).toMatchObject({
      label: 'Driver on the way',
      subject: null,
      intro: null,
      sms: DEFAULT_MESSAGES.driver_on_the_way.sms,
      is_default: true,
      updated_by: null,
    });
    expect(messages.every((m) => m.is_default)).toBe(true);
  });

  it('saves a wording, answers it, lists it as changed, and logs who changed what', async () => {
    const res = await put('booking_confirmed', CONFIRMED);
    expect(res.statusCode, res.body).toBe(200);
    const { template } = messageResponseSchema.parse(res.json());
    expect(template).toMatchObject({
      event: 'booking_confirmed',
      ...CONFIRMED,
      is_default: false,
      updated_by: ADMIN.name,
      default: DEFAULT_MESSAGES.booking_confirmed,
    });
    const listed = (await list()).find((m) => m.event === 'booking_confirmed')!;
    expect(listed).toMatchObject({ ...CONFIRMED, is_default: false });

    const [row] = await activity();
    expect(row).toMatchObject({
      operator_name: ADMIN.name,
      company_id: null,
      subject: 'Booking confirmed',
      summary: 'Wording changed',
    });
    expect(row!.before).toEqual(DEFAULT_MESSAGES.booking_confirmed);
    expect(row!.after).toEqual(CONFIRMED);

    // The same words again change and log nothing.
    expect((await put('booking_confirmed', CONFIRMED)).statusCode).toBe(200);
    expect(await activity()).toHaveLength(1);
  });

  it('refuses an unknown placeholder by name, under its field, and saves nothing', async () => {
    const res = await put('driver_assigned', {
      subject: 'Your driver {driver_name}',
      intro: DEFAULT_MESSAGES.driver_assigned.intro,
      sms: 'Driver {driver_name} in {car} {registration}',
    });
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors as { path: string; message: string }[];
    expect(errors.map((e) => e.path)).toEqual(['subject', 'sms', 'sms']);
    expect(errors[0]!.message).toMatch(
      /^Unknown placeholder \{driver_name\}: use one of \{first_name\}, /,
    );
    expect(errors[2]!.message).toContain('Unknown placeholder {car}');
    expect(errors[2]!.message).toContain('{company_phone}');
    expect((await savedRows()).map((r) => r.event)).not.toContain('driver_assigned');
  });

  it('refuses a subject or opening paragraph for an event told by text only', async () => {
    const res = await put('driver_arrived', {
      subject: 'Arrived',
      intro: null,
      sms: '{driver_first_name} is here.',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      {
        path: 'subject',
        message:
          'Driver arrived is told by text message only, so it has no mail subject: leave subject out',
      },
    ]);
    const ok = await put('driver_arrived', { sms: '{driver_first_name} is here.' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().template).toMatchObject({ subject: null, intro: null });
  });

  it('refuses a mail event without its subject, an empty or too long text', async () => {
    const noSubject = await put('booking_cancelled', { subject: null, intro: 'x', sms: 'x' });
    expect(noSubject.json().errors).toEqual([{ path: 'subject', message: 'subject is required' }]);
    const empty = await put('driver_on_the_way', { sms: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors[0].path).toBe('sms');
    const long = await put('driver_on_the_way', { sms: 'a'.repeat(641) });
    expect(long.json().errors).toEqual([
      { path: 'sms', message: 'sms must be at most 640 characters' },
    ]);
    const unknownEvent = await put('driver_lost', { sms: 'x' });
    expect(unknownEvent.statusCode).toBe(404);
  });

  it('previews the typed words with the sample booking, and the text’s SMS parts', async () => {
    const res = await preview('driver_assigned', {
      subject: 'Hi {first_name}',
      sms: '{driver_first_name} drives a {vehicle}, {registration}. {tracking_link} {company_phone}',
    });
    expect(res.statusCode, res.body).toBe(200);
    const shown = messagePreviewSchema.parse(res.json());
    expect(shown.subject).toBe('Hi Sarah');
    // Not given: the saved (here the default) opening paragraph, filled in.
    expect(shown.intro).toBe(
      'Your driver is James, in a Mercedes-Benz E-Class with registration LB71 XKE.',
    );
    // The tracking link is the site's (PUBLIC_URL, else where the server listens).
    expect(shown.sms).toMatch(
      /^James drives a Mercedes-Benz E-Class, LB71 XKE\. http:\/\/localhost:\d+\/manage-booking\/710000042 \+44 20 3865 4120$/,
    );
    expect(shown).toMatchObject({ sms_characters: shown.sms.length, sms_parts: 1 });

    const long = messagePreviewSchema.parse(
      (await preview('driver_on_the_way', { sms: `${'x'.repeat(150)} {booking_number}` })).json(),
    );
    expect(long).toMatchObject({ sms_characters: 160, sms_parts: 1, subject: null });
    const longer = messagePreviewSchema.parse(
      (await preview('driver_on_the_way', { sms: `${'x'.repeat(151)} {booking_number}` })).json(),
    );
    expect(longer).toMatchObject({ sms_characters: 161, sms_parts: 2 });
    const pickup = messagePreviewSchema.parse((await preview('booking_confirmed')).json());
    // The saved wording, its pickup worded as the mails word one.
    expect(pickup.subject).toBe('Booked! 710000042');
    expect(pickup.sms).toMatch(/^Confirmed: 710000042 at \w+day \d{1,2} \w+ \d{4} at 09:30\. http/);
  });

  it('resets to the default: the row goes, the change is logged, a second reset does nothing', async () => {
    const res = await reset('booking_confirmed');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().template).toMatchObject({
      ...DEFAULT_MESSAGES.booking_confirmed,
      is_default: true,
      updated_by: null,
    });
    expect((await savedRows()).map((r) => r.event)).not.toContain('booking_confirmed');
    const last = (await activity()).at(-1)!;
    expect(last).toMatchObject({ subject: 'Booking confirmed', summary: 'Reset to default' });
    expect(last.before).toEqual(CONFIRMED);
    expect(last.after).toEqual(DEFAULT_MESSAGES.booking_confirmed);
    const count = (await activity()).length;
    expect((await reset('booking_confirmed')).statusCode).toBe(200);
    expect(await activity()).toHaveLength(count);
  });

  it('is the admin’s alone: a manager and a dispatcher get 403, a stranger 401', async () => {
    for (const who of [MANAGER, DISPATCHER]) {
      const session = await signIn(t, who);
      const read = await consoleCall(t, 'GET', '/operator/messages', { session });
      expect(read.statusCode).toBe(403);
      expect(read.json().message).toBe('Only an admin can do this');
      expect((await put('booking_received', { ...CONFIRMED }, session)).statusCode).toBe(403);
      expect((await reset('driver_arrived', session)).statusCode).toBe(403);
    }
    for (const [method, path] of [
      ['GET', '/operator/messages'],
      ['PUT', '/operator/messages/booking_received'],
      ['DELETE', '/operator/messages/booking_received'],
      ['POST', '/operator/messages/booking_received/preview'],
    ] as const) {
      const res = await consoleCall(t, method, path, { body: method === 'GET' ? undefined : {} });
      expect(res.statusCode, `${method} ${path}`).toBe(401);
    }
    expect((await savedRows()).map((r) => r.event)).toEqual(['driver_arrived']);
  });
});
