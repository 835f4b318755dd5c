import { stat } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { driverMeResponseSchema } from '../../src/contract/driver';
import { pushMessageSchema } from '../../src/contract/web-push';
import { PUSH_ENDPOINT_REFUSED } from '../../src/domain/push-hosts';
import { ConfigError, loadConfig } from '../../src/server/config';
import { loadVapidKeys, vapidKeysFile } from '../../src/server/services/web-push/vapid-keys';
import { driverCall, driverSignIn, giveDriverLogin } from './driver-fixtures';
import { startFakePushService, verifiedVapid, type FakePushService } from './fakes/push-service';
import { tempDir, testDatabaseKinds } from './helpers';
import type { TestApp } from './helpers';
import {
  confirmedJob,
  driverNamed,
  HEATHROW,
  offerCall,
  startOfferApp,
  vehicleOf,
} from './offer-fixtures';
import { consoleCall, dispatcherOf, signIn } from './operator-fixtures';
import { FIXED_NOW } from './quote-fixtures';

/**
 * Issue 34: an offered job is announced by Web Push to each of the driver's phones, through
 * the web-push library to a push service (here a stand-in speaking RFC 8030 over HTTPS, which
 * checks the VAPID signature and decrypts the body as the phone would). A subscription the
 * push service says is gone is forgotten. The VAPID keys are made once and kept in DATA_DIR.
 */
