import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/contract/paths';
import { settingsResponseSchema } from '../../src/contract/operator-settings';
import { POLICY_SETTING_NAMES } from '../../src/domain/booking-policy';
import { SETTING_NAMES } from '../../src/domain/settings';
import { DRIVER_APP_SETTING_NAMES } from '../../src/domain/driver-app-settings';
import { SETTING_DEFINITIONS, SETTING_GROUPS } from '../../src/domain/settings-catalogue';
import { DEMO_OPERATORS } from '../../src/server/db/seed-data/operator-accounts';
import type { TestApp } from './helpers';
import { API_HEADERS, startTestApp, testDatabaseKinds } from './helpers';
import { ADMIN, consoleCall, dispatcherOf, signIn } from './operator-fixtures';

const MANAGER = DEMO_OPERATORS.find((o) => o.role === 'manager')!;
const DISPATCHER = dispatcherOf(MANAGER.company!);

describe.each(testDatabaseKinds())('the Settings page’s API on %s', (kind) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    admin = await signIn(t, ADMIN);
  });
  afterAll(async () => t?.close());

  const settingsFlat = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}/settings-flat`,
      headers: API_HEADERS,
    });
    const rows = res.json().data as { setting_name: string; setting_value: string }[];
    return Object.fromEntries(rows.map((row) => [row.setting_name, row.setting_value]));
  };
  const stored = async (name: string) =>
    (
      await t.db.handle.db
        .selectFrom('settings')
        .select('setting_value')
        .where('setting_name', '=', name)
        .executeTakeFirst()
    )?.setting_value;
  const put = (body: unknown, session = admin) =>
    consoleCall(t, 'PUT', '/operator/settings', { session, body });

  it('is the admin’s alone: a manager and a dispatcher get a 403 naming the role', async () => {
    for (const who of [MANAGER, DISPATCHER]) {
      const session = await signIn(t, who);
      const read = await consoleCall(t, 'GET', '/operator/settings', { session });
      expect(read.statusCode).toBe(403);
      expect(read.json().message).toBe('Only an admin can do this');
      const write = await put({ GRACE_TIME: 30 }, session);
      expect(write.statusCode).toBe(403);
    }
    expect(await stored('GRACE_TIME')).toBe('120');
    const anonymous = await consoleCall(t, 'GET', '/operator/settings');
    expect(anonymous.statusCode).toBe(401);
  });

  it('lists every setting the spec reads and the policy’s, grouped, labelled and typed', async () => {
    const res = await consoleCall(t, 'GET', '/operator/settings', { session: admin });
    expect(res.statusCode).toBe(200);
    const { settings } = settingsResponseSchema.parse(res.json());
    const names = settings.map((s) => s.name);
    expect(new Set(names)).toEqual(
      new Set([...SETTING_NAMES, ...POLICY_SETTING_NAMES, ...DRIVER_APP_SETTING_NAMES]),
    );
    expect(new Set(settings.map((s) => s.group))).toEqual(new Set(SETTING_GROUPS));
    const grace = settings.find((s) => s.name === 'GRACE_TIME')!;
    expect(grace).toMatchObject({
      label: 'Grace time',
      kind: 'number',
      unit: 'minutes',
      value: '120',
    });
    const hourly = settings.find((s) => s.name === 'HOURLY_RATE_STATUS')!;
    expect(hourly).toMatchObject({ kind: 'switch', on: 'enable', off: 'disable', value: 'enable' });
    expect(settings.find((s) => s.name === 'SHOWPAYINCAR')).toMatchObject({ on: 'yes', off: 'no' });
    // The driver app's (issue 34), seeded with their defaults.
    expect(settings.find((s) => s.name === 'DRIVER_SEES_PASSENGER_PHONE')).toMatchObject({
      group: 'Driver app',
      kind: 'switch',
      value: 'yes',
    });
    expect(settings.find((s) => s.name === 'NO_SHOW_WAIT_MINUTES')).toMatchObject({
      kind: 'number',
      unit: 'minutes',
      value: '15',
    });
  });

  it('saves good values, answers the whole set, and the public site reads them at once', async () => {
    const res = await put({
      HOURLY_RATE_STATUS: 'disable',
      GRACE_TIME: '45',
      MEET_AND_GREET: 12.5,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { settings } = settingsResponseSchema.parse(res.json());
    expect(settings).toHaveLength(SETTING_DEFINITIONS.length);
    const value = (name: string) => settings.find((s) => s.name === name)?.value;
    expect([value('HOURLY_RATE_STATUS'), value('GRACE_TIME'), value('MEET_AND_GREET')]).toEqual([
      'disable',
      '45',
      '12.5',
    ]);
    // The notice is heard after the commit: the catalogue forgets what it kept.
    await expect.poll(async () => (await settingsFlat()).HOURLY_RATE_STATUS).toBe('disable');
    expect((await settingsFlat()).GRACE_TIME).toBe('45');
    await put({ HOURLY_RATE_STATUS: true, GRACE_TIME: 120, MEET_AND_GREET: '10' });
  });

  it('refuses a bad value naming the setting, and then saves nothing of the change', async () => {
    const res = await put({ SHOWPAYINCAR: 'no', GRACE_TIME: '4a' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      {
        path: 'GRACE_TIME',
        message: 'Grace time must be a whole number from 0 to 10080 minutes',
      },
    ]);
    expect(await stored('SHOWPAYINCAR')).toBe('yes');
    expect(await stored('GRACE_TIME')).toBe('120');
  });

  it.each([
    ['HOURLY_RATE_STATUS', 'enable', 'on'],
    ['SHOWCARD', 'no', 'maybe'],
    ['GRACE_TIME', '0', '-5'],
    ['GRACE_TIME', '10080', '10081'],
    ['GRACE_TIME', '90', '1.5'],
    ['BABY_PRICE_PER_SEAT', '7.25', '7.255'],
    ['WHEEL_CHAIR', '0', '£8'],
    ['LATE_CANCELLATION_FEE_PERCENT', '100', '101'],
    ['FREE_CANCELLATION_HOURS', '48', 'two days'],
    ['FROM_EMAIL', 'office@example.co.uk', 'office'],
    ['Company_Contact_Info', '020 3865 4120', 'call us'],
    ['CURRENCY', '€', 'EURO'],
  ])('checks %s: %s is saved, %s is refused', async (name, good, bad) => {
    const refused = await put({ [name]: bad });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors[0].path).toBe(name);
    const saved = await put({ [name]: good });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await stored(name)).toBe(good);
  });

  it('refuses a name that is not a setting', async () => {
    const res = await put({ NOT_A_SETTING: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toEqual({
      path: 'NOT_A_SETTING',
      message: 'NOT_A_SETTING is not a setting the console changes',
    });
  });

  it('records each change in the activity log with who, before and after', async () => {
    await put({ SHOW_FOOTER_PAGE: 'disable', SHOW_NAVBAR_PAGE: 'enable' });
    const rows = await t.db.handle.db
      .selectFrom('console_activity')
      .selectAll()
      .where('subject', 'in', ['SHOW_FOOTER_PAGE', 'SHOW_NAVBAR_PAGE'])
      .execute();
    // SHOW_NAVBAR_PAGE did not change, so it has no row.
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'settings',
      subject: 'SHOW_FOOTER_PAGE',
      operator_name: ADMIN.name,
      company_id: null,
      before: 'enable',
      after: 'disable',
    });
    await put({ SHOW_FOOTER_PAGE: 'enable' });
  });
});
