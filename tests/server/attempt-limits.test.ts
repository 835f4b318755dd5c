import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sign } from '@fastify/cookie';
import type { InjectOptions } from 'fastify';
import { API_BASE, API_PATHS } from '../../src/contract/paths';
import { ACCOUNT_MESSAGES, BOOKING_MESSAGES } from '../../src/domain/messages';
import { DEMO_OPERATORS } from '../../src/server/db/seed-data/operator-accounts';
import { ATTEMPT_LIMITS } from '../../src/server/services/limits/attempt-counters';
import { DEVICE_COOKIE } from '../../src/server/services/limits/known-devices';
import { ALICE, addPassenger, postAccount } from './accounts-fixtures';
import {
  bookingBody,
  countRows,
  guestRegistration,
  quoteFor,
  startBookingApp,
  withoutToken,
} from './booking-fixtures';
import { API_HEADERS, startTestApp, testDatabaseKinds } from './helpers';
import { carBooking } from './manage-booking-fixtures';
import type { TestApp } from './helpers';
import { pence } from './quote-fixtures';

const SITE = 'http://localhost';

/** POSTs to an /api/v1 call from `remoteAddress`. */
function post(
  t: TestApp,
  path: keyof typeof API_PATHS,
  body: unknown,
  remoteAddress: string,
  headers: InjectOptions['headers'] = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `${API_BASE}${API_PATHS[path]}`,
    headers: { ...API_HEADERS, 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(body),
    remoteAddress,
  });
}

/** A 429 with the given message and a Retry-After within `windowMs`. */
function expectLimited(
  res: Awaited<ReturnType<typeof post>>,
  message: string,
  windowMs: number,
): void {
  expect(res.statusCode, res.body).toBe(429);
  expect(res.json()).toEqual({ success: false, message });
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowMs / 1000);
}

describe.each(testDatabaseKinds())('password checks share sign-in limits on %s', (kind) => {
  let t: TestApp;
  const BOB = { email: 'bob.jones@example.co.uk', password: 'Another good phrase 42' };
  const { perEmail, windowMs } = ATTEMPT_LIMITS.password;
  beforeAll(async () => {
    t = await startBookingApp(kind, { MAIL_POLL_INTERVAL_MS: '0' });
    await addPassenger(t, ALICE);
    await addPassenger(t, BOB);
  });
  afterAll(async () => t?.close());

  /** A checkout request for a fresh quote. */
  async function checkoutBody(registrationData: Record<string, unknown>) {
    const { quote } = await quoteFor(t);
    const { payment_method: _car, ...inputs } = bookingBody({
      selectedVehicleData: { quote_id: quote.quote_id },
      registrationData,
      mode: 'existing_client',
    });
    return { ...inputs, amount: pence(quote.final_price), frontend_url: SITE };
  }

  it('counts wrong passwords sent with a booking as sign-in guesses', async () => {
    const { quote } = await quoteFor(t);
    for (let i = 0; i < perEmail; i += 1) {
      const res = await post(
        t,
        'booking',
        bookingBody({
          selectedVehicleData: { quote_id: quote.quote_id },
          registrationData: { email: ALICE.email, password: `guess number ${i}` },
          mode: 'existing_client',
        }),
        `192.0.2.${i + 1}`,
      );
      expect(res.statusCode, res.body).toBe(401);
    }
    const signIn = await post(t, 'checkPassengerLogin', ALICE, '192.0.2.100');
    expectLimited(signIn, ACCOUNT_MESSAGES.tooManyRequests, windowMs);
    const check = await postAccount(t, 'checkPassengerEmail', ALICE, '192.0.2.101');
    expectLimited(check, ACCOUNT_MESSAGES.tooManyRequests, windowMs);
    const checkout = await post(
      t,
      'createCheckoutSession',
      await checkoutBody(ALICE),
      '192.0.2.102',
    );
    expectLimited(checkout, ACCOUNT_MESSAGES.tooManyRequests, windowMs);
    expect(await countRows(t, 'checkout_sessions')).toBe(0);
  });

  it('counts wrong sign-ins against a booking or checkout with that email', async () => {
    for (let i = 0; i < perEmail; i += 1) {
      const res = await post(
        t,
        'checkPassengerLogin',
        { email: BOB.email, password: `guess ${i}` },
        `198.51.100.${i + 1}`,
      );
      expect(res.statusCode).toBe(401);
    }
    const checkout = await post(
      t,
      'createCheckoutSession',
      await checkoutBody(BOB),
      '198.51.100.90',
    );
    expectLimited(checkout, ACCOUNT_MESSAGES.tooManyRequests, windowMs);
    const { quote } = await quoteFor(t);
    const booking = await post(
      t,
      'booking',
      bookingBody({
        selectedVehicleData: { quote_id: quote.quote_id },
        registrationData: BOB,
        mode: 'existing_client',
      }),
      '198.51.100.91',
    );
    expectLimited(booking, ACCOUNT_MESSAGES.tooManyRequests, windowMs);
  });

  it('never holds back a passenger who types the right password', async () => {
    const carol = { email: 'carol@example.co.uk', password: 'Yet another phrase 7' };
    await addPassenger(t, carol);
    // More right passwords than the limit, from one address: none of them is a guess.
    for (let i = 0; i < ATTEMPT_LIMITS.password.perAddress + 2; i += 1) {
      const res = await postAccount(t, 'checkPassengerEmail', carol, '203.0.113.77');
      // The full answer (with the account's details) is asserted in accounts-check-email.
      expect(res.json(), `check ${i}`).toMatchObject({
        success: true,
        message: BOOKING_MESSAGES.emailFound,
      });
    }
  });
});

