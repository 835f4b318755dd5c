import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DriverOnMap, JobTrail } from '../../src/contract/live';
import { API_BASE, API_PATHS } from '../../src/contract/paths';
import type { BookingStatus } from '../../src/domain/booking-lifecycle';
import { formatUkClock } from '../../src/web/lib/format-uk-moment';
import { axeViolations } from './axe';
import { installFakeEventSource, streamsTo } from './fake-event-source';
import { preloadPages, renderApp } from './helpers';
import { onMap, press, trailOf } from './live-fixtures';
import {
  admin,
  answerOperatorCalls,
  jobLeg,
  operatorBooking,
  type SeenRequest,
} from './operator-fixtures';

preloadPages('/operator/map', '/operator/bookings');
// The sketch loads on demand, as in the app: its module warmed once, so no test waits on it.
beforeAll(() => import('../../src/web/components/points-sketch'), 60_000);

const EVENTS = `${API_BASE}${API_PATHS.operatorEvents}`;
const TRAIL_PATH = '/operator/jobs/123456/trail';

type Reply = { status?: number; body: unknown };

/** Booking 123456 with its one job at `status`. */
function bookingAt(status: BookingStatus): () => Reply {
  const data = operatorBooking(status, { jobs: [jobLeg('outward', status)] });
  return () => ({ body: { success: true, data } });
}

/** The fake console, answering the map's drivers and the trail as `state` holds them now. */
function serve(
  state: { drivers: DriverOnMap[]; trail?: JobTrail },
  { me = admin, booking = bookingAt('confirmed') } = {},
) {
  const positions = (request: SeenRequest) =>
    request.path === API_PATHS.operatorDriverPositions
      ? { body: { success: true, data: state.drivers } }
      : { status: 500, body: { success: false, message: 'x' } };
  return answerOperatorCalls({
    me,
    booking,
    saveDriver: positions,
    other: (request) => {
      if (request.path === TRAIL_PATH && state.trail) {
        return { body: { success: true, data: state.trail } };
      }
      // A booking's page asks for the request it was made from: none.
      if (request.path === API_PATHS.operatorRequests) {
        return { body: { success: true, data: [], total: 0, page: 1, per_page: 25 } };
      }
      return undefined;
    },
  });
}

function rowTexts(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      [within(row).getByRole('rowheader'), ...within(row).getAllByRole('cell')].map(
        (cell) => cell.textContent ?? '',
      ),
    );
}

