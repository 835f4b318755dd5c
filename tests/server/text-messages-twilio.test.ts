import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startBookingApp } from './booking-fixtures';
import { bookWith, todayForm } from './driver-job-fixtures';
import { startFakeTwilio } from './fakes/twilio-api';
import { testDatabaseKinds, type TestApp } from './helpers';
import { mailedToken, manageCall } from './manage-booking-fixtures';

const HEATHROW = 'Heathrow Executive Cars';
const ACCOUNT = `AC${'0123456789abcdef'.repeat(2)}`;
const TOKEN = 'twilio-test-auth-token';
const CALLBACK = 'https://book.example.com/api/v1/webhooks/twilio/status';

async function textRow(t: TestApp, number: string, event = 'booking_received') {
  return t.db.handle.db
    .selectFrom('text_messages')
    .innerJoin('bookings', 'bookings.id', 'text_messages.booking_id')
    .innerJoin('booking_passengers', 'booking_passengers.booking_id', 'bookings.id')
    .select(['text_messages.status', 'text_messages.provider_id', 'text_messages.error'])
    .select(['booking_passengers.text_problem'])
    .where('bookings.booking_number', '=', number)
    .where('text_messages.event', '=', event)
    .executeTakeFirst();
}

/** Twilio's status callback for `params`, signed as Twilio signs it (or with `signature`). */
function statusCallback(t: TestApp, params: Record<string, string>, signature?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks/twilio/status',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': signature ?? twilio.getExpectedTwilioSignature(TOKEN, CALLBACK, params),
    },
    payload: new URLSearchParams(params).toString(),
  });
}

describe.each(testDatabaseKinds())("texts through Twilio's SDK on %s", (kind) => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof startFakeTwilio>>;
  let hour = 0;
  const book = (phone: string) => {
    hour += 1;
    return bookWith(t, HEATHROW, todayForm({ pickup_hour: `${hour}pm` }), { number: phone });
  };

  beforeAll(async () => {
    fake = await startFakeTwilio({ refuse: { '+447400123456': 21614 } });
    t = await startBookingApp(kind, {
      MAIL_POLL_INTERVAL_MS: '0',
      TWILIO_ACCOUNT_SID: ACCOUNT,
      TWILIO_AUTH_TOKEN: TOKEN,
      TWILIO_FROM: 'RIDEBOOK',
      TWILIO_API_BASE_URL: fake.url,
      PUBLIC_URL: 'https://book.example.com',
    });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('sends with the account, the sender and a status callback; a signed report is kept', async () => {
    const number = await book('07911 123456');
    await vi.waitFor(async () => expect((await textRow(t, number))?.status).toBe('sent'), {
      timeout: 15_000,
    });
    const message = fake.messages.find((each) => each.body.includes(number));
    expect(message).toMatchObject({
      accountSid: ACCOUNT,
      authorization: `${ACCOUNT}:${TOKEN}`,
      to: '+447911123456',
      from: 'RIDEBOOK',
      statusCallback: CALLBACK,
    });
    expect((await textRow(t, number))?.provider_id).toBe(message?.sid);

    const report = {
      MessageSid: message?.sid ?? '',
      MessageStatus: 'delivered',
      To: '+447911123456',
    };
    const forged = await statusCallback(t, report, 'not-the-signature');
    expect(forged.statusCode).toBe(403);
    expect((await textRow(t, number))?.status).toBe('sent');
    const signed = await statusCallback(t, report);
    expect(signed.statusCode, signed.body).toBe(204);
    expect((await textRow(t, number))?.status).toBe('delivered');
  });

  it('stops at a number Twilio refuses, and says so, without retrying it', async () => {
    const number = await book('07400 123456');
    await vi.waitFor(async () => expect((await textRow(t, number))?.status).toBe('failed'), {
      timeout: 15_000,
    });
    const row = await textRow(t, number);
    expect(row?.error).toContain('21614');
    expect(row?.text_problem).toBe(
      'We cannot send texts to +447400123456: it cannot receive text messages.',
    );
  });

  it('records a number the delivery report says cannot take texts', async () => {
    const number = await book('07911 222333');
    await vi.waitFor(async () => expect((await textRow(t, number))?.status).toBe('sent'), {
      timeout: 15_000,
    });
    const sid = (await textRow(t, number))?.provider_id ?? '';
    const res = await statusCallback(t, {
      MessageSid: sid,
      MessageStatus: 'undelivered',
      ErrorCode: '30006',
      To: '+447911222333',
    });
    expect(res.statusCode).toBe(204);
    expect(await textRow(t, number)).toMatchObject({
      status: 'undelivered',
      error: 'Twilio error 30006',
      text_problem: 'We cannot send texts to +447911222333: it cannot receive text messages.',
    });
  });

  it('sends a text once when Twilio made it and the answer was lost: the retry finds it', async () => {
    fake.loseAnswers(true);
    const number = await book('07911 123499');
    const made = () => fake.messages.filter((message) => message.body.includes(number));
    await vi.waitFor(() => expect(made()).toHaveLength(1), { timeout: 15_000 });
    fake.loseAnswers(false);
    const lookups = fake.lookups();
    // Turned off since: the text went all the same, and is recorded as sent, not held back.
    const off = await manageCall(t, 'PUT', `/${number}/texts`, {
      token: await mailedToken(t, number),
      body: { wanted: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    // The queue tries again after its backoff (15 s): it asks Twilio first, and finds the text.
    await vi.waitFor(async () => expect((await textRow(t, number))?.status).toBe('sent'), {
      timeout: 60_000,
      interval: 250,
    });
    expect(made()).toHaveLength(1);
    expect((await textRow(t, number))?.provider_id).toBe(made()[0]?.sid);
    expect(fake.lookups()).toBeGreaterThan(lookups);
  }, 90_000);
});