describe.each(testDatabaseKinds())('booking limits on %s', (kind) => {
  let t: TestApp;
  const { perEmail, perAddress, windowMs } = ATTEMPT_LIMITS.booking;
  beforeAll(async () => {
    t = await startBookingApp(kind, {
      MAIL_POLL_INTERVAL_MS: '0',
      BOOKING_LIMIT_PER_EMAIL: String(perEmail),
      BOOKING_LIMIT_PER_ADDRESS: String(perAddress),
    });
  });
  afterAll(async () => t?.close());

  it('refuses the booking after the limit from one address, whichever emails it names', async () => {
    const { quote } = await quoteFor(t);
    const address = '2001:db8:7:7::1';
    const guest = (i: number) =>
      bookingBody({
        selectedVehicleData: { quote_id: quote.quote_id },
        registrationData: guestRegistration({ email: `stranger${i}@example.co.uk` }),
      });
    for (let i = 0; i < perAddress; i += 1) {
      const res = await post(t, 'booking', guest(i), address);
      expect(res.statusCode, res.body).toBe(200);
    }
    // Another address in the same /64 shares the count.
    const limited = await post(t, 'booking', guest(perAddress), '2001:db8:7:7::2');
    expectLimited(limited, BOOKING_MESSAGES.tooManyBookings, windowMs);
    // Another address is still heard.
    expect((await post(t, 'booking', guest(999), '203.0.113.200')).statusCode).toBe(200);
  });

  it('counts bookings and checkout sessions for one email together, and not repeats of a key', async () => {
    const { quote } = await quoteFor(t);
    const registrationData = guestRegistration({ email: 'Victim@Example.co.uk' });
    const booking = bookingBody({
      selectedVehicleData: { quote_id: quote.quote_id },
      registrationData,
    });
    const { payment_method: _car, ...inputs } = booking;
    const checkout = { ...inputs, amount: pence(quote.final_price), frontend_url: SITE };

    const key = { 'idempotency-key': 'family-outing-1' };
    const first = await post(t, 'booking', booking, '198.51.100.1', key);
    expect(first.statusCode, first.body).toBe(200);
    // A bad connection's retries with the same key replay the answer and are not counted.
    for (let i = 0; i < perEmail + 2; i += 1) {
      const again = await post(t, 'booking', booking, '198.51.100.1', key);
      expect(again.statusCode).toBe(200);
      // The same booking each time; only the booker's manage token is minted afresh.
      expect(withoutToken(again.json())).toEqual(withoutToken(first.json()));
    }
    for (let i = 1; i < perEmail; i += 1) {
      const res =
        i % 2
          ? await post(t, 'createCheckoutSession', checkout, `198.51.100.${i + 1}`)
          : await post(t, 'booking', booking, `198.51.100.${i + 1}`);
      expect(res.statusCode, res.body).toBe(200);
    }
    const limited = await post(
      t,
      'booking',
      { ...booking, registrationData: { ...registrationData, email: ' victim@example.co.uk' } },
      '198.51.100.99',
    );
    expectLimited(limited, BOOKING_MESSAGES.tooManyBookings, windowMs);
    const limitedCheckout = await post(t, 'createCheckoutSession', checkout, '198.51.100.98');
    expectLimited(limitedCheckout, BOOKING_MESSAGES.tooManyBookings, windowMs);
  });

  it("counts a booking for someone else by the passenger's email too, where its confirmation goes", async () => {
    const { quote } = await quoteFor(t);
    const forStranger = (i: number) =>
      bookingBody({
        selectedVehicleData: { quote_id: quote.quote_id },
        registrationData: guestRegistration({
          // A new booker's email each time, the same stranger as the passenger.
          email: `booker${i}@example.net`,
          passengerDetails: 'yes',
          passengerName: 'Charles',
          passengerLastname: 'Babbage',
          passengerEmail: 'stranger@example.org',
          passengerPhone: '07700 900456',
        }),
      });
    for (let i = 0; i < perEmail; i += 1) {
      const res = await post(t, 'booking', forStranger(i), `203.0.113.${i + 1}`);
      expect(res.statusCode, res.body).toBe(200);
    }
    const limited = await post(t, 'booking', forStranger(perEmail), '203.0.113.99');
    expectLimited(limited, BOOKING_MESSAGES.tooManyBookings, windowMs);
  });
});