beforeEach(() => {
  installFakeEventSource();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Drivers on the map (issue 34)', () => {
  it('lists each driver with the job, when last heard from and where, and draws them', async () => {
    const james = onMap();
    const callum = onMap({
      driver_id: 32,
      name: 'Callum Fraser',
      company_name: 'Northern Star Chauffeurs',
      vehicle_registration: 'SN70 NSC',
      job: null,
      position: { ...james.position!, lat: 55.95, lng: -3.19, accuracy: null },
    });
    const idle = onMap({ driver_id: 33, name: 'Ada Idle', position: null, job: null });
    serve({ drivers: [james, callum, idle] });
    const { user, router } = renderApp('/operator/bookings');
    const nav = await screen.findByRole('navigation', { name: 'Console' });
    await user.click(within(nav).getByRole('link', { name: 'Drivers on the map' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Drivers on the map' }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/operator/map');

    const table = await screen.findByRole('table', { name: 'Drivers on duty or on a job' });
    const seen = formatUkClock(james.position!.at, { seconds: true });
    expect(rowTexts(table)).toEqual([
      [
        'James Okafor',
        'LB19 HEX',
        'On duty',
        '123456On the way',
        seen,
        '51.4700, -0.4543 (± 12 m)',
        'Heathrow Cars Ltd',
      ],
      [
        'Callum Fraser',
        'SN70 NSC',
        'On duty',
        'None',
        seen,
        '55.9500, -3.1900',
        'Northern Star Chauffeurs',
      ],
      ['Ada Idle', 'LB19 HEX', 'On duty', 'None', 'No position yet', '—', 'Heathrow Cars Ltd'],
    ]);
    expect(within(table).getByRole('link', { name: '123456' }).getAttribute('href')).toBe(
      '/operator/bookings/123456',
    );
    // Without a Google key: the sketch of Britain, a point per driver heard from, named in words.
    const sketch = await screen.findByRole('img', { name: /^Sketch of where the drivers are/ });
    expect(sketch.getAttribute('aria-label')).toContain(
      'James Okafor, job 123456 On the way; Callum Fraser, no job',
    );
    expect(
      [...sketch.querySelectorAll('[data-point]')].map((g) => g.getAttribute('data-point')),
    ).toEqual(['31', '32']);
    expect(await axeViolations(screen.getByRole('main'))).toEqual([]);
  });

  it('asks again on a position or jobs event, and on reconnecting; not on an offer', async () => {
    const state = { drivers: [onMap()] };
    const server = serve(state);
    renderApp('/operator/map');
    await screen.findByRole('table', { name: 'Drivers on duty or on a job' });
    expect(screen.getByText('The map refreshes itself every 15 seconds.')).toBeTruthy();
    const [stream] = streamsTo(EVENTS);
    const asked = () => server.to(API_PATHS.operatorDriverPositions, 'GET').length;

    stream!.open();
    expect(await screen.findByText('The map updates as drivers move.')).toBeTruthy();
    await waitFor(() => expect(asked()).toBe(2));

    state.drivers = [onMap({ position: { ...onMap().position!, lat: 51.48, lng: -0.46 } })];
    stream!.send({ type: 'position', job_ref: '123456' });
    expect(await screen.findByText('51.4800, -0.4600 (± 12 m)')).toBeTruthy();
    expect(asked()).toBe(3);
    // The refresh header: the map asking by itself does not keep the session alive.
    expect(
      server.to(API_PATHS.operatorDriverPositions).at(-1)!.headers.get('x-console-refresh'),
    ).toBe('1');

    stream!.send({ type: 'offer', job_ref: '123456' });
    stream!.send({ type: 'jobs', job_ref: '123456' });
    await waitFor(() => expect(asked()).toBe(4));

    // Dropped: EventSource tries again; on opening again the map asks once more.
    stream!.fail();
    expect(await screen.findByText('The map refreshes itself every 15 seconds.')).toBeTruthy();
    stream!.open();
    await waitFor(() => expect(asked()).toBe(5));
  });
});

describe('the board, live (issue 34)', () => {
  it('fetches the jobs again on a jobs or offer event, not on a position', async () => {
    const server = serve({ drivers: [] });
    renderApp('/operator/bookings');
    await screen.findByRole('table', { name: 'Bookings, by pickup time' });
    const [stream] = streamsTo(EVENTS);
    const asked = () => server.to(API_PATHS.operatorJobs, 'GET').length;
    stream!.open();
    expect(await screen.findByText('The board updates as bookings change.')).toBeTruthy();
    await waitFor(() => expect(asked()).toBe(2));

    stream!.send({ type: 'position', job_ref: '123456' });
    stream!.send({ type: 'jobs', job_ref: '123456' });
    await waitFor(() => expect(asked()).toBe(3));
    stream!.send({ type: 'offer', job_ref: '123456' });
    await waitFor(() => expect(asked()).toBe(4));
    expect(server.to(API_PATHS.operatorJobs).at(-1)!.headers.get('x-console-refresh')).toBe('1');
  });
});

describe("a job's trail on the booking page (issue 34)", () => {
  it('shows the presses, the positions and their span, the path, and a GPX link', async () => {
    serve({ drivers: [], trail: trailOf() }, { booking: bookingAt('completed') });
    renderApp('/operator/bookings/123456');
    const section = await screen.findByRole('region', { name: 'Trail' });
    expect(
      within(section).getByText(
        /^3 positions, from Tue 1 Dec 2026, 14:05:10 to Tue 1 Dec 2026, 14:20:40 \(UK time\)\./,
      ),
    ).toBeTruthy();
    const table = within(section).getByRole('table', { name: 'Status presses of job 123456' });
    expect(rowTexts(table)).toEqual([
      [
        'On the way',
        'Tue 1 Dec 2026, 14:05:00',
        'Tue 1 Dec 2026, 14:05:00',
        'James Okafor (driver)',
        '51.4550, -0.9750 (± 9 m)',
      ],
      [
        'Arrived',
        'Tue 1 Dec 2026, 14:20:41',
        'Tue 1 Dec 2026, 14:24:30',
        'James Okafor (driver)',
        '51.4587, -0.9714 (± 6 m)',
      ],
      ['Completed', '—', 'Tue 1 Dec 2026, 15:10:00', 'Priya Shah (console)', '—'],
    ]);
    const gpx = within(section).getByRole('link', { name: 'Download GPX' });
    expect(gpx.getAttribute('href')).toBe('/api/v1/operator/jobs/123456/trail.gpx');
    expect(gpx.getAttribute('download')).toBe('trail-123456.gpx');
    const sketch = within(section).getByRole('img', { name: /^Sketch of the path of job 123456/ });
    expect(sketch.querySelector('[data-testid="points-sketch-path"]')).not.toBeNull();
    expect(await axeViolations(section)).toEqual([]);
  });

  it('follows the job under way: a position fetches the trail, a move the booking too', async () => {
    const [first, arrived] = trailOf().presses;
    const state = {
      drivers: [],
      status: 'en_route' as BookingStatus,
      trail: trailOf({ status: 'en_route', presses: [first!] }),
    };
    const server = serve(state, { booking: () => bookingAt(state.status)() });
    renderApp('/operator/bookings/123456');
    const section = await screen.findByRole('region', { name: 'Trail' });
    const [stream] = streamsTo(EVENTS);
    stream!.open();
    const bookingAsked = () => server.to('/operator/bookings/123456', 'GET').length;
    await waitFor(() => expect(server.to(TRAIL_PATH).length).toBeGreaterThanOrEqual(2));
    await waitFor(() => expect(bookingAsked()).toBeGreaterThanOrEqual(2));
    const [trails, bookings] = [server.to(TRAIL_PATH).length, bookingAsked()];

    stream!.send({ type: 'position', job_ref: '123456' });
    await waitFor(() => expect(server.to(TRAIL_PATH)).toHaveLength(trails + 1));
    stream!.send({ type: 'position', job_ref: '999999' });

    state.status = 'arrived';
    state.trail = trailOf({ status: 'arrived', presses: [first!, arrived!] });
    stream!.send({ type: 'jobs', job_ref: '123456' });
    await within(section).findByRole('rowheader', { name: 'Arrived' });
    await waitFor(() => expect(bookingAsked()).toBe(bookings + 1));
    expect(server.to(TRAIL_PATH)).toHaveLength(trails + 2);
  });

  it('shows no trail without evidence: no position, no press from the phone', async () => {
    const bare = trailOf({
      positions: [],
      presses: [press({ actor: 'operator', actor_name: 'Priya Shah' })],
    });
    const server = serve({ drivers: [], trail: bare }, { booking: bookingAt('completed') });
    renderApp('/operator/bookings/123456');
    await screen.findByRole('heading', { level: 2, name: 'History' });
    await waitFor(() => expect(server.to(TRAIL_PATH)).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Trail' })).toBeNull();
  });

  it('asks for no trail of a job no driver has set off on', async () => {
    const server = serve(
      { drivers: [], trail: trailOf() },
      { booking: bookingAt('driver_assigned') },
    );
    renderApp('/operator/bookings/123456');
    await screen.findByRole('heading', { level: 2, name: 'History' });
    expect(server.to(TRAIL_PATH)).toHaveLength(0);
    expect(screen.queryByRole('region', { name: 'Trail' })).toBeNull();
  });
});
