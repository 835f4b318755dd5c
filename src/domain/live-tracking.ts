import type { BookingStatus } from './booking-lifecycle';

/**
 * The car on its way (issue 34): which steps of a job count as "under way", who may see the
 * driver's position when, and what a phone's position may say. Pure rules; the server stores
 * and publishes, the screens show.
 */

/** A job is under way from On the way until Complete: positions sent then are its trail. */
export const UNDER_WAY_STATUSES = [
  'en_route',
  'arrived',
  'on_board',
] as const satisfies readonly BookingStatus[];

/** Whether a job in `status` is under way (its driver's positions are its trail). */
export function isUnderWay(status: BookingStatus): boolean {
  return (UNDER_WAY_STATUSES as readonly BookingStatus[]).includes(status);
}

/**
 * The passenger sees the car from On the way until Passenger on board, and nothing of the
 * driver's position before or after.
 */
export function passengerSeesPosition(status: BookingStatus): boolean {
  return status === 'en_route' || status === 'arrived';
}

/**
 * What a phone's position may say. Beyond these it is not a position a phone took, and the
 * server refuses it (400 naming the field) rather than draw it on a passenger's map.
 */
export const POSITION_LIMITS = {
  /** A phone's clock may run this far ahead of the server's. */
  aheadMs: 5 * 60_000,
  /** The app sends positions live; older than this is not where the car is. */
  maxAgeMs: 2 * 60 * 60_000,
  /** Metres: a position vaguer than this (a guess from the network) says nothing useful. */
  maxAccuracyM: 100_000,
  /** Metres a second: about 250 mph, far above any road. */
  maxSpeedMps: 112,
} as const;

/** The server's refusals of a position, each naming the field to fix. */
export const LIVE_MESSAGES = {
  atAhead: 'at is ahead of the present: check the phone’s clock',
  atTooOld: 'at is more than 2 hours ago: send where the car is now',
  accuracyTooLarge: 'accuracy must be at most 100 km',
  speedTooHigh: 'speed must be at most 112 metres a second',
  legNotFound: 'This booking has no such journey',
} as const;

/** What a job's GPX file says of itself and of each status press (its waypoints). */
export const TRAIL_TEXTS = {
  name: (jobRef: string) => `RideBook job ${jobRef}`,
  description: (pickup: string) => `Positions from On the way to Complete; pickup at ${pickup}`,
  press: (step: {
    label: string;
    actorName: string;
    pressedAt: string | null;
    recordedAt: string;
    accuracy: number | null;
  }) =>
    [
      `${step.label}, by ${step.actorName}`,
      step.pressedAt === null ? null : `pressed ${step.pressedAt}`,
      `recorded ${step.recordedAt}`,
      step.accuracy === null ? null : `accuracy ${Math.round(step.accuracy)} m`,
    ]
      .filter((part) => part !== null)
      .join('; '),
} as const;

/** A field's refusal, as a 400's errors[] names it. */
export interface PositionIssue {
  path: 'at' | 'accuracy' | 'speed';
  message: string;
}

/**
 * What is wrong with a position sent at `now` (empty when nothing): the ranges of latitude,
 * longitude and heading are the contract's; these depend on the time or on what a car can do.
 */
export function positionIssues(
  position: { at: Date; accuracy?: number | null; speed?: number | null },
  now: Date,
): PositionIssue[] {
  const issues: PositionIssue[] = [];
  const age = now.getTime() - position.at.getTime();
  if (age < -POSITION_LIMITS.aheadMs) issues.push({ path: 'at', message: LIVE_MESSAGES.atAhead });
  if (age > POSITION_LIMITS.maxAgeMs) issues.push({ path: 'at', message: LIVE_MESSAGES.atTooOld });
  if ((position.accuracy ?? 0) > POSITION_LIMITS.maxAccuracyM) {
    issues.push({ path: 'accuracy', message: LIVE_MESSAGES.accuracyTooLarge });
  }
  if ((position.speed ?? 0) > POSITION_LIMITS.maxSpeedMps) {
    issues.push({ path: 'speed', message: LIVE_MESSAGES.speedTooHigh });
  }
  return issues;
}
