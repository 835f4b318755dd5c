import type { DriverOnMap, JobTrail, TrailPress } from '../../src/contract/live';

/** The console's live screens' data (issue 34), as the server answers it. */

/** James on duty at Heathrow, heard from just now, on job 123456 On the way. */
export function onMap(overrides: Partial<DriverOnMap> = {}): DriverOnMap {
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

/** A status step of job 123456 as its trail lists it: by default James pressing On the way. */
export function press(overrides: Partial<TrailPress>): TrailPress {
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
export function trailOf(overrides: Partial<JobTrail> = {}): JobTrail {
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