describe.each(testDatabaseKinds())(
  "a stranger's guesses never lock the owner's browser out on %s",
  (kind) => {
    let t: TestApp;
    const { perEmail, windowMs } = ATTEMPT_LIMITS.password;
    const DANA = { email: 'dana.owner@example.co.uk', password: 'Dana own phrase 2026' };
    beforeAll(async () => {
      t = await startBookingApp(kind, { MAIL_POLL_INTERVAL_MS: '0' });
      await addPassenger(t, DANA);
    });
    afterAll(async () => t?.close());

    /** The device cookie an answer set, ready to send back. */
    function deviceCookie(res: Awaited<ReturnType<typeof post>>): string {
      const cookie = res.cookies.find((c) => c.name === DEVICE_COOKIE);
      expect(cookie, 'device cookie').toBeDefined();
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
      return `${DEVICE_COOKIE}=${encodeURIComponent(cookie!.value)}`;
    }

    /** The console's sign-in, from `remoteAddress`, with the browser's cookies if any. */
    const consoleSignIn = (who: { email: string; password: string }, ip: string, cookie = '') =>
      post(t, 'operatorLogin', who, ip, {
        host: 'localhost:80',
        origin: 'http://localhost:80',
        ...(cookie ? { cookie } : {}),
      });

    it('lets a dispatcher in from a browser that signed in before, after ten wrong passwords from ten addresses', async () => {
      const owner = DEMO_OPERATORS.find((o) => o.role === 'dispatcher')!;
      const first = await consoleSignIn(owner, '203.0.113.5');
      expect(first.statusCode, first.body).toBe(200);
      const cookie = deviceCookie(first);

      for (let i = 0; i < perEmail; i += 1) {
        const wrong = { email: owner.email, password: `stranger guess ${i}` };
        expect((await consoleSignIn(wrong, `192.0.2.${i + 10}`)).statusCode).toBe(401);
      }
      // The account's counter is kept: a stranger, and the owner on a new browser, wait.
      const stranger = { email: owner.email, password: 'one more guess' };
      expectLimited(
        await consoleSignIn(stranger, '192.0.2.99'),
        ACCOUNT_MESSAGES.tooManyRequests,
        windowMs,
      );
      expectLimited(
        await consoleSignIn(owner, '203.0.113.5'),
        ACCOUNT_MESSAGES.tooManyRequests,
        windowMs,
      );
      // The owner's own browser gets in, from any address.
      expect((await consoleSignIn(owner, '203.0.113.5', cookie)).statusCode).toBe(200);
      expect((await consoleSignIn(owner, '198.51.100.200', cookie)).statusCode).toBe(200);
      // A cookie that is not ours (its signature broken) counts for nothing.
      const forged = cookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
      // Nor does its very id and tags, signed with another secret or not signed at all.
      const signed = decodeURIComponent(cookie.slice(DEVICE_COOKIE.length + 1));
      const value = signed.slice(0, signed.lastIndexOf('.'));
      const otherSecret = `${DEVICE_COOKIE}=${encodeURIComponent(sign(value, 'not our secret at all'))}`;
      const unsigned = `${DEVICE_COOKIE}=${encodeURIComponent(value)}`;
      for (const notOurs of [forged, otherSecret, unsigned]) {
        expectLimited(
          await consoleSignIn(owner, '203.0.113.5', notOurs),
          ACCOUNT_MESSAGES.tooManyRequests,
          windowMs,
        );
      }
    });

    it("never lets a passenger account opened with a dispatcher's email guess at the console outside its counters", async () => {
      const target = DEMO_OPERATORS.find((o) => o.email === 'dispatch@thames-valley.example')!;
      // Anyone can open a passenger account with any email, unverified, by booking.
      const mallory = { email: target.email, password: 'Mallory own phrase 99' };
      await addPassenger(t, mallory);
      const attacker = '198.51.100.50';
      const signedIn = await post(t, 'checkPassengerLogin', mallory, attacker);
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      const cookie = deviceCookie(signedIn);
      for (let i = 0; i < perEmail; i += 1) {
        const guess = { email: target.email, password: `console guess ${i}` };
        expect((await consoleSignIn(guess, attacker, cookie)).statusCode).toBe(401);
      }
      const guess = { email: target.email, password: 'console guess 11' };
      expectLimited(
        await consoleSignIn(guess, attacker, cookie),
        ACCOUNT_MESSAGES.tooManyRequests,
        windowMs,
      );
      // They were the email's guesses: no new browser id is to be had from her passenger
      // account, and the dispatcher's new browser waits too.
      expectLimited(
        await post(t, 'checkPassengerLogin', mallory, attacker),
        ACCOUNT_MESSAGES.tooManyRequests,
        windowMs,
      );
      expectLimited(
        await consoleSignIn(target, '203.0.113.50'),
        ACCOUNT_MESSAGES.tooManyRequests,
        windowMs,
      );
    });

    it("holds a known browser's wrong passwords by its own counter, for that account only", async () => {
      const own = await post(t, 'checkPassengerLogin', DANA, '203.0.113.6');
      expect(own.statusCode, own.body).toBe(200);
      const cookie = deviceCookie(own);
      for (let i = 0; i < perEmail; i += 1) {
        const wrong = { email: DANA.email, password: `slip ${i}` };
        const res = await post(t, 'checkPassengerLogin', wrong, '203.0.113.6', { cookie });
        expect(res.statusCode).toBe(401);
      }
      expectLimited(
        await post(t, 'checkPassengerLogin', DANA, '203.0.113.6', { cookie }),
        ACCOUNT_MESSAGES.tooManyRequests,
        windowMs,
      );
      // Its guesses were not the account's: another browser of hers still signs in.
      expect((await post(t, 'checkPassengerLogin', DANA, '203.0.113.7')).statusCode).toBe(200);
    });

    it('lets the corporate passenger in from her browser after strangers used up the account', async () => {
      const erin = { email: 'erin.owner@example.co.uk', password: 'Erin own phrase 2026' };
      await addPassenger(t, erin);
      const cookie = deviceCookie(await post(t, 'checkPassengerLogin', erin, '203.0.113.8'));
      for (let i = 0; i < perEmail; i += 1) {
        const wrong = { email: erin.email, password: `stranger ${i}` };
        expect((await post(t, 'checkPassengerLogin', wrong, `192.0.2.${i + 120}`)).statusCode).toBe(
          401,
        );
      }
      expectLimited(
        await post(t, 'checkPassengerLogin', erin, '203.0.113.8'),
        ACCOUNT_MESSAGES.tooManyRequests,
        windowMs,
      );
      const back = await post(t, 'checkPassengerLogin', erin, '203.0.113.8', { cookie });
      expect(back.statusCode, back.body).toBe(200);
    });

    it('opens a booking from a browser that opened it before, after ten wrong emails for its reference', async () => {
      const { number } = await carBooking(t);
      const found = await post(
        t,
        'manageBookingLookup',
        { booking_number: number, email: 'ada@example.co.uk' },
        '203.0.113.9',
      );
      expect(found.statusCode, found.body).toBe(200);
      const cookie = deviceCookie(found);
      const { perEmail: perReference, windowMs: lookupWindow } = ATTEMPT_LIMITS.manageLookup;
      for (let i = 0; i < perReference; i += 1) {
        const miss = await post(
          t,
          'manageBookingLookup',
          { booking_number: number, email: `guess${i}@example.com` },
          `192.0.2.${i + 140}`,
        );
        expect(miss.statusCode).toBe(404);
      }
      const owner = { booking_number: number, email: 'ada@example.co.uk' };
      expectLimited(
        await post(t, 'manageBookingLookup', owner, '203.0.113.9'),
        ACCOUNT_MESSAGES.tooManyRequests,
        lookupWindow,
      );
      const again = await post(t, 'manageBookingLookup', owner, '203.0.113.9', { cookie });
      expect(again.statusCode, again.body).toBe(200);
    });

    it("holds guesses at another booking's reference from a browser that opened its own", async () => {
      const mallory = 'mallory@example.com';
      const { quote } = await quoteFor(t);
      const booked = await post(
        t,
        'booking',
        bookingBody({
          selectedVehicleData: { quote_id: quote.quote_id },
          registrationData: guestRegistration({ email: mallory }),
        }),
        '203.0.113.60',
      );
      expect(booked.statusCode, booked.body).toBe(200);
      const own = (booked.json() as { data: { booking: { booking_number: string } } }).data.booking
        .booking_number;
      const found = await post(
        t,
        'manageBookingLookup',
        { booking_number: own, email: mallory },
        '203.0.113.60',
      );
      expect(found.statusCode, found.body).toBe(200);
      const cookie = deviceCookie(found);
      const { number } = await carBooking(t);
      const { perEmail: perReference, windowMs: lookupWindow } = ATTEMPT_LIMITS.manageLookup;
      for (let i = 0; i < perReference; i += 1) {
        const miss = await post(
          t,
          'manageBookingLookup',
          { booking_number: number, email: mallory },
          `198.51.100.${i + 60}`,
          { cookie },
        );
        expect(miss.statusCode).toBe(404);
      }
      const again = { booking_number: number, email: mallory };
      expectLimited(
        await post(t, 'manageBookingLookup', again, '198.51.100.99', { cookie }),
        ACCOUNT_MESSAGES.tooManyRequests,
        lookupWindow,
      );
      // The reference's own counter held them: its owner, elsewhere, waits too.
      expectLimited(
        await post(
          t,
          'manageBookingLookup',
          { booking_number: number, email: 'ada@example.co.uk' },
          '203.0.113.61',
        ),
        ACCOUNT_MESSAGES.tooManyRequests,
        lookupWindow,
      );
    });
  },
);

