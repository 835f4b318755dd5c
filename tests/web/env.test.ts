import { describe, expect, it } from 'vitest';
import { API_KEY_HEADERS, DEMO_API_KEYS } from '../../src/contract/paths';
import { parseEnv } from '../../src/web/config/env';

describe('web env', () => {
  it('defaults to the demo keys and the same-origin API', () => {
    const env = parseEnv({ PROD: false });
    expect(env.apiKeyHeaders[API_KEY_HEADERS.public]).toBe(DEMO_API_KEYS.public);
    expect(env.apiKeyHeaders[API_KEY_HEADERS.secret]).toBe(DEMO_API_KEYS.secret);
    expect(env.apiBaseUrl).toBe('/api/v1');
    expect(env.isProduction).toBe(false);
  });

  it('takes the API keys from VITE_ variables', () => {
    const env = parseEnv({ VITE_PUBLIC_API_KEY: 'pk', VITE_SECRET_API_KEY: 'sk', PROD: true });
    expect(env).toMatchObject({
      apiKeyHeaders: { [API_KEY_HEADERS.public]: 'pk', [API_KEY_HEADERS.secret]: 'sk' },
      isProduction: true,
    });
  });

  it('names every bad variable at once', () => {
    expect(() => parseEnv({ VITE_PUBLIC_API_KEY: '   ', VITE_SECRET_API_KEY: ' ' })).toThrow(
      /VITE_PUBLIC_API_KEY[\s\S]*VITE_SECRET_API_KEY/,
    );
  });
});
