import { vi } from 'vitest';
import type { DriverJob, DriverJobSummary, DriverMe } from '../../src/contract/driver';
import { API_PATHS } from '../../src/contract/paths';
import { driverDb } from '../../src/web/features/driver/offline/driver-db';
import { answerFetch, seenRequest, type SeenRequest, jsonResponse } from './helpers';

/** James Okafor of Heathrow Executive Cars, the demo driver, off duty. */
export function driverMe(overrides: Partial<DriverMe> = {}): DriverMe {
  return {
    id: 41,
    name: 'James Okafor',
    first_name: 'James',
    email: 'james.okafor@heathrow-executive.example',
    company_id: 1,
    company_name: 'Heathrow Executive Cars',
    company_phone: '+44 20 7946 0011',
    on_duty: false,
    vehicle: 'Mercedes E-Class, silver, LB19 HEX',
    push_public_key: null,
    ...overrides,
  };
}

/** A job of James's: Reading Station to Heathrow T5 at 14:30, £42.00 to collect in the car. */
export function jobSummary(overrides: Partial<DriverJobSummary> = {}): DriverJobSummary {
  return {
    job_ref: '710000011',
    leg: 'outward',
    status: 'driver_assigned',
    pickup_at: '2026-12-01T14:30:00.000Z',
    pick_up_date: '2026-12-01',
    pick_up_time: '14:30',
    pick_up_address: 'Reading Station, RG1 1LZ',
    drop_off_address: 'Heathrow Airport Terminal 5, TW6 2GA',
    passengers: 2,
    luggage: 3,
    travel_reference: 'BA283',
    vehicle: 'Executive, LB19 HEX',
    collect: { kind: 'collect', amount_pence: 4200, text: 'Collect £42.00 in the car' },
    offer_expires_at: null,
    flight: null,
    ...overrides,
  };
}

/** The job's page: a stop in Slough, a baby seat and meet and greet, Eleanor's phone. */
export function driverJob(overrides: Partial<DriverJob> = {}): DriverJob {
  return {
    ...jobSummary(),
    points: [
      { kind: 'pickup', address: 'Reading Station, RG1 1LZ', lat: 51.4585, lng: -0.9715 },
      { kind: 'stop', address: 'London Road, Slough SL1 1AA', lat: null, lng: null },
      {
        kind: 'dropoff',
        address: 'Heathrow Airport Terminal 5, TW6 2GA',
        lat: 51.4723,
        lng: -0.4891,
      },
    ],
    extras: ['Baby seat', 'Meet and greet'],
    notes: 'Two large cases',
    passenger_first_name: 'Eleanor',
    call_number: '+44 7700 900456',
    call_label: 'Call Eleanor',
    next_statuses: ['en_route'],
    no_show_from: null,
    ...overrides,
  };
}

/** One request the fake server saw. */
export type { SeenRequest };

export type Reply = { status?: number; body: unknown } | 'network-error';

/** What each call answers; a function gets the request (and may change the fake's state). */
export type DriverServer = {
  /** null: signed out (every call but login answers 401). */
  me?: DriverMe | null;
  jobs?: () => { today: DriverJobSummary[]; upcoming: DriverJobSummary[] };
  job?: (jobRef: string) => Reply;
  /** undefined: the fake signs in as `me` (or James). */
  login?: (request: SeenRequest) => Reply | undefined;
  status?: (request: SeenRequest) => Reply;
  accept?: (request: SeenRequest) => Reply;
  decline?: (request: SeenRequest) => Reply;
  /** GET /driver/invitation and POST /driver/set-password (default: Callum's good link). */
  invitation?: (request: SeenRequest) => Reply;
  setPassword?: (request: SeenRequest) => Reply;
  /** POST and DELETE /driver/push-subscription (default: taken). */
  pushSubscription?: (request: SeenRequest) => Reply | undefined;
  /** 'fail': the events stream answers 503 (live updates unavailable). */
  events?: 'open' | 'fail';
};

const OK: Reply = { body: { success: true } };
const NOT_SIGNED_IN: Reply = {
  status: 401,
  body: { success: false, message: 'Please sign in to the driver app.' },
};

/** The driver's path for a job call, e.g. /driver/jobs/710000011/status → ['710000011', 'status']. */
function jobCall(path: string): [string, string] | null {
  const match = /^\/driver\/jobs\/([^/]+)(?:\/([a-z-]+))?$/.exec(path);
  return match ? [decodeURIComponent(match[1] ?? ''), match[2] ?? ''] : null;
}

/**
 * A fake of the driver's API in this process, with its live events stream: `live.send` pushes
 * an event to the open stream. Returns the requests seen.
 */
