import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OperatorBooking } from '../../src/contract/operator';
import type { BookingStatus } from '../../src/domain/booking-lifecycle';
import { stepConfirmation } from '../../src/web/features/operator/lib/step-confirmation';
import { renderApp, preloadPages } from './helpers';
import { answerOperatorCalls, operatorBooking } from './operator-fixtures';

preloadPages('/operator/bookings/1');

const STATUS_PATH = '/operator/bookings/123456/status';
/** The fixture's pickup: 1 December 2026 at 14:30 (GMT). */
const PICKUP = new Date('2026-12-01T14:30:00Z');
const HOUR = 3_600_000;

/** A booking at `status` whose moves the fake server takes, with the moves it was sent. */
function bookingAt(status: BookingStatus) {
  let current: OperatorBooking = operatorBooking(status);
  const server = answerOperatorCalls({
    booking: () => ({ body: { success: true, data: current } }),
    status: (request) => {
      current = operatorBooking((request.body as { status: BookingStatus }).status);
      return { body: { success: true, data: current } };
    },
  });
  return () => server.to(STATUS_PATH, 'POST').map((move) => move.body);
}

function at(instant: Date) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(instant);
}

/**
 * Issue 33, from a new operator's walk that completed a trip nine days early: Complete and
 * No-show ask first and say when the pickup time has not come; On the way asks only when the
 * pickup is more than 12 hours away.
 */
describe('steps that ask first', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks before Complete, says the pickup time has not come, and sends nothing on Go back', async () => {
    at(new Date(PICKUP.getTime() - 2 * HOUR));
    const moves = bookingAt('on_board');
    const { user } = renderApp('/operator/bookings/123456');
    await user.click(await screen.findByRole('button', { name: 'Complete' }));
    const ask = await screen.findByRole('dialog', { name: 'Complete the booking?' });
    expect(within(ask).getByText('The pickup time, 14:30, has not come yet.')).toBeTruthy();
    await user.click(within(ask).getByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(moves()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Complete' }));
    const again = await screen.findByRole('dialog', { name: 'Complete the booking?' });
    await user.click(within(again).getByRole('button', { name: 'Complete' }));
    await waitFor(() => expect(moves()).toEqual([{ status: 'completed' }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('sends On the way at once within 12 hours of the pickup', async () => {
    at(new Date(PICKUP.getTime() - 3 * HOUR));
    const moves = bookingAt('driver_assigned');
    const { user } = renderApp('/operator/bookings/123456');
    await user.click(await screen.findByRole('button', { name: 'On the way' }));
    await waitFor(() => expect(moves()).toEqual([{ status: 'en_route' }]));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('words each step, and asks nothing of the other steps', () => {
    const early = new Date(PICKUP.getTime() - 13 * HOUR);
    expect(stepConfirmation('en_route', 'booking', PICKUP, early)).toEqual({
      title: 'On the way already?',
      lines: ['The pickup is on 1 Dec 2026 at 14:30, more than 12 hours away.'],
    });
    expect(stepConfirmation('no_show', 'return leg', PICKUP, early)).toEqual({
      title: 'Record a No-show for the return leg?',
      lines: [
        'The pickup time, 14:30, has not come yet.',
        'A No-show can be recorded only after it.',
      ],
    });
    const after = new Date(PICKUP.getTime() + HOUR);
    expect(stepConfirmation('completed', 'booking', PICKUP, after)).toEqual({
      title: 'Complete the booking?',
      lines: [],
    });
    for (const step of ['confirmed', 'arrived', 'on_board'] as const) {
      expect(stepConfirmation(step, 'booking', PICKUP, early)).toBeNull();
    }
  });
});
