import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, OPERATOR_SESSION_COOKIE } from '../../src/contract/paths';
import { MESSAGES, OPERATOR_MESSAGES } from '../../src/domain/messages';
import { startBookingApp } from './booking-fixtures';
import { testDatabaseKinds } from './helpers';
import type { TestApp } from './helpers';
import { bookingWithDriver } from './live-fixtures';

/**
 * The console's Download GPX is a plain link (`<a download>`), which sends the session cookie
 * but no headers of the page's: trail.gpx alone is let through without the API keys, the
 * cookie still deciding who may have it.
 */
describe.each(testDatabaseKinds())("a job's trail.gpx by a plain link on %s", (kind) => {
  let t: TestApp;
  let job: Awaited<ReturnType<typeof bookingWithDriver>>;

  beforeAll(async () => {
    t = await startBookingApp(kind, { MAIL_POLL_INTERVAL_MS: '0' });
    job = await bookingWithDriver(t, 'gpx-link@example.co.uk');
  });
  afterAll(async () => t?.close());

  /** A GET as a link sends it: the cookie, if any, and no key headers. */
  const follow = (path: string, session?: string) =>
    t.app.inject({
      method: 'GET',
      url: `${API_BASE}${path}`,
      headers: {
        host: 'localhost:80',
        ...(session ? { cookie: `${OPERATOR_SESSION_COOKIE}=${session}` } : {}),
      },
      remoteAddress: '198.51.100.20',
    });

  it('downloads with the console cookie alone; 401 without it', async () => {
    const file = await follow(`/operator/jobs/${job.number}/trail.gpx`, job.office);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toBe('application/gpx+xml; charset=utf-8');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="trail-${job.number}.gpx"`,
    );
    expect(file.body).toContain('<gpx');

    const anonymous = await follow(`/operator/jobs/${job.number}/trail.gpx`);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(OPERATOR_MESSAGES.signInRequired);
  });

  it('still asks the key headers of every other console call, the JSON trail included', async () => {
    for (const path of [`/operator/jobs/${job.number}/trail`, '/operator/drivers/positions']) {
      const res = await follow(path, job.office);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(MESSAGES.invalidApiKey);
    }
  });
});
