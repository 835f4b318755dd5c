import { afterEach, describe, expect, it } from 'vitest';
import { spawnServer, type ServerProcess } from '../support/server-process';
import { startFakeTwilio } from './fakes/twilio-api';
import { testDatabaseKinds } from './helpers';
import {
  createProcessDatabase,
  guestBookingBodies,
  postBooking,
  QUICK_LOCK_TAKEOVER_MS,
  sleep,
  waitFor,
} from './process-fixtures';

/**
 * Texts through kill -9 (issue 35): the real server process, Twilio (a local fake speaking its
 * wire format to the SDK) down while bookings queue their texts, the process killed with the
 * texts waiting on the job queue to be tried again, then restarted with Twilio back. Every text
 * queued before the kill reaches Twilio, once.
 */
const ACCOUNT = `AC${'0123456789abcdef'.repeat(2)}`;
const NUMBERS = ['+447911123401', '+447911123402', '+447911123403'];

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe.each(testDatabaseKinds())('texts through kill -9 on %s', (kind) => {
  it('sends each text queued before the kill once, after the restart', async () => {
    const twilio = await startFakeTwilio();
    cleanups.push(() => twilio.close());
    twilio.setDown(true);
    const data = await createProcessDatabase(kind, {
      seeded: true,
      lockStaleMs: QUICK_LOCK_TAKEOVER_MS,
    });
    cleanups.push(() => data.remove());
    const env = {
      ...data.env,
      BOOKING_LIMIT_PER_ADDRESS: '0',
      BOOKING_LIMIT_PER_EMAIL: '0',
      TWILIO_ACCOUNT_SID: ACCOUNT,
      TWILIO_AUTH_TOKEN: 'twilio-test-auth-token',
      TWILIO_FROM: 'RIDEBOOK',
      TWILIO_API_BASE_URL: twilio.url,
    };
    const start = async (): Promise<ServerProcess> => {
      const server = await spawnServer({ env, timeoutMs: 120_000 });
      cleanups.push(() => server.stop());
      return server;
    };
    const first = await start();
    const body = await guestBookingBodies(first.url);
    for (const [index, number] of NUMBERS.entries()) {
      const made = body(`crash-text-${index}@example.com`);
      const registration = made.registrationData as Record<string, unknown>;
      const booked = await postBooking(
        first.url,
        { ...made, registrationData: { ...registration, number } },
        `crash-text-${index}`,
      );
      expect(booked.kind, JSON.stringify(booked)).toBe('booked');
    }
    // Each text was tried and refused: it waits on the queue for its retry. Then kill -9.
    await waitFor('a try of each text', () => twilio.attempts() >= NUMBERS.length, 60_000);
    await sleep(500);
    await first.kill();
    expect(twilio.messages).toEqual([]);

    twilio.setDown(false);
    await start();
    const sentTo = () => twilio.messages.map((message) => message.to).sort();
    await waitFor('every text sent', () => sentTo().length >= NUMBERS.length, 150_000);
    // Nothing more comes: each was sent once.
    await sleep(3_000);
    expect(sentTo()).toEqual(NUMBERS);
    for (const message of twilio.messages) {
      expect(message.body).toMatch(/^Hi, we have your booking \d{9} for /);
    }
  }, 300_000);
});
