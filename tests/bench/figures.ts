/** Lighthouse's mobile CPU slowdown, which the browser benches emulate too. */
export const MOBILE_CPU_SLOWDOWN = 4;

/** The middle value (the upper middle of an even count); NaN for none. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

/** The median and every value, sorted: '32 (runs 24, 32, 32, 40, 48)'. */
export function medianWithRuns(values: readonly number[], digits = 0): string {
  const runs = [...values].sort((a, b) => a - b).map((value) => value.toFixed(digits));
  return `${median(values).toFixed(digits)} (runs ${runs.join(', ')})`;
}
