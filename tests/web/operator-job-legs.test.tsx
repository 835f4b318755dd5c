import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OperatorBooking } from '../../src/contract/operator';
import { bookingStatusFromJobs } from '../../src/domain/booking-jobs';
import type { BookingStatus } from '../../src/domain/booking-lifecycle';
import { renderApp, preloadPages } from './helpers';
import { answerOperatorCalls, cardPaidBooking, jobLeg, operatorBooking } from './operator-fixtures';

preloadPages('/operator/bookings/1');

/** The return booking of the fixtures with both its legs, each in its own status. */
function returnBooking(outward: BookingStatus, back: BookingStatus): OperatorBooking {
  return operatorBooking(bookingStatusFromJobs([outward, back]), {
    jobs: [jobLeg('outward', outward), jobLeg('return', back)],
  });
}

function buttonsOf(groupName: string): string[] {
  const group = screen.queryByRole('group', { name: groupName });
  return group
    ? within(group)
        .getAllByRole('button')
        .map((b) => b.textContent ?? '')
    : [];
}

describe("a return booking's legs (issue 32)", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows each leg as a job with its own steps; the booking itself is only cancelled', async () => {
    let current = returnBooking('completed', 'confirmed');
    const server = answerOperatorCalls({
      booking: () => ({ body: { success: true, data: current } }),
      status: (request) => {
        const { status } = request.body as { status: BookingStatus };
        current = returnBooking('completed', status);
        return { body: { success: true, data: current } };
      },
    });
    const { user } = renderApp('/operator/bookings/123456');
    const legs = await screen.findByRole('region', { name: 'Legs' });
    expect(
      within(legs)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Outward leg — 123456', 'Return leg — 123456-R']);
    const back = screen.getByRole('region', { name: 'Return leg — 123456-R' });
    expect(within(back).getByText('8 Dec 2026, 19:05')).toBeTruthy();
    expect(within(back).getByText('No driver assigned yet')).toBeTruthy();
    expect(buttonsOf('Next steps')).toEqual(['Cancel booking']);
    expect(buttonsOf('Next steps for the outward leg')).toEqual([]);
    expect(buttonsOf('Next steps for the return leg')).toEqual([
      'Assign driver',
      'Cancel return leg',
    ]);

    current = returnBooking('completed', 'driver_assigned');
    await user.click(within(back).getByRole('button', { name: 'Cancel return leg' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this return leg' });
    expect(within(dialog).getByRole('button', { name: 'Cancel return leg' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Keep return leg' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.to('/operator/jobs/123456-R/status', 'POST')).toHaveLength(0);
  });

  it("moves the return leg through its job's own call", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T09:00:00Z'));
    let current = returnBooking('confirmed', 'driver_assigned');
    const server = answerOperatorCalls({
      booking: () => ({ body: { success: true, data: current } }),
      status: (request) => {
        const { status } = request.body as { status: BookingStatus };
        current = returnBooking('confirmed', status);
        return { body: { success: true, data: current } };
      },
    });
    const { user } = renderApp('/operator/bookings/123456');
    const back = await screen.findByRole('region', { name: 'Return leg — 123456-R' });
    await user.click(within(back).getByRole('button', { name: 'On the way' }));
    // The return's pickup (8 December, 19:05) is days away: On the way asks first.
    const ask = await screen.findByRole('dialog', { name: 'On the way already?' });
    await user.click(within(ask).getByRole('button', { name: 'On the way' }));
    await waitFor(() => expect(buttonsOf('Next steps for the return leg')).toContain('Arrived'));
    expect(within(back).getByText('The return leg is now On the way.')).toBeTruthy();
    expect(server.to('/operator/jobs/123456-R/status', 'POST').map((m) => m.body)).toEqual([
      { status: 'en_route' },
    ]);
    expect(server.to('/operator/bookings/123456/status', 'POST')).toHaveLength(0);
  });

  it('opens on the return leg when the board links to it', async () => {
    answerOperatorCalls({
      booking: () => ({ body: { success: true, data: returnBooking('confirmed', 'confirmed') } }),
    });
    renderApp('/operator/bookings/123456?leg=return');
    const heading = await screen.findByRole('heading', { name: 'Return leg — 123456-R' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });

  it("states the return leg's share of a card payment before it is cancelled", async () => {
    const paid = cardPaidBooking('confirmed');
    answerOperatorCalls({
      booking: () => ({
        body: {
          success: true,
          data: { ...paid, jobs: [jobLeg('outward', 'completed'), jobLeg('return', 'confirmed')] },
        },
      }),
    });
    const { user } = renderApp('/operator/bookings/123456');
    const back = await screen.findByRole('region', { name: 'Return leg — 123456-R' });
    await user.click(within(back).getByRole('button', { name: 'Cancel return leg' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this return leg' });
    // £176.00 paid: the return leg is half.
    expect(within(dialog).getByText(/refunded £88\.00 in full/)).toBeTruthy();
  });
});
