import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OperatorBooking, OperatorTextMessage } from '../../src/contract/operator';
import { renderApp, preloadPages } from './helpers';
import { answerOperatorCalls, operatorBooking } from './operator-fixtures';

preloadPages('/operator/bookings/1');

/** A text to Eleanor Hart's mobile, delivered unless overridden. */
function text(overrides: Partial<OperatorTextMessage> = {}): OperatorTextMessage {
  return {
    event: 'booking_confirmed',
    label: 'Booking confirmed',
    leg: 'outward',
    to: '+447700900456',
    status: 'delivered',
    status_label: 'Delivered',
    error: null,
    created_at: '2026-11-20T09:05:00.000Z',
    sent_at: '2026-11-20T09:05:02.000Z',
    status_at: '2026-11-20T09:05:09.000Z',
    ...overrides,
  };
}

/** The booking page with the passenger's texts as given; its Text messages section. */
async function textsSection(texts: Partial<OperatorBooking['texts']>) {
  const data = operatorBooking('confirmed');
  answerOperatorCalls({
    booking: () => ({
      body: { success: true, data: { ...data, texts: { ...data.texts, ...texts } } },
    }),
  });
  renderApp('/operator/bookings/123456');
  expect(await screen.findByRole('heading', { level: 2, name: 'Text messages' })).toBeTruthy();
  return screen.getByRole('region', { name: 'Text messages' });
}

describe("a booking's text messages", () => {
  it('lists each text with its journey, number, status and error in UK time', async () => {
    const section = await textsSection({
      messages: [
        text(),
        text({
          event: 'driver_assigned',
          label: 'Driver assigned',
          leg: 'return',
          status: 'undelivered',
          status_label: 'Not delivered',
          error: 'The handset is switched off (30003)',
          created_at: '2026-12-08T18:00:00.000Z',
          sent_at: '2026-12-08T18:00:01.000Z',
          status_at: '2026-12-08T18:02:00.000Z',
        }),
        text({
          event: 'driver_on_the_way',
          label: 'Driver on the way',
          status: 'queued',
          status_label: 'Queued',
          created_at: '2026-12-01T14:10:00.000Z',
          sent_at: null,
          status_at: null,
        }),
      ],
    });
    const table = within(section).getByRole('table', {
      name: 'Text messages to the passenger of booking 123456',
    });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Event', 'Journey', 'To', 'Status', 'Time (UK time)'],
      ['Booking confirmed', 'Outward', '+447700900456', 'Delivered', 'Fri 20 Nov 2026, 09:05'],
      [
        'Driver assigned',
        'Return',
        '+447700900456',
        'Not deliveredThe handset is switched off (30003)',
        'Tue 8 Dec 2026, 18:02',
      ],
      ['Driver on the way', 'Outward', '+447700900456', 'Queued', 'Tue 1 Dec 2026, 14:10'],
    ]);
  });

  it('says when there are none yet', async () => {
    const section = await textsSection({ messages: [] });
    expect(within(section).getByText('No text messages yet.')).toBeTruthy();
    expect(within(section).queryByRole('table')).toBeNull();
  });

  it('says when the passenger turned texts off', async () => {
    const section = await textsSection({ wanted: false, number: null, messages: [] });
    expect(within(section).getByText('The passenger turned texts off.')).toBeTruthy();
    expect(within(section).queryByRole('table')).toBeNull();
  });

  it("shows why the passenger's number cannot take texts", async () => {
    const problem = '+44 20 7946 0000 is a landline, which cannot take texts.';
    const section = await textsSection({ number: null, problem, messages: [text()] });
    expect(within(section).getByRole('alert').textContent).toBe(problem);
    expect(within(section).queryByRole('table')).toBeNull();
  });
});
