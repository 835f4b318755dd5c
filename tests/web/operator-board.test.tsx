import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { API_PATHS, CONSOLE_REFRESH_HEADER } from '../../src/contract/paths';
import { BOARD_REFRESH_MS } from '../../src/web/features/operator/api/get-board';
import { renderApp, preloadPages } from './helpers';
import { admin, answerOperatorCalls, boardReply, boardRow } from './operator-fixtures';

preloadPages('/operator/bookings');

function bodyRows(): HTMLElement[] {
  const table = screen.getByRole('table');
  const [, body] = within(table).getAllByRole('rowgroup');
  return within(body!).getAllByRole('row');
}

function cells(row: HTMLElement): (string | null)[] {
  return [within(row).getByRole('rowheader'), ...within(row).getAllByRole('cell')].map(
    (cell) => cell.textContent,
  );
}

describe('the board', () => {
  it('shows each booking with UK pickup time, £ amount and the status by its label', async () => {
    answerOperatorCalls({
      board: () =>
        boardReply([
          boardRow(),
          boardRow({
            booking_number: '123457',
            // 09:05 GMT is 10:05 in British Summer Time.
            pickup_at: '2026-07-14T09:05:00.000Z',
            status: 'no_show',
            total_booking_amount: 40,
            vehicle_type: 'MPV',
            vehicle_count: 2,
            drop_off_address: '',
          }),
        ]),
    });
    renderApp('/operator/bookings');
    expect(await screen.findByRole('table', { name: 'Bookings, by pickup time' })).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Reference',
      'Leg',
      'Pickup time',
      'Passenger',
      'From',
      'To',
      'Vehicle',
      'Driver',
      'Status',
      'Amount',
    ]);
    const [first, second] = bodyRows();
    expect(cells(first!)).toEqual([
      '123456',
      'Outward',
      'Tue 1 Dec 2026, 14:30',
      'Eleanor Hart+44 7700 900456',
      'Reading Station, RG1 1LZ',
      'Heathrow Airport Terminal 5, TW6 2GA',
      'Saloon',
      '—',
      'Driver assigned',
      '£1,234.50',
    ]);
    expect(cells(second!)).toEqual([
      '123457',
      'Outward',
      'Tue 14 Jul 2026, 10:05',
      'Eleanor Hart+44 7700 900456',
      'Reading Station, RG1 1LZ',
      '—',
      'MPV × 2',
      '—',
      'No-show',
      '£40.00',
    ]);
    // The reference is a link to the booking: Tab walks the rows.
    expect(within(first!).getByRole('link', { name: '123456' }).getAttribute('href')).toBe(
      '/operator/bookings/123456',
    );
    expect(screen.queryByLabelText('Company')).toBeNull();
  });

  it("shows a tracked flight's state and meet time under the pickup time (issue 35)", async () => {
    answerOperatorCalls({
      board: () =>
        boardReply([
          boardRow({
            flight: {
              flight_number: 'BA117',
              state: 'delayed',
              label: 'Delayed 50 min',
              meet_time: '15:20',
            },
          }),
          boardRow({
            booking_number: '123457',
            flight: {
              flight_number: 'VS4',
              state: 'cancelled',
              label: 'Cancelled',
              meet_time: '14:30',
            },
          }),
        ]),
    });
    renderApp('/operator/bookings');
    await screen.findByRole('table', { name: 'Bookings, by pickup time' });
    const [delayed, cancelled] = bodyRows();
    expect(cells(delayed!)[2]).toBe('Tue 1 Dec 2026, 14:30BA117 · Delayed 50 min · Meet 15:20');
    expect(cells(cancelled!)[2]).toBe('Tue 1 Dec 2026, 14:30VS4 · Cancelled · Meet 14:30');
  });

  it("lists a return booking's legs as two jobs, each opening the booking on its leg", async () => {
    answerOperatorCalls({
      board: () =>
        boardReply([
          boardRow({ driver_name: 'Tom Reed' }),
          boardRow({
            leg: 'return',
            pickup_at: '2026-12-08T19:05:00.000Z',
            pick_up_address: 'Heathrow Airport Terminal 5, TW6 2GA',
            drop_off_address: 'Reading Station, RG1 1LZ',
            status: 'confirmed',
          }),
        ]),
    });
    renderApp('/operator/bookings');
    await screen.findByRole('table', { name: 'Bookings, by pickup time' });
    const [outward, back] = bodyRows();
    expect(cells(outward!).slice(0, 3)).toEqual(['123456', 'Outward', 'Tue 1 Dec 2026, 14:30']);
    expect(cells(outward!)[7]).toBe('Tom Reed');
    expect(cells(back!).slice(0, 3)).toEqual(['123456-R', 'Return', 'Tue 8 Dec 2026, 19:05']);
    expect(cells(back!)[7]).toBe('—');
    expect(within(back!).getByRole('link', { name: '123456-R' }).getAttribute('href')).toBe(
      '/operator/bookings/123456?leg=return',
    );
  });

  it("gives the admin a Company column and filter with the public list's companies", async () => {
    const server = answerOperatorCalls({ me: admin });
    const { user } = renderApp('/operator/bookings');
    await screen.findByRole('table');
    expect(screen.getAllByRole('columnheader').at(-1)?.textContent).toBe('Company');
    expect(cells(bodyRows()[0]!).at(-1)).toBe('Heathrow Cars Ltd');
    const company = screen.getByLabelText('Company');
    await waitFor(() =>
      expect(within(company).getByRole('option', { name: 'Capital Chauffeurs' })).toBeTruthy(),
    );
    await user.selectOptions(company, 'Capital Chauffeurs');
    await waitFor(() =>
      expect(server.to(API_PATHS.operatorJobs).at(-1)?.query.get('company_id')).toBe('2'),
    );
  });

  it('sends the filters, search and quick view as the query, and keeps them in the URL', async () => {
    const server = answerOperatorCalls();
    const { user, router } = renderApp('/operator/bookings');
    await screen.findByRole('table');
    const lastQuery = () => server.to(API_PATHS.operatorJobs).at(-1)?.query;

    const status = screen.getByLabelText('Status');
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'All',
      'Pending',
      'Confirmed',
      'Driver assigned',
      'On the way',
      'Arrived',
      'Passenger on board',
      'Completed',
      'Cancelled',
      'No-show',
    ]);
    // The tab is named after the page.
    expect(document.title).toBe('Bookings — RideBook UK operator console');
    await user.selectOptions(status, 'Passenger on board');
    await waitFor(() => expect(lastQuery()?.get('status')).toBe('on_board'));

    // Chromium's date field passes a year typed digit by digit ('0002-12-01'): not a filter.
    const asked = server.to(API_PATHS.operatorJobs).length;
    fireEvent.change(screen.getByLabelText('From date'), { target: { value: '0002-12-01' } });
    expect(router.state.location.search).not.toContain('from=');
    expect(server.to(API_PATHS.operatorJobs)).toHaveLength(asked);
    expect((screen.getByLabelText('From date') as HTMLInputElement).value).toBe('0002-12-01');
    fireEvent.change(screen.getByLabelText('From date'), { target: { value: '' } });
    await user.type(screen.getByLabelText('From date'), '2026-12-01');
    await user.type(screen.getByLabelText('To date'), '2026-12-31');
    await waitFor(() => expect(lastQuery()?.get('to')).toBe('2026-12-31'));
    expect(lastQuery()?.get('from')).toBe('2026-12-01');

    await user.type(screen.getByLabelText('Search'), 'hart{Enter}');
    await waitFor(() => expect(lastQuery()?.get('q')).toBe('hart'));

    await user.click(screen.getByRole('button', { name: 'Needs action' }));
    await waitFor(() => expect(lastQuery()?.get('view')).toBe('needs_action'));
    expect(screen.getByRole('button', { name: 'Needs action' }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    const params = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(params)).toEqual({
      status: 'on_board',
      from: '2026-12-01',
      to: '2026-12-31',
      q: 'hart',
      view: 'needs_action',
    });

    await user.click(screen.getByRole('button', { name: 'All' }));
    await waitFor(() => expect(lastQuery()?.has('view')).toBe(false));
  });

  it('reads its filters from the URL, so a reload keeps them', async () => {
    const server = answerOperatorCalls();
    renderApp('/operator/bookings?status=confirmed&view=today&q=07700&page=2&bogus=1');
    await screen.findByRole('table');
    const query = server.to(API_PATHS.operatorJobs)[0]!.query;
    expect(Object.fromEntries(query)).toEqual({
      status: 'confirmed',
      view: 'today',
      q: '07700',
      page: '2',
    });
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('confirmed');
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('07700');
  });

  it('pages with Previous and Next from total and per_page', async () => {
    const server = answerOperatorCalls({
      board: (request) => boardReply([boardRow()], 60, Number(request.query.get('page') ?? '1')),
    });
    const { user, router } = renderApp('/operator/bookings');
    expect(await screen.findByText('Page 1 of 3')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous' }).getAttribute('aria-disabled')).toBe(
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeTruthy();
    expect(server.to(API_PATHS.operatorJobs).at(-1)?.query.get('page')).toBe('2');
    expect(router.state.location.search).toBe('?page=2');
  });

  it('marks bookings that arrive on a refresh as New and announces them, none on first load', async () => {
    let rows = [boardRow({ booking_number: '100001' }), boardRow({ booking_number: '100002' })];
    const server = answerOperatorCalls({ board: () => boardReply(rows) });
    const { queryClient } = renderApp('/operator/bookings');
    await screen.findByRole('table');
    expect(screen.queryByText('New')).toBeNull();

    const board = queryClient.getQueryCache().findAll({ queryKey: ['operator', 'board'] });
    expect(board[0]?.options).toMatchObject({ refetchInterval: BOARD_REFRESH_MS });
    expect(BOARD_REFRESH_MS).toBe(10_000);

    rows = [boardRow({ booking_number: '100003' }), ...rows];
    await queryClient.refetchQueries({ queryKey: ['operator', 'board'] });
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
    const [fresh, old] = bodyRows();
    expect(within(fresh!).getByText('New')).toBeTruthy();
    expect(within(old!).queryByText('New')).toBeNull();
    expect(screen.getByText('1 new booking')).toBeTruthy();
    // Only the board's own refresh says so: it does not keep an unattended session alive.
    const asks = server.to(API_PATHS.operatorJobs);
    expect(asks[0]?.headers.get(CONSOLE_REFRESH_HEADER)).toBeNull();
    expect(asks.at(-1)?.headers.get(CONSOLE_REFRESH_HEADER)).toBe('1');
  });

  it('downloads the filtered list as CSV with the key headers, without the page', async () => {
    const server = answerOperatorCalls({ csv: 'reference,status\n123456,Completed\n' });
    const saved: Blob[] = [];
    // jsdom has no object URLs: these stand in, and keep what the page saved.
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        saved.push(blob);
        return 'blob:csv';
      },
      revokeObjectURL: () => undefined,
    });
    // The download's link click would be a navigation, which jsdom does not do.
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderApp('/operator/bookings?status=completed&page=3');
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const [csv] = server.to(API_PATHS.operatorBookingsCsv);
    expect(Object.fromEntries(csv!.query)).toEqual({ status: 'completed' });
    expect(csv!.headers.get('x-api-secret-key')).toBeTruthy();
    expect(await saved[0]!.text()).toContain('123456,Completed');
  });
});
