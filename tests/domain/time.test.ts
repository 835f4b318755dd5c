import { describe, it, expect } from 'vitest';
import {
  CLOCK_HOURS,
  hourLabel,
  MINUTE_OPTIONS,
  formatDateGB,
  hour12To24,
  hour12Schema,
  hour24To12,
  minuteSchema,
  normaliseDate,
  twelveHourToHhmm,
} from '../../src/domain/time';

describe('hour12To24', () => {
  it.each([
    ['12am', 0],
    ['1am', 1],
    ['9am', 9],
    ['11am', 11],
    ['12pm', 12],
    ['1pm', 13],
    ['6pm', 18],
    ['11pm', 23],
  ])('%s -> %i', (text, hour) => {
    expect(hour12To24(text)).toBe(hour);
  });

  it('ignores the case of am/pm', () => {
    expect(hour12To24('12AM')).toBe(0);
    expect(hour12To24('3Pm')).toBe(15);
  });

  it.each(['13pm', '0am', '', '12', 'pm', '01am', '1 am', ' 1am', '1am ', '24pm', 'noon', '1.5pm'])(
    'rejects %j',
    (text) => {
      expect(() => hour12To24(text)).toThrow(RangeError);
      expect(hour12Schema.safeParse(text).success).toBe(false);
    },
  );
});

describe('hour24To12', () => {
  it('maps the edges of the day', () => {
    expect(hour24To12(0)).toBe('12am');
    expect(hour24To12(1)).toBe('1am');
    expect(hour24To12(11)).toBe('11am');
    expect(hour24To12(12)).toBe('12pm');
    expect(hour24To12(13)).toBe('1pm');
    expect(hour24To12(23)).toBe('11pm');
  });

  it('round-trips every hour of the day', () => {
    for (let hour = 0; hour <= 23; hour++) {
      expect(hour12To24(hour24To12(hour))).toBe(hour);
    }
  });

  it.each([-1, 24, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('rejects %d', (hour) => {
    expect(() => hour24To12(hour)).toThrow(RangeError);
  });
});

describe('hour and minute options', () => {
  it('lists the hours as a clock runs, midnight first and noon after 11am, each hour once', () => {
    expect(CLOCK_HOURS).toHaveLength(24);
    expect(CLOCK_HOURS.slice(0, 3)).toEqual(['12am', '1am', '2am']);
    expect(CLOCK_HOURS.slice(11, 14)).toEqual(['11am', '12pm', '1pm']);
    expect(CLOCK_HOURS[23]).toBe('11pm');
    expect(CLOCK_HOURS.map(hour12To24)).toEqual(Array.from({ length: 24 }, (_, h) => h));
  });

  it('labels midnight and noon so neither can be mistaken for the other', () => {
    expect(hourLabel('12am')).toBe('12am (midnight)');
    expect(hourLabel('12pm')).toBe('12pm (noon)');
    expect(hourLabel('3pm')).toBe('3pm');
    expect(hour12To24('12pm')).toBe(12);
  });

  it('offers minutes in 5-minute steps, two digits', () => {
    expect(MINUTE_OPTIONS).toEqual([
      '00',
      '05',
      '10',
      '15',
      '20',
      '25',
      '30',
      '35',
      '40',
      '45',
      '50',
      '55',
    ]);
    expect(minuteSchema.safeParse('05').success).toBe(true);
    expect(minuteSchema.safeParse('5').success).toBe(false);
    expect(minuteSchema.safeParse('07').success).toBe(false);
    expect(minuteSchema.safeParse('60').success).toBe(false);
  });
});

describe('normaliseDate', () => {
  it('accepts ISO and UK dates and returns ISO', () => {
    expect(normaliseDate('2026-11-21')).toBe('2026-11-21');
    expect(normaliseDate('21/11/2026')).toBe('2026-11-21');
    expect(normaliseDate('01/01/2027')).toBe('2027-01-01');
  });

  it('knows leap years', () => {
    expect(normaliseDate('2028-02-29')).toBe('2028-02-29');
    expect(normaliseDate('29/02/2028')).toBe('2028-02-29');
    expect(normaliseDate('2026-02-29')).toBeNull();
  });

  it.each([
    '2026-02-30',
    '31/04/2026',
    '2026-13-01',
    '2026-00-10',
    '00/01/2026',
    '32/01/2026',
    'tomorrow',
    '',
    '2026-1-5',
    '1/5/2026',
    '21-11-2026',
    '2026/11/21',
    ' 2026-11-21',
    '2026-11-21T10:00',
  ])('rejects %j', (text) => {
    expect(normaliseDate(text)).toBeNull();
  });
});

describe('formatDateGB', () => {
  it('shows an ISO date as dd/mm/yyyy', () => {
    expect(formatDateGB('2026-11-21')).toBe('21/11/2026');
    expect(formatDateGB('2027-01-05')).toBe('05/01/2027');
  });

  it('accepts a date that is already dd/mm/yyyy', () => {
    expect(formatDateGB('21/11/2026')).toBe('21/11/2026');
  });

  it('leaves text that is not a valid date unchanged', () => {
    expect(formatDateGB('2026-02-30')).toBe('2026-02-30');
    expect(formatDateGB('soon')).toBe('soon');
  });
});

describe('twelveHourToHhmm', () => {
  it.each([
    ['3pm', '05', '15:05'],
    ['12am', '00', '00:00'],
    ['12pm', '30', '12:30'],
    ['9am', '', '09:00'],
    ['8PM', '5', '20:05'],
  ])('writes %s and %s as %s', (hour, minute, hhmm) => {
    expect(twelveHourToHhmm(hour, minute)).toBe(hhmm);
  });

  it('refuses an hour that is not one', () => {
    expect(() => twelveHourToHhmm('13pm', '00')).toThrow(RangeError);
  });
});
