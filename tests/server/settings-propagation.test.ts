import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, OPERATOR_SESSION_COOKIE } from '../../src/contract/paths';
import { DEMO_HEADERS, freePort, spawnServer } from '../support/server-process';
import type { ServerProcess } from '../support/server-process';
import { createProcessDatabase } from './process-fixtures';
import type { ProcessDatabase } from './process-fixtures';
import { ADMIN } from './operator-fixtures';

/**
 * Issue 33: a setting saved through one API process reaches every other process on the same
 * PostgreSQL database within 5 seconds. Two real server processes; the admin saves on the
 * first, a visitor reads the second. The second must have heard the change (LISTEN/NOTIFY),
 * not waited for its cache to expire: its log says so.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('a saved setting on two API processes', () => {
  let data: ProcessDatabase;
  let first: ServerProcess;
  let second: ServerProcess;

  beforeAll(async () => {
    data = await createProcessDatabase('postgres');
    // One after the other: the first migrates and seeds, the second finds it done.
    // SEED_DEMO: the demo admin signs in (PostgreSQL is never given demo accounts unasked).
    const env = { ...data.env, SEED_DEMO: '1' };
    first = await spawnServer({ env: { ...env, PORT: String(await freePort()) } });
    second = await spawnServer({ env: { ...env, PORT: String(await freePort()) } });
  }, 180_000);
  afterAll(async () => {
    await first?.stop();
    await second?.stop();
    await data?.remove();
  });

  async function signInOn(server: ServerProcess): Promise<string> {
    const res = await fetch(`${server.url}${API_BASE}/operator/login`, {
      method: 'POST',
      headers: { ...DEMO_HEADERS, 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
    });
    expect(res.status).toBe(200);
    const cookie = res.headers
      .getSetCookie()
      .find((line) => line.startsWith(`${OPERATOR_SESSION_COOKIE}=`));
    return cookie!.split(';')[0]!;
  }

  async function settingOn(server: ServerProcess, name: string): Promise<string | undefined> {
    const res = await fetch(`${server.url}${API_BASE}/settings-flat`, { headers: DEMO_HEADERS });
    const body = (await res.json()) as { data: { setting_name: string; setting_value: string }[] };
    return body.data.find((row) => row.setting_name === name)?.setting_value;
  }

  it(
    'is read by the other process within 5 s, which heard the notice',
    { timeout: 60_000 },
    async () => {
      // The second process has the settings in memory before the change.
      expect(await settingOn(second, 'HOURLY_RATE_STATUS')).toBe('enable');
      const cookie = await signInOn(first);
      const saved = await fetch(`${first.url}${API_BASE}/operator/settings`, {
        method: 'PUT',
        headers: { ...DEMO_HEADERS, 'content-type': 'application/json', origin: first.url, cookie },
        body: JSON.stringify({ HOURLY_RATE_STATUS: 'disable' }),
      });
      expect(saved.status).toBe(200);
      await expect
        .poll(() => settingOn(second, 'HOURLY_RATE_STATUS'), { timeout: 5_000, interval: 100 })
        .toBe('disable');
      const heard = second
        .logLines()
        .filter((line) => line.msg === 'set-up change heard' && line.topic === 'settings');
      expect(heard).toHaveLength(1);
    },
  );
});
