import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SMALL_SCREEN_QUERY } from '../../src/web/lib/use-small-screen';
import { renderApp, preloadPages } from './helpers';
import { admin, answerOperatorCalls, boardReply, boardRow } from './operator-fixtures';

preloadPages('/operator/bookings');

/** A window as wide as a phone (768px or less) or wider. */
function screenWidth(small: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: small && query === SMALL_SCREEN_QUERY,
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

const twoJobs = () =>
  boardReply([
    boardRow({ driver_name: 'Tom Reed' }),
    boardRow({
      leg: 'return',
      pickup_at: '2026-12-08T19:05:00.000Z',
      pick_up_address: 'Heathrow Airport Terminal 5, TW6 2GA',
      drop_off_address: 'Reading Station, RG1 1LZ',
      status: 'confirmed',
    }),
  ]);

describe('the board on a phone', () => {
  it('folds its filters behind a Filters button that opens to the same labelled controls', async () => {
    screenWidth(true);
    answerOperatorCalls({ me: admin, board: twoJobs });
    const { user } = renderApp('/operator/bookings');
    const button = await screen.findByRole('button', { name: 'Filters' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    const panel = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(panel.hidden).toBe(true);
    expect(screen.queryByRole('combobox', { name: 'Status' })).toBeNull();

    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(panel.hidden).toBe(false);
    for (const label of ['Status', 'From date', 'To date', 'Company', 'Search']) {
      expect(within(panel).getByLabelText(label)).toBeTruthy();
    }
    await user.selectOptions(within(panel).getByLabelText('Status'), 'confirmed');
    // A filter in use is counted on the folded button.
    await user.click(screen.getByRole('button', { name: /^Filters/ }));
    expect(screen.getByRole('button', { name: 'Filters (1 on)' })).toBeTruthy();
  });

  it('shows each job as a card with its time, passenger, from → to, status and link', async () => {
    screenWidth(true);
    answerOperatorCalls({ board: twoJobs });
    renderApp('/operator/bookings');
    const list = await screen.findByRole('list', { name: 'Bookings, by pickup time' });
    expect(screen.queryByRole('table')).toBeNull();
    const [outward, back] = within(list).getAllByRole('listitem');
    expect(outward!.textContent).toContain('Tue 1 Dec 2026, 14:30');
    expect(outward!.textContent).toContain('Eleanor Hart');
    expect(outward!.textContent).toContain(
      'Reading Station, RG1 1LZ → Heathrow Airport Terminal 5, TW6 2GA',
    );
    expect(within(outward!).getByText('Driver assigned')).toBeTruthy();
    expect(outward!.textContent).toContain('Tom Reed');
    expect(within(outward!).getByRole('link', { name: '123456' }).getAttribute('href')).toBe(
      '/operator/bookings/123456',
    );
    expect(back!.textContent).toContain('Tue 8 Dec 2026, 19:05');
    expect(back!.textContent).toContain(
      'Heathrow Airport Terminal 5, TW6 2GA → Reading Station, RG1 1LZ',
    );
    expect(within(back!).getByText('Confirmed')).toBeTruthy();
    expect(within(back!).getByRole('link', { name: '123456-R' }).getAttribute('href')).toBe(
      '/operator/bookings/123456?leg=return',
    );
  });
});

describe('the board on a wider screen', () => {
  it('shows its filters and the table, without a Filters button', async () => {
    screenWidth(false);
    answerOperatorCalls({ board: twoJobs });
    renderApp('/operator/bookings');
    expect(await screen.findByRole('table', { name: 'Bookings, by pickup time' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Filters/ })).toBeNull();
    expect(screen.getByLabelText('Status')).toBeTruthy();
  });

  it('counts what it lists: the jobs, a return booking being two', async () => {
    screenWidth(false);
    answerOperatorCalls({ board: twoJobs });
    renderApp('/operator/bookings');
    expect(await screen.findByText('2 jobs')).toBeTruthy();
  });
});