describe.each(testDatabaseKinds())('Web Push of offers on %s', (kind) => {
  let push: FakePushService;
  let t: TestApp & { dataDir: string };
  let session: string;
  let james: { id: number; session: string };
  let car: number;

  beforeAll(async () => {
    push = await startFakePushService();
    t = await startOfferApp(kind, () => FIXED_NOW, {
      pushAgent: push.agent,
      env: {
        OFFER_TIMEOUT_SECONDS: '90',
        VAPID_SUBJECT: 'mailto:dispatch@ridebook.example',
        // The stand-in push service is the only one these tests send to.
        WEB_PUSH_HOSTS: '127.0.0.1',
      },
    });
    session = await signIn(t, dispatcherOf(HEATHROW));
    const driver = await driverNamed(t, 'James Okafor');
    const login = await giveDriverLogin(t, driver.id, 'james.okafor@push.example');
    james = { id: driver.id, session: await driverSignIn(t, login) };
    car = await vehicleOf(t, HEATHROW, 'LB71 XKE');
  });
  afterAll(async () => {
    await t?.close();
    await push?.close();
  });

  function subscribe(json: unknown, who = james.session) {
    return driverCall(t, 'POST', '/driver/push-subscription', { session: who, body: json });
  }

  async function subscriptions() {
    return t.db.handle.db
      .selectFrom('driver_push_subscriptions')
      .select(['driver_id', 'endpoint', 'p256dh'])
      .orderBy('id')
      .execute();
  }

  it("gives the app the public key, and keeps each phone's subscription once", async () => {
    const me = await driverCall(t, 'GET', '/driver/me', { session: james.session });
    expect(me.statusCode, me.body).toBe(200);
    const key = driverMeResponseSchema.parse(me.json()).data.push_public_key;
    expect(key).toBe(t.app.jobOffers.pushPublicKey());
    expect(Buffer.from(key!, 'base64url')).toHaveLength(65);

    const phone = push.subscription('james-phone');
    expect((await subscribe(phone.json)).statusCode).toBe(200);
    // The same browser again, with new keys: one subscription, the new keys.
    const renewed = push.subscription('james-phone');
    expect((await subscribe(renewed.json)).statusCode).toBe(200);
    const rows = (await subscriptions()).filter((row) => row.endpoint === phone.json.endpoint);
    expect(rows).toEqual([
      { driver_id: james.id, endpoint: phone.json.endpoint, p256dh: renewed.json.keys.p256dh },
    ]);

    const bad = await subscribe({ endpoint: 'not a url', keys: { p256dh: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { errors: { path: string }[] }).errors.map((e) => e.path)).toEqual([
      'endpoint',
      'keys.auth',
    ]);
    expect(
      (await driverCall(t, 'POST', '/driver/push-subscription', { body: phone.json })).statusCode,
    ).toBe(401);
  });

  it('refuses an endpoint that is not a browser push service’s, keeping nothing', async () => {
    const before = await subscriptions();
    const keys = push.subscription('refused-phone').json.keys;
    for (const endpoint of [
      'https://169.254.169.254/latest',
      'https://internal.example.com/push',
      'https://fcm.googleapis.com.evil.example/fcm/send/abc',
      push.subscription('refused-phone', 'localhost').json.endpoint,
    ]) {
      const res = await subscribe({ endpoint, keys });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json()).toMatchObject({
        errors: [{ path: 'endpoint', message: PUSH_ENDPOINT_REFUSED }],
      });
    }
    expect(await subscriptions()).toEqual(before);
  });

  it("forgets a phone's subscription as its driver signs out, and only their own", async () => {
    const phone = push.subscription('signing-out-phone');
    expect((await subscribe(phone.json)).statusCode).toBe(200);
    const forget = (who: string) =>
      driverCall(t, 'DELETE', '/driver/push-subscription', {
        session: who,
        body: { endpoint: phone.json.endpoint },
      });
    const kept = () => subscriptions().then((rows) => rows.map((row) => row.endpoint));

    // Another driver cannot take James's phone off his offers.
    const sophie = await driverNamed(t, 'Sophie Turner');
    const other = await driverSignIn(
      t,
      await giveDriverLogin(t, sophie.id, 'sophie.turner@push.example'),
    );
    expect((await forget(other)).statusCode).toBe(200);
    expect(await kept()).toContain(phone.json.endpoint);
    expect(
      (await driverCall(t, 'DELETE', '/driver/push-subscription', { body: {} })).statusCode,
    ).toBe(401);
    const bad = await driverCall(t, 'DELETE', '/driver/push-subscription', {
      session: james.session,
      body: { endpoint: 'not a url' },
    });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { errors: { path: string }[] }).errors.map((e) => e.path)).toEqual([
      'endpoint',
    ]);
    expect((await forget(james.session)).statusCode).toBe(200);
    expect(await kept()).not.toContain(phone.json.endpoint);
  });

  it('sends an offer to each phone, signed and encrypted; forgets a gone one and a refused one', async () => {
    await t.db.handle.db.deleteFrom('driver_push_subscriptions').execute();
    const phone = push.subscription('phone');
    const tablet = push.subscription('tablet');
    const old = push.subscription('old-phone');
    for (const each of [phone, tablet, old])
      expect((await subscribe(each.json)).statusCode).toBe(200);
    push.answer('old-phone', 410);
    // Kept from before endpoints were checked: on a host this server no longer sends to.
    const unchecked = push.subscription('unchecked-phone', 'localhost').json;
    await t.db.handle.db
      .insertInto('driver_push_subscriptions')
      .values({ driver_id: james.id, endpoint: unchecked.endpoint, ...unchecked.keys })
      .execute();
    const before = push.received.length;

    const number = await confirmedJob(t, session);
    const res = await offerCall(t, session, number, { driver_id: james.id, vehicle_id: car });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.jobOffers.pushesSent();

    const sent = push.received.slice(before);
    expect(sent.map((request) => request.path).sort()).toEqual([
      '/push/old-phone',
      '/push/phone',
      '/push/tablet',
    ]);
    const pickup = await t.db.handle.db
      .selectFrom('bookings')
      .select(['pick_up_address', 'drop_off_address'])
      .where('booking_number', '=', number)
      .executeTakeFirstOrThrow();
    for (const [request, subscription] of [
      [sent.find((r) => r.path === '/push/phone')!, phone],
      [sent.find((r) => r.path === '/push/tablet')!, tablet],
    ] as const) {
      expect(request.headers).toMatchObject({
        'content-encoding': 'aes128gcm',
        ttl: '90',
        urgency: 'high',
      });
      const vapid = verifiedVapid(request.headers.authorization);
      expect(vapid.header.alg).toBe('ES256');
      expect(vapid.publicKey).toBe(t.app.jobOffers.pushPublicKey());
      expect(vapid.claims).toMatchObject({
        aud: push.origin,
        sub: 'mailto:dispatch@ridebook.example',
      });
      expect(vapid.claims.exp * 1000).toBeGreaterThan(Date.now());
      // Nothing of the offer travels in the clear.
      expect(request.body.includes(Buffer.from(number))).toBe(false);
      const message = pushMessageSchema.parse(JSON.parse(subscription.decrypt(request.body)));
      expect(message).toEqual({
        title: 'New job offered',
        body: `24/11/2026 10:15 ${pickup.pick_up_address} → ${pickup.drop_off_address}`,
        url: `/driver/jobs/${number}`,
      });
    }
    const left = (await subscriptions()).map((row) => row.endpoint);
    expect(left).toContain(phone.json.endpoint);
    expect(left).toContain(tablet.json.endpoint);
    expect(left).not.toContain(old.json.endpoint);
    expect(left).not.toContain(unchecked.endpoint);

    // Each new offer is announced (two phones left); one repeated with its Idempotency-Key
    // offers, and sends, nothing more.
    const count = push.received.length;
    const headers = { 'idempotency-key': `offer-${number}` };
    for (let i = 0; i < 2; i += 1) {
      const again = await consoleCall(t, 'POST', `/operator/jobs/${number}/offer`, {
        session,
        body: { driver_id: james.id, vehicle_id: car },
        headers,
      });
      expect(again.statusCode, again.body).toBe(200);
    }
    await t.app.jobOffers.pushesSent();
    expect(push.received.length).toBe(count + 2);
  });

  it('sends nothing to a driver with no subscription', async () => {
    const sophie = await driverNamed(t, 'Sophie Turner');
    const before = push.received.length;
    const number = await confirmedJob(t, session);
    const res = await offerCall(t, session, number, { driver_id: sophie.id, vehicle_id: car });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.jobOffers.pushesSent();
    expect(push.received.length).toBe(before);
  });
});

