import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PassengerDriver } from '../../src/contract/live';
import type { ManagedBooking } from '../../src/contract/manage-booking';
import { API_BASE, API_PATHS } from '../../src/contract/paths';
import type { BookingStatus } from '../../src/domain/booking-lifecycle';
import { clearSession } from '../../src/web/features/corporate/lib/session';
import { formatUkClock } from '../../src/web/lib/format-uk-moment';
import { LIVE_FALLBACK_POLL_MS } from '../../src/web/lib/live-events';
import { db } from '../../src/web/offline/db';
import { axeViolations } from './axe';
import { installFakeEventSource, streamsTo } from './fake-event-source';
import { demoSettings, preloadPages, renderApp } from './helpers';
import {
  answerManageCalls,
  BOOKING_NUMBER,
  MANAGE_TOKEN,
  managedBooking,
} from './manage-booking-fixtures';

preloadPages('/manage-booking/1');
// The sketch loads on demand, as in the app: its module warmed once, so no test waits on it.
beforeAll(() => import('../../src/web/components/points-sketch'), 60_000);

const PAGE = `/manage-booking/${BOOKING_NUMBER}?token=${MANAGE_TOKEN}`;
const DRIVER_PATH = API_PATHS.manageBookingDriver.replace(':booking_number', BOOKING_NUMBER);
const EVENTS_PATH = `${API_BASE}${API_PATHS.manageBookingEvents.replace(':booking_number', BOOKING_NUMBER)}`;

/** The booking with its outward journey at `outward` and the return at `back`. */
function bookingAt(outward: BookingStatus, back: BookingStatus = 'confirmed'): ManagedBooking {
  const booking = managedBooking(outward);
  const [first, second] = booking.jobs;
  booking.jobs = [
    { ...first!, status: outward },
    { ...second!, status: back },
  ];
  return booking;
}

/** Tom on his way in a silver Prius, last heard from now, 7 minutes from the pickup. */
function driverAnswer(overrides: Partial<PassengerDriver> = {}): PassengerDriver {
  return {
    job_ref: BOOKING_NUMBER,
    status: 'en_route',
    driver_first_name: 'Tom',
    vehicle: 'Toyota Prius, silver',
    registration: 'AB12 CDE',
    position: { lat: 51.459, lng: -0.973, at: new Date().toISOString() },
    eta_minutes: 7,
    ...overrides,
  };
}

/** The fake server: the booking and the driver as the test sets them now. */
function serve(state: { booking: ManagedBooking; driver: PassengerDriver }) {
  const fake = answerManageCalls({
    settings: demoSettings({ GOOGLE_API_KEY: '' }),
    booking: () => ({ body: { success: true, booking: state.booking } }),
    other: (request) =>
      request.path === DRIVER_PATH
        ? { body: { success: true, data: state.driver } }
        : { status: 404, body: { success: false, message: 'Not found' } },
  });
  const driverCalls = () =>
    fake.spy.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === `${API_BASE}${DRIVER_PATH}`);
  return { ...fake, driverCalls };
}

