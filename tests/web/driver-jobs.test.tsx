import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '../../src/contract/paths';
import { DRIVER_APP_MESSAGES } from '../../src/domain/driver-app-messages';
import {
  LIVE_POLL_MS,
  LIVE_RECONNECT_MS,
} from '../../src/web/features/driver/live/use-live-updates';
import { LOCATION_INTERVAL_MS } from '../../src/web/features/driver/hooks/use-position-reporting';
import {
  answerDriverCalls,
  clearPresses,
  driverMe,
  jobSummary,
  fakeGeolocation,
} from './driver-fixtures';
import { preloadPages, renderApp } from './helpers';

preloadPages('/driver/', '/driver/login');

beforeEach(clearPresses);
afterEach(() => vi.useRealTimers());

/** The job cards of a section (Today, Upcoming), by their names. */
function cardsIn(section: string): HTMLElement[] {
  const region = screen.getByRole('region', { name: section });
  return within(region).queryAllByRole('article');
}

/** An offer James has until two minutes from now to answer. */
function offer(jobRef = '710000020') {
  return jobSummary({
    job_ref: jobRef,
    status: 'confirmed',
    pick_up_time: '16:05',
    pick_up_address: 'Paddington Station, W2 1HQ',
    drop_off_address: 'Heathrow Airport Terminal 3, TW6 1QG',
    travel_reference: '',
    collect: { kind: 'paid', amount_pence: 0, text: 'Paid' },
    offer_expires_at: new Date(Date.now() + 120_000).toISOString(),
  });
}

