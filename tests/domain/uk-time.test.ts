import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  addDays,
  formTimeToUtc,
  londonDateAndMinute,
  londonWallClockToUtc,
  todayInLondon,
} from '../../src/domain/uk-time';

const HOUR_MS = 3_600_000;

describe('londonWallClockToUtc', () => {
  it('reads a summer time as BST, an hour ahead of UTC', () => {
    expect(londonWallClockToUtc('2026-07-01', 12, 0).toISOString()).toBe(
      '2026-07-01T11:00:00.000Z',
    );
  });

  it('reads a winter time as GMT, equal to UTC', () => {
    expect(londonWallClockToUtc('2026-12-01', 12, 0).toISOString()).toBe(
      '2026-12-01T12:00:00.000Z',
    );
  });

  it('keeps a late-evening BST time on the previous UTC day', () => {
    expect(londonWallClockToUtc('2026-07-01', 0, 30).toISOString()).toBe(
      '2026-06-30T23:30:00.000Z',
    );
  });

  describe('spring forward (clocks go from 01:00 GMT to 02:00 BST on 2026-03-29)', () => {
    it('reads the last minute before the change as GMT', () => {
      expect(londonWallClockToUtc('2026-03-29', 0, 59).toISOString()).toBe(
        '2026-03-29T00:59:00.000Z',
      );
    });

    it('moves a time that does not exist (01:30) an hour forward, to 02:30 BST', () => {
      const instant = londonWallClockToUtc('2026-03-29', 1, 30);
      expect(instant.toISOString()).toBe('2026-03-29T01:30:00.000Z');
      expect(londonDateAndMinute(instant)).toEqual({ date: '2026-03-29', minuteOfDay: 150 });
    });

    it('moves the first missing minute (01:00) to 02:00 BST', () => {
      expect(londonWallClockToUtc('2026-03-29', 1, 0).toISOString()).toBe(
        '2026-03-29T01:00:00.000Z',
      );
    });

    it('reads 03:00 after the change as BST', () => {
      expect(londonWallClockToUtc('2026-03-29', 3, 0).toISOString()).toBe(
        '2026-03-29T02:00:00.000Z',
      );
    });
  });

  describe('fall back (clocks go from 02:00 BST to 01:00 GMT on 2026-10-25)', () => {
    it('takes the first, BST, occurrence of an ambiguous time (01:30)', () => {
      expect(londonWallClockToUtc('2026-10-25', 1, 30).toISOString()).toBe(
        '2026-10-25T00:30:00.000Z',
      );
    });

    it('reads 02:00, after the overlap, as GMT', () => {
      expect(londonWallClockToUtc('2026-10-25', 2, 0).toISOString()).toBe(
        '2026-10-25T02:00:00.000Z',
      );
    });

    it('reads 00:30, before the overlap, as BST', () => {
      expect(londonWallClockToUtc('2026-10-25', 0, 30).toISOString()).toBe(
        '2026-10-24T23:30:00.000Z',
      );
    });
  });

  it.each([
    ['2026-13-01', 12, 0],
    ['2026-02-30', 12, 0],
    ['01/07/2026', 12, 0],
    ['2026-07-01', 24, 0],
    ['2026-07-01', -1, 0],
    ['2026-07-01', 12, 60],
    ['2026-07-01', 12.5, 0],
  ])('rejects %s %d:%d', (date, hour, minute) => {
    expect(() => londonWallClockToUtc(date, hour, minute)).toThrow(RangeError);
  });

  it('round-trips every instant to its wall clock and back, choosing the first of two', () => {
    const anyMinute = fc
      .integer({ min: Date.UTC(2020, 0, 1) / 60_000, max: Date.UTC(2035, 11, 31) / 60_000 })
      .map((minutes) => new Date(minutes * 60_000));
    // Random minutes over years rarely land on a clock change, so half the cases are near one.
    const nearClockChange = fc
      .record({
        year: fc.integer({ min: 2020, max: 2035 }),
        month: fc.constantFrom(2, 9), // March, October
        minutesFromChange: fc.integer({ min: -180, max: 180 }),
      })
      .map(({ year, month, minutesFromChange }) => {
        const lastOfMonth = new Date(Date.UTC(year, month + 1, 0));
        const lastSunday = lastOfMonth.getUTCDate() - lastOfMonth.getUTCDay();
        return new Date(Date.UTC(year, month, lastSunday, 1, minutesFromChange));
      });
    fc.assert(
      fc.property(fc.oneof(anyMinute, nearClockChange), (instant) => {
        const wall = londonDateAndMinute(instant);
        const back = londonWallClockToUtc(
          wall.date,
          Math.floor(wall.minuteOfDay / 60),
          wall.minuteOfDay % 60,
        );
        expect(londonDateAndMinute(back)).toEqual(wall);
        // Only the second 01:xx of an autumn night maps back to an earlier instant, an hour before.
        expect([0, HOUR_MS]).toContain(instant.getTime() - back.getTime());
      }),
    );
  });
});

