import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, API_PATHS } from '../../src/contract/paths';
import { API_HEADERS, startTestApp } from './helpers';
import type { TestApp } from './helpers';

type Line = Record<string, unknown>;

describe('request log', () => {
  let t: TestApp;
  const output: string[] = [];
  const lines = (): Line[] => output.map((line) => JSON.parse(line) as Line);
  const forRequest = (reqId: string) => lines().filter((line) => line.reqId === reqId);

  beforeAll(async () => {
    t = await startTestApp('pglite', {
      logger: { level: 'info', stream: { write: (line: string) => output.push(line) } },
      beforeReady(app) {
        app.get(`${API_BASE}/test-only/crash`, async () => {
          throw new Error('a bug deep in a service');
        });
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Sends a request; resolves with its id once its log line has been written. */
  async function send(request: InjectOptions) {
    const res = await t.app.inject(request);
    const reqId = String(res.headers['x-request-id']);
    await expect
      .poll(() => forRequest(reqId).some((line) => line.msg === 'request completed'))
      .toBe(true);
    return { res, reqId, logged: forRequest(reqId) };
  }

  it('writes one line per request, on response: method, path, status, time and id', async () => {
    const { res, reqId, logged } = await send({
      url: `${API_BASE}${API_PATHS.settingsFlat}?email=someone%40example.com&token=abc123`,
      headers: API_HEADERS,
    });
    expect(res.statusCode).toBe(200);
    expect(logged).toHaveLength(1);
    const [line] = logged;
    expect(line).toMatchObject({
      level: 30,
      msg: 'request completed',
      reqId,
      method: 'GET',
      url: `${API_BASE}${API_PATHS.settingsFlat}`,
      statusCode: 200,
    });
    expect(line?.responseTime).toEqual(expect.any(Number));
    expect(lines().some((entry) => entry.msg === 'incoming request')).toBe(false);
  });

  it('logs refusals and unknown paths the same way', async () => {
    const refused = await send({ url: `${API_BASE}${API_PATHS.settingsFlat}` });
    expect(refused.res.statusCode).toBe(401);
    expect(refused.logged).toEqual([
      expect.objectContaining({ msg: 'request completed', method: 'GET', statusCode: 401 }),
    ]);
    const missing = await send({ url: '/no/such/page' });
    expect(missing.res.statusCode).toBe(404);
    expect(missing.logged.filter((line) => line.msg === 'request completed')).toEqual([
      expect.objectContaining({ url: '/no/such/page', statusCode: 404 }),
    ]);
  });

  it('logs a failure under the id of the request that failed', async () => {
    const { res, reqId, logged } = await send({ url: `${API_BASE}/test-only/crash` });
    expect(res.statusCode).toBe(500);
    expect(logged.map((line) => line.msg)).toEqual(['request failed', 'request completed']);
    expect(logged[0]).toMatchObject({
      level: 50,
      reqId,
      err: { message: 'a bug deep in a service' },
    });
    expect(logged[1]).toMatchObject({ statusCode: 500, url: `${API_BASE}/test-only/crash` });
  });

  it('never logs a query string, a body or a header', async () => {
    const marker = 'Flat 3, 1 Secret Lane';
    const { logged } = await send({
      method: 'POST',
      url: `${API_BASE}${API_PATHS.calculateDistancePrice}?api_key=in-the-query`,
      headers: {
        ...API_HEADERS,
        'content-type': 'application/json',
        cookie: 'session=cookie-value',
      },
      payload: JSON.stringify({ pickup: marker, dropoff: marker }),
    });
    expect(logged.length).toBeGreaterThan(0);
    const everything = output.join('\n');
    for (const secret of [
      marker,
      'in-the-query',
      'cookie-value',
      API_HEADERS['x-api-secret-key'],
      'someone@example.com',
      'abc123',
    ]) {
      expect(everything).not.toContain(secret);
    }
    for (const line of lines()) {
      expect(Object.keys(line)).not.toContain('req');
      expect(Object.keys(line)).not.toContain('res');
    }
  });
});
