import type { DriverJob } from '../../../../contract/driver';
import { NAVIGATION_APPS, type NavigationApp } from '../../../../domain/driver-app-messages';

type Point = DriverJob['points'][number];

/** Where the driver's choice of app is kept on the phone. */
export const NAVIGATION_APP_STORAGE_KEY = 'ridebook-driver-navigation-app';
const DEFAULT_APP: NavigationApp = 'google';

function isNavigationApp(value: unknown): value is NavigationApp {
  return (NAVIGATION_APPS as readonly unknown[]).includes(value);
}

/** The app the driver chose last time, or Google Maps. */
export function readNavigationApp(): NavigationApp {
  try {
    const saved = window.localStorage.getItem(NAVIGATION_APP_STORAGE_KEY);
    return isNavigationApp(saved) ? saved : DEFAULT_APP;
  } catch {
    return DEFAULT_APP;
  }
}

export function saveNavigationApp(app: NavigationApp): void {
  try {
    window.localStorage.setItem(NAVIGATION_APP_STORAGE_KEY, app);
  } catch {
    // Storage blocked: the choice lasts while the page is open.
  }
}

/** A point as the apps take it: its coordinates when known, else its address. */
function place(point: Point): string {
  return point.lat !== null && point.lng !== null ? `${point.lat},${point.lng}` : point.address;
}

/**
 * The point the driver drives to next: the pickup until the passenger is on board, then the
 * first stop (when there are stops) or the drop-off. Google Maps gets every stop after it as a
 * waypoint; Waze and Apple Maps take one destination.
 */
export function nextPoints(job: Pick<DriverJob, 'points' | 'status'>): Point[] {
  const afterPickup = job.points.filter((point) => point.kind !== 'pickup');
  const pickup = job.points.find((point) => point.kind === 'pickup');
  if (job.status === 'on_board' || job.status === 'completed') return afterPickup;
  return pickup ? [pickup] : afterPickup;
}

/** Directions in `app` to the first of `points`, through the rest where the app takes them. */
export function directionsUrl(app: NavigationApp, points: readonly Point[]): string | null {
  const stops = points.map(place);
  const destination = stops.at(-1);
  if (destination === undefined) return null;
  const first = stops[0] ?? destination;
  switch (app) {
    case 'google': {
      const query = new URLSearchParams({ api: '1', destination, travelmode: 'driving' });
      const waypoints = stops.slice(0, -1);
      if (waypoints.length > 0) query.set('waypoints', waypoints.join('|'));
      return `https://www.google.com/maps/dir/?${query.toString()}`;
    }
    case 'waze': {
      const target = points[0];
      const query =
        target && target.lat !== null && target.lng !== null
          ? new URLSearchParams({ ll: first, navigate: 'yes' })
          : new URLSearchParams({ q: first, navigate: 'yes' });
      return `https://waze.com/ul?${query.toString()}`;
    }
    case 'apple':
      return `https://maps.apple.com/?${new URLSearchParams({ daddr: first, dirflg: 'd' }).toString()}`;
  }
}