describe('My jobs', () => {
  it("shows Today's and Upcoming jobs with their pickup, places, party, flight, vehicle and what to collect", async () => {
    answerDriverCalls({
      jobs: () => ({
        today: [jobSummary()],
        upcoming: [
          jobSummary({
            job_ref: '710000011-R',
            leg: 'return',
            pickup_at: '2026-12-08T19:05:00.000Z',
            pick_up_date: '2026-12-08',
            pick_up_time: '19:05',
            pick_up_address: 'Heathrow Airport Terminal 5, TW6 2GA',
            drop_off_address: 'Reading Station, RG1 1LZ',
            passengers: 1,
            luggage: 1,
            travel_reference: 'BA284',
            collect: { kind: 'account', amount_pence: 0, text: 'On account' },
          }),
        ],
      }),
    });
    renderApp('/driver/');
    // The first screen of the file loads Chakra and the app's chunk.
    const wait = { timeout: 15_000 };
    expect(await screen.findByRole('heading', { level: 1, name: 'My jobs' }, wait)).toBeTruthy();
    await screen.findByRole('article', { name: '14:30 Job 710000011' }, wait);
    const [today] = cardsIn('Today');
    expect(today!.textContent).toContain('Reading Station, RG1 1LZ');
    expect(today!.textContent).toContain('Heathrow Airport Terminal 5, TW6 2GA');
    expect(today!.textContent).toContain('2 passengers, 3 cases');
    expect(today!.textContent).toContain('BA283');
    expect(today!.textContent).toContain('Executive, LB19 HEX');
    expect(within(today!).getByText('Collect £42.00 in the car')).toBeTruthy();
    expect(within(today!).getByText('Driver assigned')).toBeTruthy();
    expect(within(today!).getByRole('link', { name: 'Job 710000011' }).getAttribute('href')).toBe(
      '/driver/jobs/710000011',
    );
    const [upcoming] = cardsIn('Upcoming');
    expect(within(upcoming!).getByRole('heading').textContent).toBe(
      'Tue 8 Dec 2026, 19:05 Job 710000011-R',
    );
    expect(upcoming!.textContent).toContain('1 passenger, 1 case');
    expect(within(upcoming!).getByText('On account')).toBeTruthy();
    expect(screen.getByText(DRIVER_APP_MESSAGES.positionNotice, { exact: false })).toBeTruthy();
  });

  it('says when a section has no jobs', async () => {
    answerDriverCalls({ jobs: () => ({ today: [], upcoming: [] }) });
    renderApp('/driver/');
    expect(await screen.findByText(DRIVER_APP_MESSAGES.noJobsToday)).toBeTruthy();
    expect(screen.getByText(DRIVER_APP_MESSAGES.noJobsUpcoming)).toBeTruthy();
  });

  it('shows an offer first with its time left, Accept and Decline; Accept sends it', async () => {
    let offered = true;
    const server = answerDriverCalls({
      jobs: () => ({
        today: offered
          ? [offer(), jobSummary()]
          : [jobSummary(), { ...offer(), offer_expires_at: null }],
        upcoming: [],
      }),
      accept: () => {
        offered = false;
        return { body: { success: true } };
      },
    });
    const { user } = renderApp('/driver/');
    const card = await screen.findByRole('article', { name: '16:05 Job 710000020' });
    expect(cardsIn('Today')[0]).toBe(card);
    expect(within(card).getByText('Offer')).toBeTruthy();
    expect(within(card).getByText('Paid')).toBeTruthy();
    expect(within(card).getByText(/^[12]:\d\d left to answer$/)).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Decline' })).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('You accepted job 710000020.')).toBeTruthy();
    expect(server.to('/driver/jobs/710000020/accept', 'POST')).toHaveLength(1);
    // The list is fetched again: the job is now James's, with no buttons.
    await waitFor(() =>
      expect(
        within(screen.getByRole('article', { name: '16:05 Job 710000020' })).queryByRole('button'),
      ).toBeNull(),
    );
  });

  it('asks for a reason in a dialog before declining, and sends it', async () => {
    const server = answerDriverCalls({ jobs: () => ({ today: [offer()], upcoming: [] }) });
    const { user } = renderApp('/driver/');
    const card = await screen.findByRole('article', { name: '16:05 Job 710000020' });
    await user.click(within(card).getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: /Decline this job/ });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm decline' }));
    expect(await within(dialog).findByText('Give a reason')).toBeTruthy();
    expect(server.to('/driver/jobs/710000020/decline')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Reason'), 'Car in for repair');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm decline' }));
    expect(await screen.findByText('You declined job 710000020.')).toBeTruthy();
    expect(server.to('/driver/jobs/710000020/decline', 'POST').map((r) => r.body)).toEqual([
      { reason: 'Car in for repair' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows an offer that arrives while the page is open, live', async () => {
    let jobs = [jobSummary()];
    const server = answerDriverCalls({ jobs: () => ({ today: jobs, upcoming: [] }) });
    renderApp('/driver/');
    await screen.findByRole('article', { name: '14:30 Job 710000011' });
    await waitFor(() => expect(server.live.connected()).toBe(true));
    jobs = [offer(), ...jobs];
    act(() => server.live.send({ type: 'offer', job_ref: '710000020' }));
    const card = await screen.findByRole('article', { name: '16:05 Job 710000020' });
    expect(within(card).getByRole('button', { name: 'Accept' })).toBeTruthy();
  });

  it('connects again when the server ends the stream, and fetches the jobs afresh', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = answerDriverCalls();
    renderApp('/driver/');
    await screen.findByRole('article', { name: '14:30 Job 710000011' });
    await waitFor(() => expect(server.live.connected()).toBe(true));
    const jobsBefore = server.to(API_PATHS.driverJobs).length;
    act(() => server.live.end());
    await act(() => vi.advanceTimersByTimeAsync(LIVE_RECONNECT_MS + 100));
    await waitFor(() => expect(server.to(API_PATHS.driverEvents)).toHaveLength(2));
    await waitFor(() => expect(server.to(API_PATHS.driverJobs).length).toBeGreaterThan(jobsBefore));
    // A stream that came back is no reason to say live updates are off.
    expect(screen.queryByText(DRIVER_APP_MESSAGES.liveFallback)).toBeNull();
  });

  it('checks the jobs every 15 seconds when live updates are unavailable', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = answerDriverCalls({ events: 'fail' });
    renderApp('/driver/');
    expect(await screen.findByText(DRIVER_APP_MESSAGES.liveFallback)).toBeTruthy();
    const before = server.to(API_PATHS.driverJobs).length;
    await act(() => vi.advanceTimersByTimeAsync(LIVE_POLL_MS));
    await waitFor(() => expect(server.to(API_PATHS.driverJobs).length).toBeGreaterThan(before));
  });

  it('switches On duty with the server, and then sends the position at most every 15 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { move } = fakeGeolocation();
    const server = answerDriverCalls();
    const { user } = renderApp('/driver/');
    const duty = await screen.findByRole('switch', { name: 'On duty' });
    expect(duty.getAttribute('aria-checked')).toBe('false');
    expect(server.to(API_PATHS.driverLocation)).toHaveLength(0);
    await user.click(duty);
    await waitFor(() => expect(duty.getAttribute('aria-checked')).toBe('true'));
    expect(server.to(API_PATHS.driverDuty, 'POST').map((r) => r.body)).toEqual([{ on_duty: true }]);
    await waitFor(() => expect(server.to(API_PATHS.driverLocation, 'POST')).toHaveLength(1));
    expect(server.to(API_PATHS.driverLocation)[0]!.body).toMatchObject({
      lat: 51.4585,
      lng: -0.9715,
      accuracy: 12,
      heading: null,
      speed: null,
    });
    move();
    await act(() => vi.advanceTimersByTimeAsync(LOCATION_INTERVAL_MS / 2));
    expect(server.to(API_PATHS.driverLocation)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(LOCATION_INTERVAL_MS / 2 + 1_000));
    expect(server.to(API_PATHS.driverLocation)).toHaveLength(2);
  });
});

describe('signing in', () => {
  it('sends a signed-out driver to sign in, shows the server’s refusal, then My jobs', async () => {
    answerDriverCalls({
      me: null,
      login: (request) =>
        (request.body as { password: string }).password === 'wrong'
          ? { status: 401, body: { success: false, message: 'Email or password is incorrect.' } }
          : undefined,
    });
    const { user, router } = renderApp('/driver/jobs/710000011');
    const heading = await screen.findByRole('heading', { name: 'Sign in to RideBook Driver' });
    expect(heading).toBeTruthy();
    expect(router.state.location.pathname).toBe('/driver/login');
    await user.type(screen.getByLabelText('Email'), driverMe().email);
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Email or password is incorrect.');
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'Driver-Demo-2026');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Job 710000011' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/driver/jobs/710000011');
  });
});
