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
});
