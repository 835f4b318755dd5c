import { render, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChakraScope } from '../../src/web/components/chakra/chakra-scope';
import { AppProviders } from '../../src/web/app/providers';
import { OutboxList } from '../../src/web/components/outbox-list';
import { ApiError } from '../../src/web/lib/api-client';
import { createDb, db, DB_NAME, type OutboxKind } from '../../src/web/offline/db';
import {
  isRetryable,
  REPLAY_INTERVAL_MS,
  replayFromServiceWorker,
  replayOutbox,
  startOutbox,
  submitOrQueue,
} from '../../src/web/offline/outbox';
import { useOutbox } from '../../src/web/offline/use-outbox';
import {
  answerSubmissions,
  clearOutbox,
  CONTACT_PATH,
  deferredReply,
  failureReply,
  formSubmittedReply,
  QUOTE_NOW_PATH,
  quoteSentReply,
  UUID,
  type Reply,
} from './outbox-fixtures';
import { memoryStorage, testQueryClient } from './helpers';

beforeEach(clearOutbox);
afterEach(clearOutbox);

const message = { firstName: 'Ada', email: 'ada@example.com', queryReason: 'Booking' };
const quote = { pickup_date: '2030-11-21', pickup_time: '15:05', passenger_email: 'a@b.co' };

function goOffline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
}

/** Saves one submission to the outbox as an offline visitor would. */
async function queueOffline(kind: OutboxKind = 'contact-us') {
  const body = kind === 'contact-us' ? message : quote;
  const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  await expect(submitOrQueue(kind, body)).resolves.toMatchObject({ status: 'queued' });
  onLine.mockRestore();
}

const waiting = () => db.outbox.toArray();

describe('sending a submission', () => {
  it('sends at once when online, with a new Idempotency-Key, and keeps nothing', async () => {
    const { sent } = answerSubmissions({ [CONTACT_PATH]: [formSubmittedReply] });
    await expect(submitOrQueue('contact-us', message)).resolves.toEqual({ status: 'sent' });
    await expect(submitOrQueue('contact-us', message)).resolves.toEqual({ status: 'sent' });
    expect(sent.map((request) => request.body)).toEqual([message, message]);
    expect(sent[0]!.key).toMatch(UUID);
    expect(sent[1]!.key).toMatch(UUID);
    expect(sent[0]!.key).not.toBe(sent[1]!.key);
    expect(await waiting()).toEqual([]);
  });

  it('saves without trying while the device is offline', async () => {
    const { sent } = answerSubmissions({ [CONTACT_PATH]: [formSubmittedReply] });
    goOffline();
    await expect(submitOrQueue('contact-us', message)).resolves.toMatchObject({ status: 'queued' });
    expect(sent).toEqual([]);
    const [item] = await waiting();
    expect(item).toMatchObject({ kind: 'contact-us', body: message, attempts: 0 });
    expect(item!.idempotencyKey).toMatch(UUID);
  });

  it.each<[string, Reply]>([
    ['a network error', 'network-error'],
    ['a 503', failureReply(503, 'Something went wrong')],
    ['a 500', failureReply(500, 'Something went wrong')],
    ['a 429', failureReply(429, 'Too many requests, please try again later')],
  ])('keeps a submission that met %s, under the key it was first sent with', async (_, reply) => {
    const { sent } = answerSubmissions({ [QUOTE_NOW_PATH]: [reply] });
    await expect(submitOrQueue('quote-now', quote)).resolves.toMatchObject({ status: 'queued' });
    const [item] = await waiting();
    expect(item).toMatchObject({ kind: 'quote-now', body: quote, attempts: 1 });
    expect(item!.lastError).toBeTruthy();
    expect(item!.idempotencyKey).toBe(sent[0]!.key);
  });

  it('keeps nothing the server refuses, and rejects with its reason', async () => {
    answerSubmissions({
      [CONTACT_PATH]: [
        failureReply(400, 'email must be an email address', [
          { path: 'email', message: 'email must be an email address' },
        ]),
      ],
    });
    const failure = submitOrQueue('contact-us', message);
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      status: 400,
      message: 'email must be an email address',
      issues: [{ path: 'email', message: 'email must be an email address' }],
    });
    expect(await waiting()).toEqual([]);
  });

  it('counts network errors, 5xx and 429 as worth another try, and other 4xx as final', () => {
    expect(isRetryable(new ApiError('offline', 0))).toBe(true);
    expect(isRetryable(new ApiError('busy', 503))).toBe(true);
    expect(isRetryable(new ApiError('slow down', 429))).toBe(true);
    expect(isRetryable(new ApiError('bad', 400))).toBe(false);
    expect(isRetryable(new ApiError('reused key', 422))).toBe(false);
    expect(isRetryable(new Error('not an API error'))).toBe(false);
  });
});

