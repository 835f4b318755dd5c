import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DRIVER_APP_MESSAGES } from '../../src/domain/driver-app-messages';
import { NAVIGATION_APP_STORAGE_KEY } from '../../src/web/features/driver/lib/navigation-apps';
import {
  answerDriverCalls,
  clearPresses,
  driverJob,
  statusPath,
  fakeGeolocation,
} from './driver-fixtures';
import { preloadPages, renderApp } from './helpers';

preloadPages('/driver/jobs/710000011');

beforeEach(clearPresses);
afterEach(() => vi.useRealTimers());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The status group's buttons, by name. */
function statusButtons(): string[] {
  const group = screen.queryByRole('group', { name: 'Status' });
  return group
    ? within(group)
        .getAllByRole('button')
        .map((button) => button.textContent)
    : [];
}

async function openJob(path = '/driver/jobs/710000011') {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Job 710000011' }, { timeout: 15_000 });
  await screen.findByRole('region', { name: 'Route' }, { timeout: 15_000 });
  return view;
}

describe('the job page', () => {
  it('shows every detail: the route in order, party, flight, extras, notes, passenger and Call', async () => {
    answerDriverCalls();
    await openJob();
    const route = screen.getByRole('region', { name: 'Route' });
    expect(
      within(route)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Pickup: Reading Station, RG1 1LZ',
      'Stop 1: London Road, Slough SL1 1AA',
      'Drop-off: Heathrow Airport Terminal 5, TW6 2GA',
    ]);
    const page = document.body.textContent ?? '';
    for (const text of [
      'Tue 1 Dec 2026, 14:30',
      'Eleanor',
      '2 passengers, 3 cases',
      'BA283',
      'Executive, LB19 HEX',
      'Baby seat, Meet and greet',
      'Two large cases',
      'Collect £42.00 in the car',
    ]) {
      expect(page).toContain(text);
    }
    expect(screen.getByRole('link', { name: 'Call Eleanor' }).getAttribute('href')).toBe(
      'tel:+447700900456',
    );
    expect(screen.getByRole('link', { name: 'My jobs' }).getAttribute('href')).toBe('/driver/');
  });

  it("shows a tracked flight's state and the meet time it set (issue 35)", async () => {
    answerDriverCalls({
      job: () => ({
        body: {
          success: true,
          data: driverJob({
            flight: {
              flight_number: 'BA283',
              state: 'delayed',
              label: 'Delayed 50 min',
              meet_time: '15:20',
            },
          }),
        },
      }),
    });
    await openJob();
    const page = document.body.textContent ?? '';
    expect(page).toContain('FlightBA283 · Delayed 50 min');
    expect(page).toContain('Meet at15:20');
    expect(page).not.toContain('Flight or train');
  });

  it('adds No-show when its time comes, though the server listed it not yet when fetched', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const noShowFrom = new Date(Date.now() + 60_000);
    // As the server answers: next_statuses is what it allows now, so no No-show yet.
    answerDriverCalls({
      job: () => ({
        body: {
          success: true,
          data: driverJob({
            status: 'arrived',
            next_statuses: ['on_board'],
            no_show_from: noShowFrom.toISOString(),
          }),
        },
      }),
    });
    await openJob();
    expect(statusButtons()).toEqual(['Passenger on board']);
    await act(() => vi.advanceTimersByTimeAsync(65_000));
    await waitFor(() => expect(statusButtons()).toEqual(['Passenger on board', 'No-show']));
  });

  it('names the day No-show opens when it is not today (a pickup time still ahead)', async () => {
    const pickup = new Date(Date.now() + 3 * 24 * 3_600_000);
    answerDriverCalls({
      job: () => ({
        body: {
          success: true,
          data: driverJob({
            status: 'arrived',
            next_statuses: ['on_board'],
            no_show_from: pickup.toISOString(),
          }),
        },
      }),
    });
    await openJob();
    expect(
      screen.getByText(/^No-show can be pressed from \w{3} \d{1,2} \w{3} \d{4}, \d\d:\d\d\.$/),
    ).toBeTruthy();
  });

  it('shows the steps the server allows now, and No-show only once the wait at the pickup is over', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const noShowFrom = new Date(Date.now() + 60_000);
    answerDriverCalls({
      job: () => ({
        body: {
          success: true,
          data: driverJob({
            status: 'arrived',
            next_statuses: ['on_board', 'no_show'],
            no_show_from: noShowFrom.toISOString(),
          }),
        },
      }),
    });
    await openJob();
    expect(statusButtons()).toEqual(['Passenger on board']);
    expect(screen.getByText(/^No-show can be pressed from \d\d:\d\d\.$/)).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(65_000));
    await waitFor(() => expect(statusButtons()).toEqual(['Passenger on board', 'No-show']));
  });

  it('shows no step the server does not list (On the way only, for an assigned job)', async () => {
    answerDriverCalls();
    await openJob();
    expect(statusButtons()).toEqual(['On the way']);
  });

  it('opens directions to the pickup in the app chosen, and remembers the choice', async () => {
    answerDriverCalls();
    const { user, unmount } = await openJob();
    const navigate = () => screen.getByRole('link', { name: 'Navigate' }).getAttribute('href');
    expect(navigate()).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=51.4585%2C-0.9715&travelmode=driving',
    );
    await user.selectOptions(screen.getByLabelText('Navigate with'), 'Waze');
    expect(navigate()).toBe('https://waze.com/ul?ll=51.4585%2C-0.9715&navigate=yes');
    expect(window.localStorage.getItem(NAVIGATION_APP_STORAGE_KEY)).toBe('waze');
    await user.selectOptions(screen.getByLabelText('Navigate with'), 'Apple Maps');
    expect(navigate()).toBe('https://maps.apple.com/?daddr=51.4585%2C-0.9715&dirflg=d');
    unmount();
    // Another visit: Apple Maps still.
    await openJob();
    expect((screen.getByLabelText('Navigate with') as HTMLSelectElement).value).toBe('apple');
    expect(navigate()).toContain('https://maps.apple.com/');
  });

  it('navigates through the stops to the drop-off once the passenger is on board', async () => {
    answerDriverCalls({
      job: () => ({
        body: {
          success: true,
          data: driverJob({ status: 'on_board', next_statuses: ['completed'] }),
        },
      }),
    });
    await openJob();
    const url = new URL(screen.getByRole('link', { name: 'Navigate' }).getAttribute('href') ?? '');
    expect(url.searchParams.get('destination')).toBe('51.4723,-0.4891');
    expect(url.searchParams.get('waypoints')).toBe('London Road, Slough SL1 1AA');
    expect(statusButtons()).toEqual(['Complete']);
  });

  it('sends a press with its time, the phone’s position and an Idempotency-Key, then shows it sent', async () => {
    fakeGeolocation();
    let status = 'driver_assigned';
    const server = answerDriverCalls({
      job: () => ({
        body: {
          success: true,
          data: driverJob({
            status: status as 'driver_assigned',
            next_statuses: status === 'driver_assigned' ? ['en_route'] : ['arrived'],
          }),
        },
      }),
      status: () => {
        status = 'en_route';
        return { body: { success: true } };
      },
    });
    const { user } = await openJob();
    const before = Date.now();
    await user.click(screen.getByRole('button', { name: 'On the way' }));
    await waitFor(() => expect(server.to(statusPath('710000011'), 'POST')).toHaveLength(1));
    const [sent] = server.to(statusPath('710000011'));
    expect(sent!.body).toMatchObject({
      status: 'en_route',
      lat: 51.4585,
      lng: -0.9715,
      accuracy: 12,
    });
    const at = Date.parse((sent!.body as { at: string }).at);
    expect(at).toBeGreaterThanOrEqual(before - 1);
    expect(at).toBeLessThanOrEqual(Date.now());
    expect(sent!.headers.get('Idempotency-Key')).toMatch(UUID);
    const presses = screen.getByRole('region', { name: 'Your presses' });
    await within(presses).findByText(DRIVER_APP_MESSAGES.pressSent);
    await waitFor(() => expect(statusButtons()).toEqual(['Arrived']));
  });

  it('sends a press without a position when the phone gives none', async () => {
    const { geolocation } = fakeGeolocation();
    geolocation.getCurrentPosition.mockImplementation((_success, failure?: PositionErrorCallback) =>
      failure?.({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError),
    );
    const server = answerDriverCalls();
    const { user } = await openJob();
    await user.click(screen.getByRole('button', { name: 'On the way' }));
    await waitFor(() => expect(server.to(statusPath('710000011'), 'POST')).toHaveLength(1));
    expect(server.to(statusPath('710000011'))[0]!.body).toMatchObject({
      status: 'en_route',
      lat: null,
      lng: null,
      accuracy: null,
    });
  });

  it('says plainly when the job is no longer the driver’s', async () => {
    answerDriverCalls({
      job: () => ({ status: 404, body: { success: false, message: 'Not found' } }),
    });
    renderApp('/driver/jobs/710000011');
    expect(await screen.findByText(DRIVER_APP_MESSAGES.jobGone)).toBeTruthy();
  });
});
