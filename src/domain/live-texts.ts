/**
 * What the live screens say of a car on its way (issue 34): the passenger's "Your driver" panel
 * and the console's map. The rules of who sees a position when are in live-tracking.ts.
 */

/**
 * A position older than this is no longer "where the car is": the screen says when it was last
 * seen. The phone sends every 15 s; twice that allows one lost send.
 */
export const STALE_POSITION_MS = 30_000;

/** Whether a position taken at `at` (ISO) is stale at `now`. */
export function isStalePosition(at: string, now: number): boolean {
  const taken = Date.parse(at);
  return Number.isNaN(taken) || now - taken > STALE_POSITION_MS;
}

export const LIVE_TEXTS = {
  /** The passenger's panel. */
  panelTitle: 'Your driver',
  /** "About 1 min away" at the least: a car still on its way is never "0 min" away. */
  eta: (minutes: number) => `About ${Math.max(1, Math.round(minutes))} min away`,
  arrived: 'Your driver has arrived',
  onTheWay: 'Your driver is on the way',
  /** A time of day in UK time, e.g. "14:32". */
  lastSeen: (time: string) => `Last seen ${time}`,
  noPositionYet: 'The car’s position will show here as soon as the driver’s phone sends it.',
  /** The map's name for assistive technology. */
  carMapLabel: (who: string) => `Map: where ${who}’s car is`,
  carMarker: 'Your driver’s car',
  /** Said when the page polls instead of hearing live (the stream could not be opened). */
  pollingNote: 'Updates every 15 seconds.',
} as const;
