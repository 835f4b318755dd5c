import type { LegMeasure, MeasuredRoute, ResolvedPoint } from './distance-provider';

/** A leg as providers report it: miles to 0.01, minutes to 0.1, so sums stay honest. */
export function roundLeg(miles: number, minutes: number): LegMeasure {
  return { miles: Math.round(miles * 100) / 100, minutes: Math.round(minutes * 10) / 10 };
}

/** The route with its totals: miles to one decimal, minutes whole (the interface's contract). */
export function toMeasuredRoute(points: ResolvedPoint[], legs: LegMeasure[]): MeasuredRoute {
  const miles = legs.reduce((sum, leg) => sum + leg.miles, 0);
  const minutes = legs.reduce((sum, leg) => sum + leg.minutes, 0);
  return {
    points,
    legs,
    miles: Math.round(miles * 10) / 10,
    minutes: Math.round(minutes),
  };
}