export function answerDriverCalls(server: DriverServer = {}) {
  const requests: SeenRequest[] = [];
  let me = server.me === undefined ? driverMe() : server.me;
  let stream: ReadableStreamDefaultController<Uint8Array> | undefined;
  const encoder = new TextEncoder();

  function route(request: SeenRequest): Reply {
    const { path, method } = request;
    if (path === API_PATHS.driverLogin) {
      const reply = server.login?.(request);
      if (reply) return reply;
      me = server.me ?? driverMe();
      return { body: { success: true, data: me } };
    }
    if (path === API_PATHS.driverInvitation) {
      return (
        server.invitation?.(request) ?? {
          body: {
            success: true,
            data: { name: 'Callum Fraser', email: 'callum.fraser@northern-star.example' },
          },
        }
      );
    }
    if (path === API_PATHS.driverSetPassword) {
      const reply = server.setPassword?.(request);
      if (reply) return reply;
      me = driverMe({ id: 42, name: 'Callum Fraser', first_name: 'Callum' });
      const message = 'Your password is set and you are signed in.';
      return { body: { success: true, message, data: me } };
    }
    if (path === API_PATHS.driverLogout) {
      me = null;
      return OK;
    }
    if (!me) return NOT_SIGNED_IN;
    if (path === API_PATHS.driverMe) return { body: { success: true, data: me } };
    if (path === API_PATHS.driverDuty) {
      me = { ...me, on_duty: (request.body as { on_duty: boolean }).on_duty };
      return { body: { success: true, data: me } };
    }
    if (path === API_PATHS.driverPushSubscription) return server.pushSubscription?.(request) ?? OK;
    if (path === API_PATHS.driverLocation) return OK;
    if (path === API_PATHS.driverJobs) {
      const data = server.jobs?.() ?? { today: [jobSummary()], upcoming: [] };
      return { body: { success: true, data } };
    }
    const call = jobCall(path);
    if (!call) return { status: 404, body: { success: false, message: 'Not found' } };
    const [jobRef, action] = call;
    if (action === '' && method === 'GET') {
      return (
        server.job?.(jobRef) ?? { body: { success: true, data: driverJob({ job_ref: jobRef }) } }
      );
    }
    if (action === 'status') return server.status?.(request) ?? OK;
    if (action === 'accept') return server.accept?.(request) ?? OK;
    if (action === 'decline') return server.decline?.(request) ?? OK;
    return { status: 404, body: { success: false, message: 'Not found' } };
  }

  const spy = answerFetch(async (input, init) => {
    const request = seenRequest(input, init);
    const { path } = request;
    requests.push(request);
    if (path === API_PATHS.driverEvents) {
      if (server.events === 'fail' || !me) {
        return jsonResponse({ success: false, message: 'Unavailable' }, 503);
      }
      const body = new ReadableStream<Uint8Array>({
        start: (controller) => {
          stream = controller;
        },
      });
      return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
    }
    const reply = route(request);
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    return jsonResponse(reply.body, reply.status ?? 200);
  });

  return {
    spy,
    requests,
    /** The requests to `path` (and method, when given). */
    to: (path: string, method?: string) =>
      requests.filter((r) => r.path === path && (!method || r.method === method)),
    live: {
      /** Sends one event on the open stream, as the server does when something changed. */
      send: (event: { type: string; job_ref?: string }) =>
        stream?.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`)),
      connected: () => stream !== undefined,
      /** Ends the open stream, as the server does when it restarts. */
      end: () => {
        stream?.close();
        stream = undefined;
      },
    },
  };
}

/** The status calls of one job, as the server saw them. */
export function statusPath(jobRef: string): string {
  return API_PATHS.driverJobStatus.replace(':job_ref', jobRef);
}

/** The phone's position, as navigator.geolocation gives it; `watch` reports it to watchers. */
export function fakeGeolocation(coords = { latitude: 51.4585, longitude: -0.9715, accuracy: 12 }) {
  const fix = (): GeolocationPosition =>
    ({
      coords: { ...coords, heading: null, speed: null, altitude: null, altitudeAccuracy: null },
      timestamp: Date.now(),
    }) as unknown as GeolocationPosition;
  const watchers = new Map<number, PositionCallback>();
  let next = 1;
  const geolocation = {
    getCurrentPosition: vi.fn((success: PositionCallback) => success(fix())),
    watchPosition: vi.fn((success: PositionCallback) => {
      const id = next++;
      watchers.set(id, success);
      success(fix());
      return id;
    }),
    clearWatch: vi.fn((id: number) => void watchers.delete(id)),
  };
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
  return {
    geolocation,
    /** Reports a new fix to every watcher. */
    move: () => watchers.forEach((watcher) => watcher(fix())),
  };
}

/** Signal lost (navigator.onLine false) until the returned function brings it back. */
export function goOffline(): () => void {
  const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  window.dispatchEvent(new Event('offline'));
  return () => {
    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
  };
}

/** Nothing of an earlier test's presses is left on the phone. */
export async function clearPresses(): Promise<void> {
  await driverDb.presses.clear();
}
