import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { DEMO_API_KEYS } from '../../src/contract/paths';
import {
  ApiError,
  apiRequest,
  BAD_RESPONSE_MESSAGE,
  NETWORK_ERROR_MESSAGE,
} from '../../src/web/lib/api-client';
import { getSettings } from '../../src/web/api/get-settings';
import { answerFetch, jsonResponse } from './helpers';

function answerEveryCall(status: number, body: unknown) {
  return answerFetch(async () => jsonResponse(body, status));
}

const okSchema = z.object({ success: z.literal(true), message: z.string() });

describe('apiRequest', () => {
  it('sends both API key headers to /api/v1', async () => {
    const fetchMock = answerEveryCall(200, { success: true, message: 'ok' });
    await apiRequest('/contact-us', { method: 'POST', body: { a: 1 }, schema: okSchema });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/v1/contact-us');
    const headers = new Headers(init?.headers);
    expect(headers.get('X-Api-Public-Key')).toBe(DEMO_API_KEYS.public);
    expect(headers.get('X-Api-Secret-Key')).toBe(DEMO_API_KEYS.secret);
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"a":1}');
  });

  it('sends a FormData as it is, leaving its multipart type to the browser', async () => {
    const fetchMock = answerEveryCall(200, { success: true, message: 'ok' });
    const form = new FormData();
    form.append('picture', new Blob(['x'], { type: 'image/png' }), 'car.png');
    await apiRequest('/operator/fleet/1/picture', { method: 'POST', body: form, schema: okSchema });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init?.body).toBe(form);
    expect(new Headers(init?.headers).get('Content-Type')).toBeNull();
  });

  it('adds the bearer token and idempotency key when given, and query values', async () => {
    const fetchMock = answerEveryCall(200, { success: true, message: 'ok' });
    await apiRequest('/ai-addresses', {
      query: { q: 'heathrow', limit: 5, empty: '', none: undefined },
      token: 'tok',
      idempotencyKey: 'key-1',
      schema: okSchema,
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/v1/ai-addresses?q=heathrow&limit=5');
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer tok');
    expect(headers.get('Idempotency-Key')).toBe('key-1');
  });

  it("surfaces the envelope's message on failure, with the status and field issues", async () => {
    answerEveryCall(400, {
      success: false,
      message: 'Pickup date is in the past',
      errors: [{ path: 'pickup_date', message: 'Pickup date is in the past' }],
    });
    const error = await apiRequest('/booking', { schema: okSchema }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Pickup date is in the past');
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).issues).toEqual([
      { path: 'pickup_date', message: 'Pickup date is in the past' },
    ]);
  });

  it('uses the message of a 401 for a wrong key', async () => {
    answerEveryCall(401, { success: false, message: 'Invalid API key' });
    await expect(apiRequest('/settings-flat', { schema: okSchema })).rejects.toThrow(
      'Invalid API key',
    );
  });

  it('falls back to a status text when the failure body is not an envelope', async () => {
    answerEveryCall(502, '<html>Bad gateway</html>');
    await expect(apiRequest('/settings-flat', { schema: okSchema })).rejects.toThrow(
      'Request failed with status 502',
    );
  });

  it('reports a network failure as status 0', async () => {
    answerFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = (await apiRequest('/settings-flat', { schema: okSchema }).catch(
      (e: unknown) => e,
    )) as ApiError;
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
    expect(error.isNetworkError).toBe(true);
  });

  it('rejects a success body that does not match the contract', async () => {
    answerEveryCall(200, { success: true, data: [{ setting_name: 1 }] });
    await expect(getSettings()).rejects.toThrow(BAD_RESPONSE_MESSAGE);
  });

  it('turns the settings list into a name -> value map', async () => {
    answerEveryCall(200, {
      success: true,
      data: [
        { setting_name: 'CURRENCY', setting_value: '£' },
        { setting_name: 'SHOW_NAVBAR_PAGE', setting_value: 'enable' },
      ],
    });
    await expect(getSettings()).resolves.toEqual({ CURRENCY: '£', SHOW_NAVBAR_PAGE: 'enable' });
  });
});
