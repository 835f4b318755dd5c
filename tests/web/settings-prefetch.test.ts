import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../src/contract/paths';
import { settingsQueryOptions, startEarlySettings } from '../../src/web/api/get-settings';
import {
  SETTINGS_PREFETCH_GLOBAL,
  type SettingsPrefetch,
} from '../../src/web/api/settings-prefetch';
import { env } from '../../src/web/config/env';
import { NETWORK_ERROR_MESSAGE } from '../../src/web/lib/api-client';
import { QUERY_CACHE_STORAGE_KEY } from '../../src/web/lib/storage-keys';
import { answerCatalogueCalls, demoSettings, jsonResponse } from './helpers';

/** /settings-flat's answer body for these settings. */
function settingsBody(settings: Record<string, string>) {
  return {
    success: true,
    data: Object.entries(settings).map(([setting_name, setting_value]) => ({
      setting_name,
      setting_value,
    })),
  };
}

/** What index.html's script leaves on window (scripts/settings-prefetch.ts). */
function leavePrefetch(prefetch: SettingsPrefetch) {
  (window as unknown as Record<string, unknown>)[SETTINGS_PREFETCH_GLOBAL] = prefetch;
}

const appKeys = () => ({ public: env.publicApiKey, secret: env.secretApiKey });

/** The settings query's first load, as the app's first render asks for it. */
const loadSettings = () => new QueryClient().fetchQuery(settingsQueryOptions());

const settingsCalls = (fetchSpy: ReturnType<typeof answerCatalogueCalls>) =>
  fetchSpy.mock.calls.filter(([input]) => String(input).includes(API_PATHS.settingsFlat));

beforeEach(() => {
  window.localStorage.removeItem(QUERY_CACHE_STORAGE_KEY);
  delete (window as unknown as Record<string, unknown>)[SETTINGS_PREFETCH_GLOBAL];
});
afterEach(() => {
  delete (window as unknown as Record<string, unknown>)[SETTINGS_PREFETCH_GLOBAL];
});

describe("a first visit's settings asked for by index.html's script", () => {
  it('are taken without asking again', async () => {
    const fetchSpy = answerCatalogueCalls({ settings: demoSettings({ CURRENCY: '£' }) });
    leavePrefetch({
      keys: appKeys(),
      response: Promise.resolve(jsonResponse(settingsBody(demoSettings({ CURRENCY: '€' })))),
    });
    startEarlySettings();
    const settings = await loadSettings();
    expect(settings.CURRENCY).toBe('€');
    expect(settingsCalls(fetchSpy)).toHaveLength(0);
  });

  it('are asked for again when the script sent other keys than the app has', async () => {
    const fetchSpy = answerCatalogueCalls({ settings: demoSettings({ CURRENCY: '£' }) });
    leavePrefetch({
      keys: { public: 'another-site', secret: env.secretApiKey },
      response: Promise.resolve(jsonResponse(settingsBody(demoSettings({ CURRENCY: '€' })))),
    });
    startEarlySettings();
    const settings = await loadSettings();
    expect(settings.CURRENCY).toBe('£');
    expect(settingsCalls(fetchSpy)).toHaveLength(1);
  });

  it("fail as the app's own request would when the network failed them", async () => {
    answerCatalogueCalls();
    leavePrefetch({ keys: appKeys(), response: Promise.reject(new TypeError('Failed to fetch')) });
    startEarlySettings();
    await expect(loadSettings()).rejects.toThrow(NETWORK_ERROR_MESSAGE);
  });

  it('leave the script nothing to do once the app has looked for them', () => {
    answerCatalogueCalls();
    startEarlySettings();
    // The script checks for exactly this before it asks: a later arrival stays quiet.
    expect((window as unknown as Record<string, unknown>)[SETTINGS_PREFETCH_GLOBAL]).toBeNull();
  });
});
