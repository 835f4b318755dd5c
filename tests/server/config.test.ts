import { describe, expect, it } from 'vitest';
import { DEFAULT_PUSH_HOSTS } from '../../src/domain/push-hosts';
import { ConfigError, loadConfig } from '../../src/server/config';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected the configuration to be rejected');
}

describe('server configuration', () => {
  it('runs the embedded demo when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 8080,
      HOST: '0.0.0.0',
      DATA_DIR: './data',
      PUBLIC_API_KEY: 'demo-public-key',
      SECRET_API_KEY: 'demo-secret-key',
      DIST_DIR: './dist',
      STORAGE_DIR: './storage',
      EMBED_PARENT_ORIGINS: [],
      LOG_LEVEL: 'info',
      DATA_DIR_LOCK_STALE_MS: 10_000,
    });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it("refuses a lock staleness below proper-lockfile's floor of 2 s", () => {
    expect(problemsOf({ DATA_DIR_LOCK_STALE_MS: '1999' })).toEqual([
      expect.stringMatching(/^DATA_DIR_LOCK_STALE_MS:/),
    ]);
    expect(loadConfig({ DATA_DIR_LOCK_STALE_MS: '2000' }).DATA_DIR_LOCK_STALE_MS).toBe(2000);
  });

  it('treats an empty variable as unset', () => {
    const config = loadConfig({ PORT: '', DATABASE_URL: '', SMTP_URL: ' ' });
    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
  });

  it('reads the values an operator sets', () => {
    const config = loadConfig({
      PORT: '9001',
      DATABASE_URL: 'postgres://app@db:5432/ridebook',
      EMBED_PARENT_ORIGINS: 'https://www.example.co.uk/, https://partner.example.com',
      STRIPE_SECRET_KEY: 'sk_test_123',
      LOG_LEVEL: 'warn',
    });
    expect(config.PORT).toBe(9001);
    expect(config.DATABASE_URL).toBe('postgres://app@db:5432/ridebook');
    expect(config.EMBED_PARENT_ORIGINS).toEqual([
      'https://www.example.co.uk',
      'https://partner.example.com',
    ]);
    expect(config.LOG_LEVEL).toBe('warn');
  });

  it('sends Web Push only to the browsers’ push services, unless WEB_PUSH_HOSTS names others', () => {
    expect(loadConfig({}).WEB_PUSH_HOSTS).toEqual(DEFAULT_PUSH_HOSTS);
    expect(loadConfig({ WEB_PUSH_HOSTS: ' ' }).WEB_PUSH_HOSTS).toEqual(DEFAULT_PUSH_HOSTS);
    expect(
      loadConfig({ WEB_PUSH_HOSTS: 'FCM.googleapis.com, *.push.example,127.0.0.1,' })
        .WEB_PUSH_HOSTS,
    ).toEqual(['fcm.googleapis.com', '*.push.example', '127.0.0.1']);
    // A list that would let in any host, or none, is refused rather than read loosely.
    for (const hosts of ['*', '*.com', 'https://fcm.googleapis.com', ',']) {
      expect(problemsOf({ WEB_PUSH_HOSTS: hosts }), hosts).toEqual([
        expect.stringMatching(/^WEB_PUSH_HOSTS: must be a comma list of hosts/),
      ]);
    }
  });

  it('reports every bad variable at once, each by name', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://db/ridebook',
      SMTP_URL: 'mail.example.com',
      REDIS_URL: 'http://cache',
      EMBED_PARENT_ORIGINS: 'https://ok.example, not-an-origin',
      STRIPE_SECRET_KEY: 'pk_live_swapped',
      STRIPE_PUBLISHABLE_KEY: 'sk_live_swapped',
      STRIPE_WEBHOOK_SECRET: 'secret',
      LOG_LEVEL: 'chatty',
    });
    const named = problems.map((line) => line.split(':')[0]);
    expect(named.sort()).toEqual(
      [
        'DATABASE_URL',
        'EMBED_PARENT_ORIGINS',
        'LOG_LEVEL',
        'PORT',
        'REDIS_URL',
        'SMTP_URL',
        'STRIPE_PUBLISHABLE_KEY',
        'STRIPE_SECRET_KEY',
        'STRIPE_WEBHOOK_SECRET',
      ].sort(),
    );
    expect(problems.join('\n')).toContain('not-an-origin');
  });

  it('puts the whole list in the error message an operator sees', () => {
    expect(() => loadConfig({ PORT: '-1', LOG_LEVEL: 'x' })).toThrow(/PORT[\s\S]*LOG_LEVEL/);
  });
});
