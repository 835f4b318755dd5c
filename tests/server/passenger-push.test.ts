import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { managedBookingResponseSchema } from '../../src/contract/manage-booking';
import { pushMessageSchema, type PushMessage } from '../../src/contract/web-push';
import { PASSENGER_PUSH_TEXTS } from '../../src/domain/passenger-push';
import { PUSH_ENDPOINT_REFUSED } from '../../src/domain/push-hosts';
import { startBookingApp } from './booking-fixtures';
import { seededDriver } from './driver-fixtures';
import { dispatch } from './driver-job-fixtures';
import {
  startFakePushService,
  verifiedVapid,
  type FakePushService,
  type FakeSubscription,
} from './fakes/push-service';
import { testDatabaseKinds, type TestApp } from './helpers';
import { mailedToken, manageCall, sha256, view } from './manage-booking-fixtures';
import { consoleCall, dispatcherOf, signIn } from './operator-fixtures';
import { HEATHROW, mobileBooker } from './text-fixtures';

/**
 * Issue 35: "Notify me on this phone" on the passenger's booking page. A browser subscribes to
 * its booking (Web Push, VAPID); each step the passenger is texted about reaches it as an
 * encrypted notification in the same words, opening the booking page, whether or not they
 * want texts. The subscriptions go when the booking ends, after its cancellation is told, and
 * when the push service says one is gone. The push service is a stand-in speaking RFC 8030
 * over HTTPS, which checks the VAPID signature and decrypts as the phone would.
 */
