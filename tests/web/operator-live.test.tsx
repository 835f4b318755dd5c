import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DriverOnMap, JobTrail, TrailPress } from '../../src/contract/live';
import { API_BASE, API_PATHS } from '../../src/contract/paths';
import type { BookingStatus } from '../../src/domain/booking-lifecycle';
import { formatUkClock } from '../../src/web/lib/format-uk-moment';
import { axeViolations } from './axe';
import { stubEventSource, streamsTo } from './fake-event-source';
import { preloadPages, renderApp } from './helpers';
import {
  admin,
  answerOperatorCalls,
  jobLeg,
  operatorBooking,
  type SeenRequest,
} from './operator-fixtures';

preloadPages('/operator/map', '/operator/bookings');

const EVENTS = `${API_BASE}${API_PATHS.operatorEvents}`;
const TRAIL_PATH = '/operator/jobs/123456/trail';

/** James on duty at Heathrow, heard from just now, on job 123456 On the way. */
function onMap(overrides: Partial<DriverOnMap> = {}): DriverOnMap {
  return {
    driver_id: 31,
    name: 'James Okafor',
    company_id: 1,
    company_name: 'Heathrow Cars Ltd',
    on_duty: true,
    vehicle_registration: 'LB19 HEX',
    position: {
      lat: 51.47,
      lng: -0.4543,
      accuracy: 12,
      heading: 90,
      speed: 10,
      at: new Date().toISOString(),
    },
    job: { job_ref: '123456', status: 'en_route' },
    ...overrides,
  };
}

/** Booking 123456 with its one job at `status`. */
function bookingAt(status: BookingStatus) {
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

function press(overrides: Partial<TrailPress>): TrailPress {
  return {
    at: '2026-12-01T14:05:00.000Z',
    pressed_at: null,
    from_status: 'driver_assigned',
    to_status: 'en_route',
    actor: 'driver',
    actor_name: 'James Okafor',
    lat: null,
    lng: null,
    accuracy: null,
    ...overrides,
  };
}

/** Job 123456 ridden: three positions, and the driver's presses (Arrived sent late, offline). */
function trailOf(overrides: Partial<JobTrail> = {}): JobTrail {
  const at = (time: string) => ({ accuracy: 8, heading: null, speed: null, at: time });
  return {
    job_ref: '123456',
    leg: 'outward',
    status: 'completed',
    pick_up_address: 'Reading Station, RG1 1LZ',
    driver_name: 'James Okafor',
    positions: [
      { lat: 51.455, lng: -0.975, ...at('2026-12-01T14:05:10.000Z') },
      { lat: 51.457, lng: -0.972, ...at('2026-12-01T14:05:25.000Z') },
      { lat: 51.4587, lng: -0.9714, ...at('2026-12-01T14:20:40.000Z') },
    ],
    presses: [
      press({ pressed_at: '2026-12-01T14:05:00.000Z', lat: 51.455, lng: -0.975, accuracy: 9 }),
      press({
        at: '2026-12-01T14:24:30.000Z',
        pressed_at: '2026-12-01T14:20:41.000Z',
        from_status: 'en_route',
        to_status: 'arrived',
        lat: 51.4587,
        lng: -0.9714,
        accuracy: 6.4,
      }),
      press({
        at: '2026-12-01T15:10:00.000Z',
        from_status: 'arrived',
        to_status: 'completed',
        actor: 'operator',
        actor_name: 'Priya Shah',
      }),
    ],
    ...overrides,
  };
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
  stubEventSource();
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
