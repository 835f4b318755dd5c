/** Lighthouse's mobile CPU slowdown, which the browser benches emulate too. */
export const MOBILE_CPU_SLOWDOWN = 4;

/** The middle value (the upper middle of an even count); NaN for none. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}
