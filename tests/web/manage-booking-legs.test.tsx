import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../src/contract/paths';
import { clearSession } from '../../src/web/features/corporate/lib/session';
import { db } from '../../src/web/offline/db';
import { renderApp, preloadPages } from './helpers';
import {
  answerManageCalls,
  BOOKING_NUMBER,
  MANAGE_TOKEN,
  managedBooking,
} from './manage-booking-fixtures';

preloadPages('/manage-booking/1');

const PAGE = `/manage-booking/${BOOKING_NUMBER}`;

beforeEach(async () => {
  await db.managedBookings.clear();
  await clearSession();
});

/** The value beside a label in a journey's description list. */
function valueOf(container: HTMLElement, label: string): string | null {
  const term = within(container).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? null;
}

const RETURN_TERMS = {
  kind: 'free' as const,
  fee: 0,
  refund: 88,
  message: 'Free cancellation: you will be refunded £88.00',
};

describe("a return booking's two journeys (issue 32)", () => {
  it('shows each journey with its own status, pickup, driver and timeline', async () => {
    answerManageCalls({ booking: () => ({ body: { success: true, booking: managedBooking() } }) });
    renderApp(`${PAGE}?token=${MANAGE_TOKEN}`);
    const journeys = await screen.findByRole('region', { name: 'Your journeys' });
    const outward = within(journeys).getByRole('region', {
      name: `Outward journey — ${BOOKING_NUMBER}`,
    });
    const back = within(journeys).getByRole('region', {
      name: `Return journey — ${BOOKING_NUMBER}-R`,
    });
    expect(valueOf(outward, 'Status')).toBe('Driver assigned');
    expect(valueOf(outward, 'Driver')).toBe('Tom, Toyota Prius AB12 CDE');
    expect(valueOf(back, 'Status')).toBe('Confirmed');
    expect(valueOf(back, 'Pickup')).toBe('8 Dec 2026, 19:05');
    expect(valueOf(back, 'Driver')).toBe('Not assigned yet');
    // The outward journey's timeline holds the outward leg's steps; the return has none yet.
    expect(within(outward).getAllByRole('listitem').length).toBeGreaterThan(0);
    expect(within(back).queryAllByRole('listitem')).toHaveLength(0);
  });

  it('offers the return journey alone, stating its refund, and sends leg "return"', async () => {
    const booking = managedBooking('driver_assigned', { return_cancellation: RETURN_TERMS });
    const fake = answerManageCalls({
      booking: () => ({ body: { success: true, booking } }),
      cancel: () => ({
        body: {
          success: true,
          booking: managedBooking('driver_assigned'),
          refund: { amount: 88, status: 'succeeded' },
        },
      }),
    });
    const { user } = renderApp(`${PAGE}?token=${MANAGE_TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: `Cancel booking ${BOOKING_NUMBER}` });
    const choice = within(dialog).getByRole('group', { name: 'What would you like to cancel?' });
    expect(within(choice).getByLabelText('The whole booking')).toHaveProperty('checked', true);
    expect(
      within(dialog).getByText('Free cancellation: you will be refunded £176.00'),
    ).toBeTruthy();
    await user.click(within(choice).getByLabelText('The return journey only'));
    expect(within(dialog).getByText('Free cancellation: you will be refunded £88.00')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm cancellation' }));
    await waitFor(() => expect(fake.to(API_PATHS.manageBookingCancel)).toHaveLength(1));
    expect(fake.to(API_PATHS.manageBookingCancel)[0]!.body).toEqual({
      expected_refund: 88,
      leg: 'return',
    });
  });

  it('offers no choice when the return journey cannot be cancelled alone', async () => {
    answerManageCalls({ booking: () => ({ body: { success: true, booking: managedBooking() } }) });
    const { user } = renderApp(`${PAGE}?token=${MANAGE_TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('group')).toBeNull();
    expect(within(dialog).queryByText(/Your outward journey is over/)).toBeNull();
  });

  it('says that cancelling cancels the return journey once the outward one is over', async () => {
    const booking = managedBooking('confirmed');
    booking.jobs[0]!.status = 'completed';
    answerManageCalls({ booking: () => ({ body: { success: true, booking } }) });
    const { user } = renderApp(`${PAGE}?token=${MANAGE_TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Your outward journey is over: this cancels your return journey.'),
    ).toBeTruthy();
  });
});

describe("changing a return booking's return journey (issue 32)", () => {
  it('fills the form with the return journey\'s own values and sends leg "return"', async () => {
    const fake = answerManageCalls({
      booking: () => ({ body: { success: true, booking: managedBooking() } }),
      preview: () => ({
        body: {
          success: true,
          data: {
            old_total: 176,
            new_total: 176,
            difference: 0,
            settlement: 'none',
            message: 'The price stays the same.',
            needs_review: true,
            refund: 0,
            late_rule: null,
          },
        },
      }),
    });
    const { user } = renderApp(`${PAGE}?token=${MANAGE_TOKEN}`);
    const form = await screen.findByRole('form', { name: 'Change booking' });
    const choice = within(form).getByRole('group', {
      name: 'Which journey do you want to change?',
    });
    expect(within(choice).getByLabelText('Outward journey')).toHaveProperty('checked', true);
    expect(
      (within(form).getByLabelText('Flight / train / ferry number') as HTMLInputElement).value,
    ).toBe('BA283');

    await user.click(within(choice).getByLabelText('Return journey'));
    // The return journey's own: its flight, passengers and luggage.
    await waitFor(() =>
      expect(
        (within(form).getByLabelText('Flight / train / ferry number') as HTMLInputElement).value,
      ).toBe('BA284'),
    );
    expect((within(form).getByLabelText('Passengers') as HTMLInputElement).value).toBe('3');
    expect((within(form).getByLabelText('Luggage') as HTMLInputElement).value).toBe('4');
    const luggage = within(form).getByLabelText('Luggage');
    await user.clear(luggage);
    await user.type(luggage, '2');
    await user.click(within(form).getByRole('button', { name: 'Review changes' }));
    await screen.findByRole('region', { name: 'Review your changes' });
    expect(fake.to(API_PATHS.manageBookingAmendPreview).map((r) => r.body)).toEqual([
      { luggages: 2, leg: 'return' },
    ]);
  });
});