describe('londonDateAndMinute', () => {
  it.each([
    ['2026-07-01T11:00:00Z', '2026-07-01', 720],
    ['2026-06-30T23:30:00Z', '2026-07-01', 30],
    ['2026-12-31T23:30:00Z', '2026-12-31', 1410],
    ['2027-01-01T00:00:00Z', '2027-01-01', 0],
    ['2026-03-29T00:59:00Z', '2026-03-29', 59],
    ['2026-03-29T01:00:00Z', '2026-03-29', 120],
    ['2026-10-25T00:30:00Z', '2026-10-25', 90],
    ['2026-10-25T01:30:00Z', '2026-10-25', 90],
  ])('%s is %s, minute %i, in London', (iso, date, minuteOfDay) => {
    expect(londonDateAndMinute(new Date(iso))).toEqual({ date, minuteOfDay });
  });

  it('rejects an invalid date', () => {
    expect(() => londonDateAndMinute(new Date('nonsense'))).toThrow(RangeError);
  });
});

describe('todayInLondon', () => {
  it('is already tomorrow in London late on a summer evening UTC', () => {
    expect(todayInLondon(new Date('2026-06-30T23:30:00Z'))).toBe('2026-07-01');
  });

  it('is the UTC date in winter', () => {
    expect(todayInLondon(new Date('2026-12-31T23:30:00Z'))).toBe('2026-12-31');
  });
});

describe('addDays', () => {
  it.each([
    ['2026-11-21', 1, '2026-11-22'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2026-02-28', 1, '2026-03-01'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2026-03-28', 2, '2026-03-30'],
    ['2026-07-01', 0, '2026-07-01'],
  ])('%s plus %i days is %s', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });

  it('rejects a date that is not YYYY-MM-DD or a fractional day count', () => {
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => addDays('21/11/2026', 1)).toThrow(RangeError);
    expect(() => addDays('2026-11-21', 0.5)).toThrow(RangeError);
  });
});

describe('formTimeToUtc', () => {
  it("reads a form's date, 12-hour hour and minute as UK time", () => {
    expect(formTimeToUtc('2026-07-01', '3pm', '05').toISOString()).toBe('2026-07-01T14:05:00.000Z');
    expect(formTimeToUtc('2026-12-01', '12am', '30').toISOString()).toBe(
      '2026-12-01T00:30:00.000Z',
    );
  });

  it('gives the answers londonWallClockToUtc gives, whichever converter it is handed', () => {
    const calls: [string, number, number][] = [];
    const converter = (date: string, hour: number, minute: number) => {
      calls.push([date, hour, minute]);
      return londonWallClockToUtc(date, hour, minute);
    };
    expect(formTimeToUtc('2026-03-29', '1am', '30', converter)).toEqual(
      formTimeToUtc('2026-03-29', '1am', '30'),
    );
    expect(calls).toEqual([['2026-03-29', 1, 30]]);
  });
});
