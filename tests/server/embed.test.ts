import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embedConfigResponseSchema } from '../../src/contract/embed';
import { API_BASE, API_PATHS } from '../../src/contract/paths';
import { API_HEADERS, startTestApp, type TestApp } from './helpers';

describe('GET /embed-config', () => {
  let harness: TestApp;
  beforeAll(async () => {
    harness = await startTestApp('pglite', {
      env: { EMBED_PARENT_ORIGINS: 'https://www.example.co.uk,https://partner.example.com' },
    });
  });
  afterAll(() => harness.close());

  it('names the parents the framed app may post to, the same list as frame-ancestors', async () => {
    const response = await harness.app.inject({
      method: 'GET',
      url: `${API_BASE}${API_PATHS.embedConfig}`,
      headers: API_HEADERS,
    });
    expect(response.statusCode).toBe(200);
    expect(embedConfigResponseSchema.parse(response.json()).parent_origins).toEqual([
      'https://www.example.co.uk',
      'https://partner.example.com',
    ]);
    // The pages carry that list; the JSON answer itself may be framed by nobody.
    const page = await harness.app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(page.headers['content-security-policy']).toContain(
      "frame-ancestors 'self' https://www.example.co.uk https://partner.example.com",
    );
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });

  it('opens framing for the booking pages only, never the console or a passenger booking', async () => {
    const framable = ['/', '/quotationview', '/ourfleet'];
    const unframable = ['/operator', '/operator/bookings', '/manage-booking/710000001', '/login'];
    for (const url of [...framable, ...unframable]) {
      const page = await harness.app.inject({ url, headers: { accept: 'text/html' } });
      const policy = page.headers['content-security-policy'];
      if (framable.includes(url)) {
        expect(policy, url).toContain('https://www.example.co.uk');
        expect(page.headers['x-frame-options'], url).toBeUndefined();
      } else {
        expect(policy, url).toMatch(/frame-ancestors 'self'$/);
        expect(page.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      }
    }
  });
});