describe.each(testDatabaseKinds())('the passenger’s notifications on %s', (kind) => {
  let push: FakePushService;
  let t: TestApp;
  let heathrow: string;
  let james: { id: number; registration: string };
  const book = mobileBooker(() => t);

  beforeAll(async () => {
    push = await startFakePushService();
    t = await startBookingApp(
      kind,
      {
        MAIL_POLL_INTERVAL_MS: '0',
        VAPID_SUBJECT: 'mailto:dispatch@ridebook.example',
        // The stand-in push service is the only one these tests send to.
        WEB_PUSH_HOSTS: '127.0.0.1',
      },
      undefined,
      { pushAgent: push.agent },
    );
    heathrow = await signIn(t, dispatcherOf(HEATHROW));
    james = { id: (await seededDriver(t, 'James Okafor')).id, registration: 'LB71 XKE' };
  });
  afterAll(async () => {
    await t?.close();
    await push?.close();
  });

  /** A booking of the mobile's, its token from the mail, and a phone following it. */
  async function followed(phone: FakeSubscription, registration: Record<string, unknown> = {}) {
    const number = await book(registration);
    const token = await mailedToken(t, number);
    const res = await follow(number, token, phone.json);
    expect(res.statusCode, res.body).toBe(200);
    return { number, token };
  }

  function follow(number: string, token: string, body: unknown) {
    return manageCall(t, 'POST', `/${number}/push-subscription`, { token, body });
  }

  function move(number: string, status: string, note?: string) {
    return consoleCall(t, 'POST', `/operator/jobs/${number}/status`, {
      session: heathrow,
      body: { status, ...(note ? { note } : {}) },
    });
  }

  /** The notifications sent to a phone, decrypted, once there are `count` of them. */
  async function received(phone: FakeSubscription, count: number): Promise<PushMessage[]> {
    const path = new URL(phone.json.endpoint).pathname;
    const to = () => push.received.filter((request) => request.path === path);
    await vi.waitFor(() => expect(to().length).toBeGreaterThanOrEqual(count), {
      timeout: 15_000,
      interval: 100,
    });
    return to().map((request) => pushMessageSchema.parse(JSON.parse(phone.decrypt(request.body))));
  }

  /** The booking's passenger-push jobs, oldest first: what each told and how it ended. */
  async function pushJobs(number: string) {
    const { rows } = await sql<{ event: string; state: string }>`
      select job.data->>'event' as event, job.state
      from pgboss.job job join bookings on bookings.id = (job.data->>'bookingId')::int
      where job.name = 'passenger-push' and bookings.booking_number = ${number}
      order by job.created_on, job.id`.execute(t.db.handle.db);
    return rows;
  }

  /** The booking's jobs once every one has run. */
  async function ranJobs(number: string) {
    await vi.waitFor(
      async () =>
        expect((await pushJobs(number)).every((job) => job.state === 'completed')).toBe(true),
      { timeout: 15_000, interval: 100 },
    );
    return pushJobs(number);
  }

  async function followers(number: string) {
    return t.db.handle.db
      .selectFrom('passenger_push_subscriptions')
      .innerJoin('bookings', 'bookings.id', 'passenger_push_subscriptions.booking_id')
      .select('passenger_push_subscriptions.endpoint')
      .where('bookings.booking_number', '=', number)
      .orderBy('passenger_push_subscriptions.id')
      .execute()
      .then((rows) => rows.map((row) => row.endpoint));
  }

  it('lets the passenger follow their own booking on a phone, and turn it off', async () => {
    const number = await book();
    const token = await mailedToken(t, number);
    const before = (await view(t, number, token)).push;
    expect(before).toEqual({ public_key: expect.any(String), available: true, subscribed: [] });
    expect(before.public_key).toBe(t.app.jobOffers.pushPublicKey());
    expect(Buffer.from(before.public_key!, 'base64url')).toHaveLength(65);

    const phone = push.subscription('follow-phone');
    const on = await follow(number, token, phone.json);
    expect(on.statusCode, on.body).toBe(200);
    // The page finds its own phone by the endpoint's digest: no address is given out.
    const answer = managedBookingResponseSchema.parse(on.json()).booking;
    expect(answer.push.subscribed).toEqual([sha256(phone.json.endpoint)]);
    expect(on.body).not.toContain(phone.json.endpoint);
    // The same browser again (new keys): still one.
    expect((await follow(number, token, push.subscription('follow-phone').json)).statusCode).toBe(
      200,
    );
    expect(await followers(number)).toEqual([phone.json.endpoint]);

    const bad = await follow(number, token, {
      endpoint: 'http://push.example/abc',
      keys: { p256dh: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { errors: { path: string }[] }).errors.map((e) => e.path)).toEqual([
      'endpoint',
      'keys.auth',
    ]);
    // Another passenger's booking, with this one's token: as if it did not exist.
    const other = await book();
    expect((await follow(other, token, phone.json)).statusCode).toBe(404);
    expect(await followers(other)).toEqual([]);
    expect((await follow(number, 'not-a-token', phone.json)).statusCode).toBe(404);

    const off = await manageCall(t, 'DELETE', `/${number}/push-subscription`, {
      token,
      body: { endpoint: phone.json.endpoint },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(managedBookingResponseSchema.parse(off.json()).booking.push.subscribed).toEqual([]);
    expect(await followers(number)).toEqual([]);
    // Turned off: the next step is sent to no one.
    expect((await move(number, 'confirmed')).statusCode).toBe(200);
    expect(await pushJobs(number)).toEqual([]);
  });

  it('refuses an endpoint that is not a browser push service’s, keeping nothing', async () => {
    // Another mailbox: the mobile's is near the daily cap of mails by this point.
    const number = await book({ email: 'refused.phone@example.co.uk' });
    const token = await mailedToken(t, number);
    const keys = push.subscription('refused-phone').json.keys;
    for (const endpoint of [
      'https://169.254.169.254/latest',
      'https://internal.example.com/push',
      'https://127.0.0.1.evil.example/push',
      push.subscription('refused-phone', 'localhost').json.endpoint,
    ]) {
      const res = await follow(number, token, { endpoint, keys });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json()).toMatchObject({
        errors: [{ path: 'endpoint', message: PUSH_ENDPOINT_REFUSED }],
      });
    }
    expect(await followers(number)).toEqual([]);
  });

  it('sends nothing to a phone kept from before endpoints were checked, and forgets it', async () => {
    const phone = push.subscription('checked-phone');
    const { number } = await followed(phone, { email: 'unchecked.phone@example.co.uk' });
    const { id } = await t.db.handle.db
      .selectFrom('bookings')
      .select('id')
      .where('booking_number', '=', number)
      .executeTakeFirstOrThrow();
    const old = push.subscription('unchecked-phone', 'localhost').json;
    await t.db.handle.db
      .insertInto('passenger_push_subscriptions')
      .values({ booking_id: id, endpoint: old.endpoint, ...old.keys })
      .execute();
    expect((await move(number, 'confirmed')).statusCode).toBe(200);
    expect(await ranJobs(number)).toEqual([
      { event: 'booking_confirmed', state: 'completed' },
      { event: 'booking_confirmed', state: 'completed' },
    ]);
    await received(phone, 1);
    expect(push.received.filter((request) => request.path === '/push/unchecked-phone')).toEqual([]);
    expect(await followers(number)).toEqual([phone.json.endpoint]);
  });

  it('keeps the five latest phones of a booking, a sixth taking the oldest’s place', async () => {
    const phones = [1, 2, 3, 4, 5, 6].map((n) => push.subscription(`family-phone-${n}`));
    const { number, token } = await followed(phones[0]!);
    for (const phone of phones.slice(1)) {
      expect((await follow(number, token, phone.json)).statusCode).toBe(200);
    }
    expect(await followers(number)).toEqual(phones.slice(1).map((phone) => phone.json.endpoint));
  });

  it('sends nothing queued for a phone that was turned off before it went', async () => {
    const phone = push.subscription('late-off-phone');
    const { number, token } = await followed(phone);
    const off = await manageCall(t, 'DELETE', `/${number}/push-subscription`, {
      token,
      body: { endpoint: phone.json.endpoint },
    });
    expect(off.statusCode).toBe(200);
    const booking = await t.db.handle.db
      .selectFrom('bookings')
      .select('id')
      .where('booking_number', '=', number)
      .executeTakeFirstOrThrow();
    const { endpoint, keys } = phone.json;
    await t.app.jobQueue.add('passenger-push', {
      bookingId: booking.id,
      event: 'driver_arrived',
      subscription: { endpoint, ...keys },
      message: { title: `Booking ${number}`, body: 'James has arrived', url: '/' },
    });
    t.app.jobQueue.nudge('passenger-push');
    expect(await ranJobs(number)).toEqual([{ event: 'driver_arrived', state: 'completed' }]);
    expect(push.received.filter((r) => r.path === '/push/late-off-phone')).toEqual([]);
  });

  it('sends each step once, encrypted, in the text’s words, opening the booking page', async () => {
    const phone = push.subscription('steps-phone');
    // No texts wanted: the notifications come all the same.
    const { number } = await followed(phone, { textMe: false });
    await dispatch(t, heathrow, number, james);
    expect((await move(number, 'en_route')).statusCode).toBe(200);

    expect((await ranJobs(number)).map((job) => job.event)).toEqual([
      'booking_confirmed',
      'driver_assigned',
      'driver_on_the_way',
    ]);
    const messages = await received(phone, 3);
    expect(messages).toHaveLength(3);
    for (const message of messages) {
      expect(message.title).toBe(`Booking ${number}`);
      expect(message.url).toBe(`/manage-booking/${number}`);
      // The link is the notification's own press; no token travels in it.
      expect(message.body).not.toMatch(/https?:|token/);
    }
    expect(messages[0]?.body).toMatch(
      new RegExp(`^Hi, your booking ${number} for .+ is confirmed\\.$`),
    );
    expect(messages[1]?.body).toMatch(/^Your driver for \d+ is James: .+, registration LB71 XKE\./);
    expect(messages[2]?.body).toMatch(/^James is on the way in a .+, registration LB71 XKE\.$/);

    const path = new URL(phone.json.endpoint).pathname;
    const request = push.received.find((each) => each.path === path)!;
    expect(request.headers).toMatchObject({ 'content-encoding': 'aes128gcm', ttl: '3600' });
    expect(request.body.includes(Buffer.from(number))).toBe(false);
    const vapid = verifiedVapid(request.headers.authorization);
    expect(vapid.publicKey).toBe(t.app.jobOffers.pushPublicKey());
    expect(vapid.claims).toMatchObject({
      aud: push.origin,
      sub: 'mailto:dispatch@ridebook.example',
    });
  });

  it('tells of the cancellation, then forgets the booking’s phones', async () => {
    const phone = push.subscription('cancel-phone');
    const tablet = push.subscription('cancel-tablet');
    const { number, token } = await followed(phone);
    expect((await follow(number, token, tablet.json)).statusCode).toBe(200);
    const res = await move(number, 'cancelled', 'Passenger asked');
    expect(res.statusCode, res.body).toBe(200);
    // Gone with the change that ended the booking, before anything was sent.
    expect(await followers(number)).toEqual([]);
    for (const each of [phone, tablet]) {
      const [message] = await received(each, 1);
      expect(message?.body).toMatch(new RegExp(`^Your booking ${number} for .+ is cancelled\\.`));
    }
    const late = await follow(number, token, phone.json);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ message: PASSENGER_PUSH_TEXTS.bookingOver });
    expect((await view(t, number, token)).push).toMatchObject({ available: false, subscribed: [] });
  });

  it('forgets the phones when the ride is completed, telling nothing more', async () => {
    const phone = push.subscription('completed-phone');
    const { number } = await followed(phone);
    await dispatch(t, heathrow, number, james);
    for (const status of ['en_route', 'arrived', 'on_board']) {
      expect((await move(number, status)).statusCode).toBe(200);
    }
    // Each step reached the phone before the ride ended (one still queued then is not sent).
    await received(phone, 4);
    expect((await move(number, 'completed')).statusCode).toBe(200);
    expect(await followers(number)).toEqual([]);
    // Passenger on board and Completed are told to no one.
    expect((await ranJobs(number)).map((job) => job.event)).toEqual([
      'booking_confirmed',
      'driver_assigned',
      'driver_on_the_way',
      'driver_arrived',
    ]);
    expect(await received(phone, 4)).toHaveLength(4);
  });

  it('forgets a phone the push service says is gone, from every booking it followed', async () => {
    const gone = push.subscription('gone-phone');
    const kept = push.subscription('kept-phone');
    const first = await followed(gone);
    expect((await follow(first.number, first.token, kept.json)).statusCode).toBe(200);
    const second = await followed(gone);
    push.answer('gone-phone', 410);
    expect((await move(first.number, 'confirmed')).statusCode).toBe(200);
    await received(gone, 1);
    await received(kept, 1);
    await vi.waitFor(async () =>
      expect(await followers(first.number)).toEqual([kept.json.endpoint]),
    );
    expect(await followers(second.number)).toEqual([]);
  });
});
