import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../src/contract/paths';
import { clearSession } from '../../src/web/features/corporate/lib/session';
import { db } from '../../src/web/offline/db';
import { preloadPages, renderApp } from './helpers';
import {
  answerManageCalls,
  BOOKING_NUMBER,
  MANAGE_TOKEN,
  managedBooking,
} from './manage-booking-fixtures';

preloadPages('/manage-booking/1');

const PAGE = `/manage-booking/${BOOKING_NUMBER}?token=${MANAGE_TOKEN}`;

beforeEach(async () => {
  await db.managedBookings.clear();
  await clearSession();
});

describe('texts on the booking page (issue 35)', () => {
  it('turns texts off with the server, and shows what it answered', async () => {
    // The server's copy: the page reads it again whenever it likes.
    let wanted = true;
    const current = () => ({
      body: {
        success: true,
        booking: managedBooking('driver_assigned', { texts: { wanted, problem: null } }),
      },
    });
    const fake = answerManageCalls({
      booking: current,
      texts: (request) => {
        wanted = (request.body as { wanted: boolean }).wanted;
        return current();
      },
    });
    const { user } = renderApp(PAGE);
    const section = await screen.findByRole('region', { name: 'Text messages' });
    const box = within(section).getByRole('checkbox', { name: 'Text me about this booking' });
    expect((box as HTMLInputElement).checked).toBe(true);
    await user.click(box);
    await waitFor(() =>
      expect(
        within(section).getByText('You get emails about this booking, not texts.'),
      ).toBeTruthy(),
    );
    const after = screen.getByRole('checkbox', { name: 'Text me about this booking' });
    expect((after as HTMLInputElement).checked).toBe(false);
    expect(fake.to(API_PATHS.manageBookingTexts, 'PUT').map((r) => r.body)).toEqual([
      { wanted: false },
    ]);
  });

  it('says why the number cannot take texts', async () => {
    const problem = 'We cannot send texts to 020 7946 0000: it is not a mobile number.';
    answerManageCalls({
      booking: () => ({
        body: {
          success: true,
          booking: managedBooking('confirmed', { texts: { wanted: true, problem } }),
        },
      }),
    });
    renderApp(PAGE);
    const section = await screen.findByRole('region', { name: 'Text messages' });
    expect(within(section).getByRole('alert').textContent).toBe(problem);
  });
});