describe('the VAPID keys', () => {
  it('are made on first start in DATA_DIR (0600) and kept; given ones are used as they are', async () => {
    const data = await tempDir('ridebook-vapid');
    try {
      const made = await loadVapidKeys({ configured: {}, dataDir: data.dir });
      expect((await stat(vapidKeysFile(data.dir))).mode & 0o777).toBe(0o600);
      // Two processes starting together, and a restart, agree on one pair.
      const [a, b] = await Promise.all([
        loadVapidKeys({ configured: {}, dataDir: data.dir }),
        loadVapidKeys({ configured: {}, dataDir: data.dir }),
      ]);
      expect(a).toEqual(made);
      expect(b).toEqual(made);
      const given = webpush.generateVAPIDKeys();
      expect(await loadVapidKeys({ configured: given, dataDir: data.dir })).toEqual(given);
    } finally {
      await data.remove();
    }
  });

  it('refuse a pair half given, or not a P-256 key', () => {
    const { publicKey, privateKey } = webpush.generateVAPIDKeys();
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: publicKey })).toThrow(ConfigError);
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: publicKey })).toThrow(
      /VAPID_PRIVATE_KEY/,
    );
    expect(() => loadConfig({ VAPID_SUBJECT: 'http://example.com' })).toThrow(/VAPID_SUBJECT/);
    expect(
      loadConfig({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey }),
    ).toMatchObject({
      VAPID_PUBLIC_KEY: publicKey,
    });
  });
});
