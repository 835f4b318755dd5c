import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TrackedFlight } from '../../src/contract/flights';
import { FLIGHT_TRACKING_OFF } from '../../src/domain/flights';
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

function flight(overrides: Partial<TrackedFlight> = {}): TrackedFlight {
  return {
    leg: 'outward',
    flight_number: 'BA117',
    airport: 'Heathrow Airport (LHR)',
    state: 'delayed',
    label: 'Delayed 50 min',
    scheduled_arrival: '2026-12-01T13:45:00.000Z',
    estimated_arrival: '2026-12-01T14:35:00.000Z',
    actual_arrival: null,
    meet_at: '2026-12-01T15:20:00.000Z',
    meet_time: '15:20',
    warning: null,
    ...overrides,
  };
}

function showing(flights: TrackedFlight[]) {
  answerManageCalls({
    booking: () => ({ body: { success: true, booking: managedBooking('confirmed', { flights }) } }),
  });
  renderApp(PAGE);
}

/** The section's rows as "label: value". */
function rows(section: HTMLElement): string[] {
  return within(section)
    .getAllByRole('term')
    .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
}

beforeEach(async () => {
  await db.managedBookings.clear();
  await clearSession();
});

describe('the flight on the booking page (issue 35)', () => {
  it('shows the delay and the meet time that follows it', async () => {
    showing([flight()]);
    const section = await screen.findByRole('region', { name: 'Your flight' });
    expect(rows(section)).toEqual([
      // The fixture is a return: the flight names its journey.
      'Flight: BA117 (Outward)',
      'Landing at: Heathrow Airport (LHR)',
      'Flight status: Delayed 50 min',
      'Scheduled landing: Tue 1 Dec 2026, 13:45',
      'Expected landing: Tue 1 Dec 2026, 14:35',
      'Meet time: Tue 1 Dec 2026, 15:20',
    ]);
    expect(
      within(section).getByText('We follow your flight: your driver will meet you at 15:20.'),
    ).toBeTruthy();
  });

  it('warns when the flight does not land there that day', async () => {
    const warning =
      'We could not find flight BA117 landing at Heathrow Airport (LHR) on 01/12/2026. Please check the flight number: your driver follows the flight to meet you.';
    showing([flight({ state: 'not_found', label: 'Not found', warning })]);
    const section = await screen.findByRole('region', { name: 'Your flight' });
    expect(within(section).getByRole('alert').textContent).toContain(warning);
    expect(within(section).queryByText(/your driver will meet you at/)).toBeNull();
  });

  it('says when flights are not tracked, and shows no section without a flight', async () => {
    showing([flight({ state: 'untracked', label: 'Not tracked', warning: FLIGHT_TRACKING_OFF })]);
    const section = await screen.findByRole('region', { name: 'Your flight' });
    expect(within(section).getByText(FLIGHT_TRACKING_OFF)).toBeTruthy();
  });
});