beforeEach(async () => {
  await db.managedBookings.clear();
  await clearSession();
  installFakeEventSource();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the passenger's driver on the way (issue 34)", () => {
  it('shows nothing of the car before On the way, but listens for the driver setting off', async () => {
    const fake = serve({ booking: bookingAt('driver_assigned'), driver: driverAnswer() });
    renderApp(PAGE);
    await screen.findByRole('region', { name: 'Your journeys' });
    expect(screen.queryByRole('region', { name: /^Your driver/ })).toBeNull();
    expect(fake.driverCalls()).toHaveLength(0);
    // The stream carries the manage token in its query: EventSource sends no headers.
    const [stream] = streamsTo(EVENTS_PATH);
    expect(new URL(stream!.url, 'http://localhost').searchParams.get('token')).toBe(MANAGE_TOKEN);
  });

  it('On the way: the driver, the car, "About 7 min away" politely live, and the car drawn', async () => {
    serve({ booking: bookingAt('en_route'), driver: driverAnswer() });
    renderApp(PAGE);
    const panel = await screen.findByRole('region', { name: 'Your driver — Outward journey' });
    const eta = await within(panel).findByRole('status');
    expect(eta.textContent).toBe('About 7 min away.');
    expect(eta.getAttribute('aria-live')).toBe('polite');
    expect(eta.getAttribute('aria-atomic')).toBe('true');
    expect(within(panel).getByText('Tom')).toBeTruthy();
    expect(within(panel).getByText('Toyota Prius, silver')).toBeTruthy();
    expect(within(panel).getByText('AB12 CDE')).toBeTruthy();
    expect(within(panel).queryByText(/Last seen/)).toBeNull();
    // Without a Google key, the sketch of Britain with the car as a point, said in words.
    const sketch = await within(panel).findByRole('img', { name: /where Tom’s car is/ });
    expect(sketch.querySelectorAll('[data-kind="car"]')).toHaveLength(1);
    expect(await axeViolations(panel)).toEqual([]);
  });

  it('Arrived: says the driver has arrived', async () => {
    serve({
      booking: bookingAt('arrived'),
      driver: driverAnswer({ status: 'arrived', eta_minutes: 0 }),
    });
    renderApp(PAGE);
    const panel = await screen.findByRole('region', { name: 'Your driver — Outward journey' });
    await waitFor(() =>
      expect(within(panel).getByRole('status').textContent).toBe('Your driver has arrived.'),
    );
  });

  it('says when the car was last seen once its position is over 30 seconds old', async () => {
    const at = new Date(Date.now() - 2 * 60_000).toISOString();
    serve({
      booking: bookingAt('en_route'),
      driver: driverAnswer({ position: { lat: 51.459, lng: -0.973, at } }),
    });
    renderApp(PAGE);
    const panel = await screen.findByRole('region', { name: 'Your driver — Outward journey' });
    await waitFor(() =>
      expect(within(panel).getByRole('status').textContent).toBe(
        `About 7 min away. Last seen ${formatUkClock(at)}.`,
      ),
    );
    expect(within(panel).getByRole('img').querySelectorAll('[data-kind="stale"]')).toHaveLength(1);
  });

  it('follows the return journey with ?leg=return', async () => {
    const fake = serve({
      booking: bookingAt('completed', 'en_route'),
      driver: driverAnswer({ job_ref: `${BOOKING_NUMBER}-R`, eta_minutes: 12 }),
    });
    renderApp(PAGE);
    const panel = await screen.findByRole('region', { name: 'Your driver — Return journey' });
    await within(panel).findByText('About 12 min away.');
    expect(fake.driverCalls().every((url) => url.searchParams.get('leg') === 'return')).toBe(true);
    expect(screen.queryByRole('region', { name: 'Your driver — Outward journey' })).toBeNull();
  });

  it('hides the car from Passenger on board on', async () => {
    const fake = serve({ booking: bookingAt('on_board'), driver: driverAnswer() });
    renderApp(PAGE);
    await screen.findByRole('region', { name: 'Your journeys' });
    expect(screen.queryByRole('region', { name: /^Your driver/ })).toBeNull();
    expect(fake.driverCalls()).toHaveLength(0);
  });

  it('fetches again on each event: a position moves the ETA, a step hides the car', async () => {
    const state = { booking: bookingAt('en_route'), driver: driverAnswer() };
    serve(state);
    renderApp(PAGE);
    const panel = await screen.findByRole('region', { name: 'Your driver — Outward journey' });
    await within(panel).findByText('About 7 min away.');
    const [stream] = streamsTo(EVENTS_PATH);
    stream!.open();
    expect(screen.queryByText('Updates every 15 seconds.')).toBeNull();

    state.driver = driverAnswer({ eta_minutes: 4 });
    stream!.send({ type: 'position', job_ref: BOOKING_NUMBER });
    await within(panel).findByText('About 4 min away.');

    state.booking = bookingAt('on_board');
    state.driver = driverAnswer({ status: 'on_board', position: null, eta_minutes: null });
    stream!.send({ type: 'jobs', job_ref: BOOKING_NUMBER });
    await waitFor(() => expect(screen.queryByRole('region', { name: /^Your driver/ })).toBeNull());
  });

  it('asks every 15 seconds while the stream is refused', async () => {
    // Only the intervals: IndexedDB's own timers run as ever.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const state = { booking: bookingAt('en_route'), driver: driverAnswer() };
    const fake = serve(state);
    renderApp(PAGE);
    const panel = await screen.findByRole('region', { name: 'Your driver — Outward journey' });
    await within(panel).findByText('About 7 min away.');
    streamsTo(EVENTS_PATH)[0]!.fail(true);
    expect(within(panel).getByText('Updates every 15 seconds.')).toBeTruthy();
    const before = fake.driverCalls().length;
    state.driver = driverAnswer({ eta_minutes: 5 });
    await act(() => vi.advanceTimersByTimeAsync(LIVE_FALLBACK_POLL_MS));
    await within(panel).findByText('About 5 min away.');
    expect(fake.driverCalls().length).toBeGreaterThan(before);
  });
});
