import { act, screen, waitFor, within } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DRIVER_APP_MESSAGES } from '../../src/domain/driver-app-messages';
import { driverDb } from '../../src/web/features/driver/offline/driver-db';
import {
  answerDriverCalls,
  clearPresses,
  goOffline,
  statusPath,
  fakeGeolocation,
  type Reply,
} from './driver-fixtures';
import { preloadPages, renderApp } from './helpers';

preloadPages('/driver/jobs/710000011');

beforeEach(clearPresses);
// A test that failed offline leaves the next one online.
afterEach(() => onlineManager.setOnline(true));

const STATUS = statusPath('710000011');

async function openJob() {
  const view = renderApp('/driver/jobs/710000011');
  await screen.findByRole('button', { name: 'On the way' }, { timeout: 15_000 });
  return view;
}

function pressList(): HTMLElement {
  return screen.getByRole('region', { name: 'Your presses' });
}

/** Waits until the job's presses show `text` (the list appears with the first press). */
async function pressShows(text: string) {
  const list = await screen.findByRole('region', { name: 'Your presses' });
  return within(list).findByText(text);
}

/** The status calls' bodies and keys, as the server saw them. */
function sentPresses(server: ReturnType<typeof answerDriverCalls>) {
  return server.to(STATUS, 'POST').map((request) => ({
    body: request.body as { status: string; at: string; lat: number | null },
    key: request.headers.get('Idempotency-Key'),
  }));
}

/** A server that answers each status call with the next reply (the last one repeats). */
function statusReplies(...replies: Reply[]) {
  let call = 0;
  return () => replies[Math.min(call++, replies.length - 1)]!;
}

describe('a status press without signal', () => {
  it('is kept and shown as waiting, then sent once on reconnect with its own time and key', async () => {
    fakeGeolocation();
    const server = answerDriverCalls();
    const { user, unmount, queryClient } = await openJob();
    const backOnline = goOffline();
    await user.click(screen.getByRole('button', { name: 'On the way' }));
    await pressShows(DRIVER_APP_MESSAGES.pressWaiting);
    expect(pressList().textContent).toMatch(/On the way at \d\d:\d\d:\d\d/);
    // The next step is offered at once, from the press the server has not had yet.
    expect(screen.getByRole('button', { name: 'Arrived' })).toBeTruthy();
    expect(server.to(STATUS)).toHaveLength(0);
    const [kept] = await driverDb.presses.toArray();
    expect(kept).toMatchObject({ state: 'waiting', jobRef: '710000011' });

    // The page is left and opened again, still without signal: the press is read back from
    // IndexedDB, waiting.
    unmount();
    renderApp('/driver/jobs/710000011', { queryClient });
    await pressShows(DRIVER_APP_MESSAGES.pressWaiting);
    expect(server.to(STATUS)).toHaveLength(0);

    act(() => backOnline());
    await pressShows(DRIVER_APP_MESSAGES.pressSent);
    expect(sentPresses(server)).toEqual([
      {
        body: { status: 'en_route', at: kept!.body.at, lat: 51.4585, lng: -0.9715, accuracy: 12 },
        key: kept!.idempotencyKey,
      },
    ]);
    // Later reconnects send nothing more.
    act(() => window.dispatchEvent(new Event('online')));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.to(STATUS)).toHaveLength(1);
  });

  it('sends presses in the order they were made', async () => {
    const server = answerDriverCalls();
    const { user } = await openJob();
    const backOnline = goOffline();
    await user.click(screen.getByRole('button', { name: 'On the way' }));
    await user.click(await screen.findByRole('button', { name: 'Arrived' }));
    await user.click(await screen.findByRole('button', { name: 'Passenger on board' }));
    expect(server.to(STATUS)).toHaveLength(0);
    act(() => backOnline());
    await waitFor(() => expect(server.to(STATUS)).toHaveLength(3));
    const sent = sentPresses(server);
    expect(sent.map((press) => press.body.status)).toEqual(['en_route', 'arrived', 'on_board']);
    const times = sent.map((press) => Date.parse(press.body.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(new Set(sent.map((press) => press.key)).size).toBe(3);
  });

  it('is tried again with the same Idempotency-Key after a failed send, and the next waits for it', async () => {
    const server = answerDriverCalls({
      status: statusReplies('network-error', { body: { success: true } }),
    });
    const { user } = await openJob();
    await user.click(screen.getByRole('button', { name: 'On the way' }));
    await waitFor(() => expect(server.to(STATUS)).toHaveLength(1));
    await pressShows(DRIVER_APP_MESSAGES.pressWaiting);
    await user.click(screen.getByRole('button', { name: 'Arrived' }));
    act(() => window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(server.to(STATUS)).toHaveLength(3));
    const [failed, retried, next] = sentPresses(server);
    expect(retried).toEqual(failed);
    expect(next!.body.status).toBe('arrived');
    expect(next!.key).not.toBe(failed!.key);
    await waitFor(() =>
      expect(within(pressList()).getAllByText(DRIVER_APP_MESSAGES.pressSent)).toHaveLength(2),
    );
  });
});

describe('a press the server refuses', () => {
  it('tells the driver which job changed, and is never sent again', async () => {
    const server = answerDriverCalls({
      status: () => ({
        status: 409,
        body: { success: false, message: 'This booking was cancelled.' },
      }),
    });
    const { user } = await openJob();
    await user.click(screen.getByRole('button', { name: 'On the way' }));
    const notice = await screen.findByText(
      /^Job 710000011: your “On the way” press was not recorded/,
    );
    expect(notice.textContent).toContain('This booking was cancelled.');
    expect(within(pressList()).getByText(DRIVER_APP_MESSAGES.pressRefused)).toBeTruthy();
    act(() => window.dispatchEvent(new Event('online')));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.to(STATUS)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByText(/press was not recorded/)).toBeNull());
    expect(await driverDb.presses.count()).toBe(0);
  });

  it('says the server’s own words for another refusal, such as a press too old to record', async () => {
    answerDriverCalls({
      status: () => ({
        status: 400,
        body: {
          success: false,
          message: 'A press more than 2 hours old cannot be recorded.',
          errors: [{ path: 'at', message: 'A press more than 2 hours old cannot be recorded.' }],
        },
      }),
    });
    const { user } = await openJob();
    await user.click(screen.getByRole('button', { name: 'On the way' }));
    const notice = await screen.findByText(
      /^Job 710000011: your “On the way” press was not recorded/,
    );
    expect(notice.textContent).toBe(
      'Job 710000011: your “On the way” press was not recorded. A press more than 2 hours old cannot be recorded.',
    );
  });
});