describe('replaying the outbox', () => {
  it('removes an item only after the server answers 2xx, sending the same key each time', async () => {
    await queueOffline();
    const first = deferredReply();
    const second = deferredReply();
    const third = deferredReply();
    const { sent } = answerSubmissions({
      [CONTACT_PATH]: [first.reply, second.reply, third.reply],
    });
    const [saved] = await waiting();

    const run1 = replayOutbox();
    await waitFor(() => expect(sent).toHaveLength(1));
    // In flight: still kept.
    expect(await waiting()).toHaveLength(1);
    first.release(failureReply(503, 'Something went wrong'));
    await run1;
    expect(await waiting()).toMatchObject([{ attempts: 1, lastError: 'Something went wrong' }]);

    const run2 = replayOutbox();
    await waitFor(() => expect(sent).toHaveLength(2));
    second.release('network-error');
    await run2;
    expect(await waiting()).toHaveLength(1);

    const run3 = replayOutbox();
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(await waiting()).toHaveLength(1);
    third.release(formSubmittedReply);
    await run3;
    expect(await waiting()).toEqual([]);
    expect(sent.map((request) => request.key)).toEqual([
      saved!.idempotencyKey,
      saved!.idempotencyKey,
      saved!.idempotencyKey,
    ]);
  });

  it('keeps an item the server refuses, marked refused with its reason, and never sends it again', async () => {
    await queueOffline();
    await queueOffline('quote-now');
    const { sent } = answerSubmissions({
      [CONTACT_PATH]: [
        failureReply(400, 'bookingNumber may contain only digits'),
        formSubmittedReply,
      ],
      [QUOTE_NOW_PATH]: [failureReply(503, 'Something went wrong'), quoteSentReply],
    });
    await replayOutbox();
    const [refused, other] = await waiting();
    expect(refused).toMatchObject({
      kind: 'contact-us',
      body: message,
      attempts: 1,
      lastError: 'bookingNumber may contain only digits',
      refusedAt: expect.any(Number),
    });
    expect(other).toMatchObject({ kind: 'quote-now', attempts: 1 });
    expect(other!.refusedAt).toBeUndefined();

    // The next replay sends only the item still waiting; the refused one stays, untouched.
    await replayOutbox();
    expect(sent.map((request) => request.path)).toEqual([
      CONTACT_PATH,
      QUOTE_NOW_PATH,
      QUOTE_NOW_PATH,
    ]);
    expect(await waiting()).toEqual([refused]);
  });

  it("ends the service worker's sync once only refused items are left, keeping them", async () => {
    await queueOffline();
    await queueOffline('quote-now');
    const { sent } = answerSubmissions({
      [CONTACT_PATH]: [failureReply(400, 'email is not valid')],
      [QUOTE_NOW_PATH]: [failureReply(503, 'Something went wrong'), quoteSentReply],
    });
    // A 503 left: the browser must try the sync again.
    await expect(replayFromServiceWorker()).rejects.toThrow('1 submission(s) still waiting');
    await expect(replayFromServiceWorker()).resolves.toBeUndefined();
    expect(sent.map((request) => request.path)).toEqual([
      CONTACT_PATH,
      QUOTE_NOW_PATH,
      QUOTE_NOW_PATH,
    ]);
    expect(await waiting()).toMatchObject([
      { kind: 'contact-us', lastError: 'email is not valid', refusedAt: expect.any(Number) },
    ]);
  });

  it('stops at a network error: later items wait for the next try', async () => {
    await queueOffline();
    await queueOffline('quote-now');
    const { sent } = answerSubmissions({ [CONTACT_PATH]: ['network-error'] });
    await replayOutbox();
    expect(sent.map((request) => request.path)).toEqual([CONTACT_PATH]);
    expect(await waiting()).toHaveLength(2);
  });

  it('sends the items behind a 5xx: each has its own chance', async () => {
    await queueOffline();
    await queueOffline('quote-now');
    const { sent } = answerSubmissions({
      [CONTACT_PATH]: [failureReply(503, 'Something went wrong')],
      [QUOTE_NOW_PATH]: [quoteSentReply],
    });
    await replayOutbox();
    expect(sent.map((request) => request.path)).toEqual([CONTACT_PATH, QUOTE_NOW_PATH]);
    expect(await waiting()).toMatchObject([{ kind: 'contact-us' }]);
  });

  it('runs one replay at a time: a second call while one runs joins it', async () => {
    await queueOffline();
    await queueOffline('quote-now');
    const slow = deferredReply();
    const { sent } = answerSubmissions({
      [CONTACT_PATH]: [slow.reply],
      [QUOTE_NOW_PATH]: [quoteSentReply],
    });
    const first = replayOutbox();
    const second = replayOutbox();
    expect(second).toBe(first);
    await waitFor(() => expect(sent).toHaveLength(1));
    slow.release(formSubmittedReply);
    await Promise.all([first, second]);
    expect(sent.map((request) => request.path)).toEqual([CONTACT_PATH, QUOTE_NOW_PATH]);
    expect(await waiting()).toEqual([]);
  });
});