describe('attempt counters cannot be pushed out', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { env: { MAIL_POLL_INTERVAL_MS: '0' } });
  });
  afterAll(async () => t?.close());

  it("keeps a victim's per-email count while 5,100 other emails are tried from other addresses", async () => {
    const { perEmail, windowMs } = ATTEMPT_LIMITS.forgotPassword;
    const victim = 'victim@example.co.uk';
    for (let i = 0; i < perEmail; i += 1) {
      const res = await postAccount(t, 'forgotPassword', { email: victim }, `192.0.2.${i + 1}`);
      expect(res.statusCode).toBe(404);
    }
    expectLimited(
      await postAccount(t, 'forgotPassword', { email: victim }, '192.0.2.50'),
      ACCOUNT_MESSAGES.tooManyRequests,
      windowMs,
    );

    // @fastify/rate-limit's store forgot the oldest key after 5,000 others.
    const FLOOD = 5_100;
    const BATCH = 100;
    for (let start = 0; start < FLOOD; start += BATCH) {
      const batch = Array.from({ length: BATCH }, (_, j) => start + j);
      const answers = await Promise.all(
        batch.map((i) =>
          postAccount(
            t,
            'forgotPassword',
            { email: `flood${i}@example.net` },
            `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
          ),
        ),
      );
      expect(answers.every((res) => res.statusCode === 404)).toBe(true);
    }

    expectLimited(
      await postAccount(t, 'forgotPassword', { email: victim }, '192.0.2.51'),
      ACCOUNT_MESSAGES.tooManyRequests,
      windowMs,
    );
  }, 180_000);

  it('stops counting emails for an address over its own limit', async () => {
    const { perEmail, perAddress } = ATTEMPT_LIMITS.forgotPassword;
    const attacker = '203.0.113.66';
    for (let i = 0; i < perAddress; i += 1) {
      const res = await postAccount(
        t,
        'forgotPassword',
        { email: `walker${i}@example.co.uk` },
        attacker,
      );
      expect(res.statusCode).toBe(404);
    }
    // Refused for the address: these must not use up the victim's own allowance.
    const target = 'someone.else@example.co.uk';
    for (let i = 0; i < perEmail * 2; i += 1) {
      const res = await postAccount(t, 'forgotPassword', { email: target }, attacker);
      expect(res.statusCode).toBe(429);
    }
    for (let i = 0; i < perEmail; i += 1) {
      const res = await postAccount(t, 'forgotPassword', { email: target }, '203.0.113.67');
      expect(res.statusCode, `request ${i} for the email from its own address`).toBe(404);
    }
    expect(
      (await postAccount(t, 'forgotPassword', { email: target }, '203.0.113.68')).statusCode,
    ).toBe(429);
  });
});

/** Runs when TEST_REDIS_URL is set, as the other Redis tests. */
const redisUrl = process.env.TEST_REDIS_URL;
describe.runIf(redisUrl)('attempt counters shared through Redis (REDIS_URL)', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  it('counts guesses through one process against sign-in on another, and gives a right one back', async () => {
    // Each run has its own key prefix: counters of an earlier run live on in Redis.
    const nameSpace = `ridebook-test-${crypto.randomUUID()}-`;
    const env = { REDIS_URL: redisUrl ?? '', MAIL_POLL_INTERVAL_MS: '0' };
    for (let i = 0; i < 2; i += 1) {
      apps.push(await startTestApp('pglite', { env, rateLimitNameSpace: nameSpace }));
    }
    const [first, second] = apps as [TestApp, TestApp];
    await addPassenger(first, ALICE);
    await addPassenger(second, ALICE);
    const { perEmail, windowMs } = ATTEMPT_LIMITS.password;
    // Right passwords first: given back, they leave the whole allowance for the wrong ones.
    for (let i = 0; i < 3; i += 1) {
      const res = await postAccount(first, 'checkPassengerEmail', ALICE, '192.0.2.1');
      expect(res.json().success).toBe(true);
    }
    for (let i = 0; i < perEmail; i += 1) {
      const res = await postAccount(
        first,
        'checkPassengerEmail',
        { email: ALICE.email, password: `guess ${i}` },
        `192.0.2.${i + 2}`,
      );
      expect(res.json().success).toBe(false);
    }
    expectLimited(
      await post(second, 'checkPassengerLogin', ALICE, '192.0.2.100'),
      ACCOUNT_MESSAGES.tooManyRequests,
      windowMs,
    );
  });
});
