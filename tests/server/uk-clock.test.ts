import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { londonDateAndMinute, londonWallClockToUtc, todayInLondon } from '../../src/domain/uk-time';
import {
  londonDateAndMinuteFast,
  londonWallClockToUtcFast,
  todayInLondonFast,
} from '../../src/server/lib/uk-clock';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** What a call returns, or the error it throws, in a form toEqual can compare. */
function outcome<T>(run: () => T): { value: T } | { error: string } {
  try {
    return { value: run() };
  } catch (error) {
    return { error: `${(error as Error).name}: ${(error as Error).message}` };
  }
}

/** The last Sundays of March and October, when UK clocks change, for a year. */
function changeDays(year: number): string[] {
  return [2, 9].map((month) => {
    const last = new Date(Date.UTC(year, month + 1, 0));
    last.setUTCDate(last.getUTCDate() - last.getUTCDay());
    return last.toISOString().slice(0, 10);
  });
}

describe('the fast UK clock answers as the domain does', () => {
  it('for every minute around the clock changes of 2024 to 2031', () => {
    for (let year = 2024; year <= 2031; year++) {
      for (const day of changeDays(year)) {
        const midnight = Date.parse(`${day}T00:00:00Z`);
        for (let ms = midnight - 3 * HOUR; ms <= midnight + 5 * HOUR; ms += MINUTE) {
          const instant = new Date(ms);
          expect(londonDateAndMinuteFast(instant), instant.toISOString()).toEqual(
            londonDateAndMinute(instant),
          );
        }
      }
    }
  });

  it('for instants with seconds and milliseconds, from 1900 to 2300', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2300, 0, 1) }), (ms) => {
        const instant = new Date(ms);
        expect(londonDateAndMinuteFast(instant)).toEqual(londonDateAndMinute(instant));
        expect(todayInLondonFast(instant)).toBe(todayInLondon(instant));
      }),
      { numRuns: 5_000 },
    );
  });

  it('refuses an invalid instant the same way', () => {
    expect(outcome(() => londonDateAndMinuteFast(new Date(Number.NaN)))).toEqual(
      outcome(() => londonDateAndMinute(new Date(Number.NaN))),
    );
  });

  it('turns every wall-clock time of the change days into the same instant', () => {
    for (let year = 2025; year <= 2028; year++) {
      // The day before, the change day (a gap in spring, a repeat in autumn) and the day after.
      const days = changeDays(year).flatMap((day) => {
        const ms = Date.parse(`${day}T12:00:00Z`);
        return [-1, 0, 1].map((d) => new Date(ms + d * 24 * HOUR).toISOString().slice(0, 10));
      });
      for (const date of days) {
        for (let hour = 0; hour < 24; hour++) {
          for (let minute = 0; minute < 60; minute += 5) {
            expect(
              londonWallClockToUtcFast(date, hour, minute),
              `${date} ${hour}:${minute}`,
            ).toEqual(londonWallClockToUtc(date, hour, minute));
          }
        }
      }
    }
  });

  it('turns random wall-clock times into the same instant, or the same error', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1890, max: 2250 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 31 }),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        (year, month, day, hour, minute) => {
          const date = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
          expect(outcome(() => londonWallClockToUtcFast(date, hour, minute))).toEqual(
            outcome(() => londonWallClockToUtc(date, hour, minute)),
          );
        },
      ),
      { numRuns: 5_000 },
    );
  });

  it('refuses what the domain refuses, with its errors', () => {
    const cases: [string, number, number][] = [
      ['2026-02-30', 10, 0],
      ['2026-13-01', 10, 0],
      ['26-11-24', 10, 0],
      ['not a date', 10, 0],
      ['2026-11-24', 24, 0],
      ['2026-11-24', -1, 0],
      ['2026-11-24', 10.5, 0],
      ['2026-11-24', 10, 60],
      ['2026-11-24', 10, Number.NaN],
      ['0001-01-01', 10, 0],
    ];
    for (const [date, hour, minute] of cases) {
      expect(
        outcome(() => londonWallClockToUtcFast(date, hour, minute)),
        date,
      ).toEqual(outcome(() => londonWallClockToUtc(date, hour, minute)));
    }
  });
});