describe('replay triggers', () => {
  it('replays at start, when the connection returns and on the timer while items wait', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      await queueOffline();
      const { sent } = answerSubmissions({
        [CONTACT_PATH]: ['network-error', 'network-error', formSubmittedReply],
      });
      startOutbox();
      // vi.waitFor polls with the real timers; Testing Library's would use the faked interval.
      await vi.waitFor(() => expect(sent).toHaveLength(1));

      window.dispatchEvent(new Event('online'));
      await vi.waitFor(() => expect(sent).toHaveLength(2));

      vi.advanceTimersByTime(REPLAY_INTERVAL_MS);
      await vi.waitFor(() => expect(sent).toHaveLength(3));
      await vi.waitFor(async () => expect(await waiting()).toEqual([]));

      // Nothing waits: the timer sends nothing more.
      vi.advanceTimersByTime(REPLAY_INTERVAL_MS);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(sent).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not try while the device says it is offline', async () => {
    await queueOffline();
    const { sent } = answerSubmissions({ [CONTACT_PATH]: [formSubmittedReply] });
    goOffline();
    startOutbox();
    window.dispatchEvent(new Event('online'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toEqual([]);
    expect(await waiting()).toHaveLength(1);
  });
});

describe('the waiting list', () => {
  it('lists each waiting item by kind and when it was saved, and empties as they go', async () => {
    const saved = new Date(2026, 10, 21, 14, 5).getTime();
    vi.spyOn(Date, 'now').mockReturnValue(saved);
    await queueOffline();
    await queueOffline('quote-now');
    vi.mocked(Date.now).mockRestore();
    render(
      <AppProviders queryClient={testQueryClient()} storage={memoryStorage()}>
        <ChakraScope>
          <OutboxList />
        </ChakraScope>
      </AppProviders>,
    );
    const region = await screen.findByRole('region', { name: 'Waiting to send' });
    await waitFor(() =>
      expect(
        within(region)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([
        'Contact message, saved 21 Nov 2026, 14:05',
        'Quote request, saved 21 Nov 2026, 14:05',
      ]),
    );

    answerSubmissions({
      [CONTACT_PATH]: [formSubmittedReply],
      [QUOTE_NOW_PATH]: [failureReply(400, 'pickup_date cannot be in the past')],
    });
    await replayOutbox();
    await waitFor(() => expect(within(region).queryByText(/Nothing is waiting/)).toBeTruthy());
    const alert = within(region).getByRole('alert');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Quote request, saved 21 Nov 2026, 14:05, was not sent: pickup_date cannot be in the past',
    ]);
    await userEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Waiting to send' })).toBeNull(),
    );
    expect(await waiting()).toEqual([]);
  });

  it('still shows a refusal after a reload, until it is dismissed; Dismiss keeps waiting items', async () => {
    const saved = new Date(2026, 10, 21, 14, 5).getTime();
    vi.spyOn(Date, 'now').mockReturnValue(saved);
    await queueOffline();
    vi.mocked(Date.now).mockRestore();
    answerSubmissions({ [CONTACT_PATH]: [failureReply(400, 'email is not valid')] });
    // The service worker replays while no page of the app is open.
    await replayFromServiceWorker();
    await queueOffline('quote-now');

    // The page opens afresh, on its own connection to the same database.
    const reopened = createDb(DB_NAME);
    try {
      const { result } = renderHook(() => useOutbox(reopened));
      await waitFor(() => expect(result.current.refused).toHaveLength(1));
      expect(result.current.refused[0]).toMatchObject({
        kind: 'contact-us',
        lastError: 'email is not valid',
      });
      expect(result.current.pending).toMatchObject([{ kind: 'quote-now' }]);
    } finally {
      reopened.close();
    }

    render(
      <AppProviders queryClient={testQueryClient()} storage={memoryStorage()}>
        <ChakraScope>
          <OutboxList />
        </ChakraScope>
      </AppProviders>,
    );
    const region = await screen.findByRole('region', { name: 'Waiting to send' });
    const alert = await within(region).findByRole('alert');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Contact message, saved 21 Nov 2026, 14:05, was not sent: email is not valid']);
    expect(
      within(region)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringMatching(/^Quote request, saved /),
      'Contact message, saved 21 Nov 2026, 14:05, was not sent: email is not valid',
    ]);
    await userEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(within(region).queryByRole('alert')).toBeNull());
    expect(await waiting()).toMatchObject([{ kind: 'quote-now' }]);
    expect(
      within(region)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringMatching(/^Quote request, saved /)]);
  });
});
