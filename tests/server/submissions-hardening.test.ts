import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API_BASE, API_PATHS } from '../../src/contract/paths';
import { startTestApp, testDatabaseKinds } from './helpers';
import type { TestApp } from './helpers';
import {
  clearSubmissions,
  contactBody,
  freshAddress,
  movableClock,
  postRaw,
  queuedMail,
  quoteBody,
  storedSubmissions,
} from './submissions-fixtures';
import type { SubmissionPath } from './submissions-fixtures';

const FORMS: [SubmissionPath, () => Record<string, unknown>][] = [
  ['sendInstantEmail', () => quoteBody()],
  ['contactUs', () => contactBody()],
];

/** A valid body's JSON with `extra` spliced in as raw text, keys JSON.stringify cannot write. */
function withRawKey(body: Record<string, unknown>, extra: string): string {
  return `{${extra},${JSON.stringify(body).slice(1)}`;
}

describe.each(testDatabaseKinds())('submissions refuse hostile requests on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind, {
      clock: movableClock().clock,
      env: { MAIL_POLL_INTERVAL_MS: '0' },
    });
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await clearSubmissions(t);
  });

  async function expectNothingWritten() {
    expect(await storedSubmissions(t)).toEqual([]);
    expect(await queuedMail(t)).toEqual([]);
    const keys = await t.db.handle.db.selectFrom('idempotency_keys').selectAll().execute();
    expect(keys).toEqual([]);
  }

  describe.each(FORMS)('%s', (path, body) => {
    /** The failure envelope; on /contact-us it also carries `error`. */
    function expectEnvelope(answer: Record<string, unknown>) {
      expect(answer.success).toBe(false);
      expect(typeof answer.message).toBe('string');
      if (path === 'contactUs') expect(answer.error).toBe(answer.message);
      else expect(answer.error).toBeUndefined();
    }

    it.each([
      ['an array', '[]'],
      ['null', 'null'],
      ['a string', '"hello"'],
      ['a number', '42'],
    ])('refuses a body that is %s with a 400', async (_what, payload) => {
      const res = await postRaw(t, path, payload);
      expect(res.statusCode, res.body).toBe(400);
      const answer = res.json<Record<string, unknown>>();
      expectEnvelope(answer);
      expect(answer.errors).toEqual([{ path: '', message: 'The request must be a JSON object' }]);
      await expectNothingWritten();
    });

    it.each([
      ['malformed JSON', '{"email": '],
      ['an empty body', ''],
    ])('refuses %s with a 400', async (_what, payload) => {
      const res = await postRaw(t, path, payload);
      expect(res.statusCode, res.body).toBe(400);
      const answer = res.json<Record<string, unknown>>();
      expectEnvelope(answer);
      expect(answer.errors).toEqual([{ path: '', message: 'The request body is not valid JSON' }]);
      await expectNothingWritten();
    });

    it.each([
      ['__proto__', '"__proto__":{"polluted":"yes"}', '__proto__'],
      ['constructor.prototype', '"constructor":{"prototype":{"polluted":"yes"}}', 'constructor'],
      ['a plain constructor key', '"constructor":"x"', 'constructor'],
      ['a nested __proto__', '"extra":{"deeper":[{"__proto__":{"polluted":"yes"}}]}', null],
    ])('refuses %s with a 400 naming the key', async (_what, extra, named) => {
      const res = await postRaw(t, path, withRawKey(body(), extra));
      expect(res.statusCode, res.body).toBe(400);
      const answer = res.json<{ errors: { path: string; message: string }[] }>();
      expectEnvelope(answer);
      const expected = named ?? 'extra.deeper.0.__proto__';
      expect(answer.errors).toEqual([{ path: expected, message: `${expected} is not allowed` }]);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      await expectNothingWritten();
    });

    it('survives a body nested 50,000 deep (the stray field is not read)', async () => {
      const depth = 50_000;
      const payload = withRawKey(body(), `"extra":${'['.repeat(depth)}${']'.repeat(depth)}`);
      const res = await postRaw(t, path, payload);
      // JSON.parse takes it; the form has no such field, so it is simply not read.
      expect(res.statusCode, res.body).toBe(200);
    });

    it('refuses a 20,000-character field with a 400 naming it', async () => {
      const field = path === 'contactUs' ? 'comments' : 'additional_info';
      const res = await postRaw(
        t,
        path,
        JSON.stringify({ ...body(), [field]: 'x'.repeat(20_000) }),
      );
      expect(res.statusCode, res.body).toBe(400);
      const answer = res.json<{ errors: { path: string }[] }>();
      expectEnvelope(answer);
      expect(answer.errors.map((issue) => issue.path)).toEqual([field]);
      await expectNothingWritten();
    });

    it('refuses a body over the 256 KB limit with a 413, before reading it', async () => {
      const res = await postRaw(t, path, JSON.stringify({ ...body(), big: 'x'.repeat(300_000) }));
      expect(res.statusCode, res.body).toBe(413);
      expectEnvelope(res.json());
      await expectNothingWritten();
    });

    it('refuses a body that is not JSON with a 415', async () => {
      const res = await postRaw(t, path, 'email=a%40b.com', {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.statusCode, res.body).toBe(415);
      expectEnvelope(res.json());
      await expectNothingWritten();
    });

    it('answers 401 without the API keys, and stores nothing', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: `${API_BASE}${API_PATHS[path]}`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(body()),
        remoteAddress: freshAddress(),
      });
      expect(res.statusCode).toBe(401);
      const answer = res.json<Record<string, unknown>>();
      expectEnvelope(answer);
      expect(answer.message).toBe('Invalid API key');
      await expectNothingWritten();
    });

    it.each([
      ['a lone high surrogate', '\\ud800'],
      ['a lone low surrogate', 'x\\udfffy'],
    ])('refuses %s with a 400, not a 5xx from the database', async (_what, raw) => {
      const field = path === 'contactUs' ? 'firstName' : 'passenger_name';
      // JSON.stringify would escape it; written raw, as a hostile client may.
      const payload = JSON.stringify({ ...body(), [field]: 'MARK' }).replace('MARK', raw);
      const res = await postRaw(t, path, payload);
      expect(res.statusCode, res.body).toBe(400);
      const answer = res.json<{ errors: { path: string; message: string }[] }>();
      expectEnvelope(answer);
      expect(answer.errors).toEqual([
        { path: field, message: `${field} contains characters that are not allowed` },
      ]);
      await expectNothingWritten();
    });

    it('keeps emoji and accents, whose surrogates come in pairs', async () => {
      const field = path === 'contactUs' ? 'firstName' : 'passenger_name';
      const res = await postRaw(t, path, JSON.stringify({ ...body(), [field]: 'Zoë 🚕' }));
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await storedSubmissions(t);
      expect((row?.payload as Record<string, string>)[field]).toBe('Zoë 🚕');
    });

    it('reads JSON sent with a charset', async () => {
      const res = await postRaw(t, path, JSON.stringify(body()), {
        headers: { 'content-type': 'application/json; charset=utf-8' },
      });
      expect(res.statusCode, res.body).toBe(200);
    });

    it('ignores fields the form does not have', async () => {
      const res = await postRaw(t, path, JSON.stringify({ ...body(), isAdmin: true, id: 1 }));
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await storedSubmissions(t);
      expect(row?.payload).not.toHaveProperty('isAdmin');
      expect(row?.payload).not.toHaveProperty('id');
    });
  });
});
