import { describe, expect, it } from 'vitest';
import {
  flightParts,
  flightLabel,
  flightStateOf,
  meetTime,
  meetTimeMoved,
  nextLookAt,
  waitFrom,
  type FlightReport,
} from '../../src/domain/flights';

const at = (time: string) => new Date(`2026-11-21T${time}:00Z`);
const report = (change: Partial<FlightReport> = {}): FlightReport => ({
  scheduledOn: at('14:15'),
  estimatedOn: at('14:15'),
  actualOn: null,
  cancelled: false,
  diverted: false,
  ...change,
});
const intervals = { farMs: 30 * 60_000, nearMs: 5 * 60_000 };

describe('flight rules (issue 35)', () => {
  it('names the state from the report: delayed and early from 5 minutes, landed, called off', () => {
    expect(flightStateOf(report())).toBe('scheduled');
    expect(flightStateOf(report({ estimatedOn: at('14:19') }))).toBe('scheduled');
    expect(flightStateOf(report({ estimatedOn: at('14:20') }))).toBe('delayed');
    expect(flightStateOf(report({ estimatedOn: at('14:05') }))).toBe('early');
    expect(flightStateOf(report({ actualOn: at('14:32') }))).toBe('landed');
    expect(flightStateOf(report({ cancelled: true }))).toBe('cancelled');
    expect(flightStateOf(report({ diverted: true, actualOn: at('15:00') }))).toBe('diverted');
  });

  it('meets at landing plus the buffer, never before the booked pickup', () => {
    expect(meetTime(at('14:55'), 45, at('15:00'))).toEqual(at('15:40'));
    expect(meetTime(at('13:50'), 45, at('15:00'))).toEqual(at('15:00'));
    expect(meetTime(at('14:55'), 0, at('14:00'))).toEqual(at('14:55'));
  });

  it('moves the meet time only for a change of 15 minutes or more, either way', () => {
    expect(meetTimeMoved(at('15:00'), at('15:14'))).toBe(false);
    expect(meetTimeMoved(at('15:00'), at('15:15'))).toBe(true);
    expect(meetTimeMoved(at('15:00'), at('14:45'))).toBe(true);
  });

  it('looks from 6 hours before landing, every far interval, then every near one in the last hour', () => {
    const far = { scheduledOn: at('20:00'), expected: at('20:00') };
    expect(nextLookAt(at('10:00'), 'checking', far, intervals)).toEqual(at('14:00'));
    expect(nextLookAt(at('15:00'), 'scheduled', far, intervals)).toEqual(at('15:30'));
    expect(nextLookAt(at('19:00'), 'scheduled', far, intervals)).toEqual(at('19:05'));
    // A late flight past its schedule, not landed yet: still the near interval.
    expect(nextLookAt(at('20:30'), 'delayed', far, intervals)).toEqual(at('20:35'));
    for (const state of ['landed', 'cancelled', 'diverted', 'not_found', 'untracked'] as const) {
      expect(nextLookAt(at('19:00'), state, far, intervals)).toBeNull();
    }
  });

  it("words the board's state", () => {
    const times = { scheduledOn: at('14:15'), estimatedOn: at('14:55'), actualOn: null };
    expect(flightLabel({ ...times, state: 'scheduled' })).toBe('Scheduled');
    expect(flightLabel({ ...times, state: 'delayed' })).toBe('Delayed 40 min');
    expect(flightLabel({ ...times, state: 'early', estimatedOn: at('14:00') })).toBe(
      'Early 15 min',
    );
    expect(flightLabel({ ...times, state: 'landed', actualOn: at('14:32') })).toBe('Landed 14:32');
    expect(flightLabel({ ...times, state: 'cancelled' })).toBe('Cancelled');
  });

  it('counts the free wait from the meet time a flight set, not an earlier booked time', () => {
    expect(waitFrom(at('15:00'), at('15:40'))).toEqual(at('15:40'));
    expect(waitFrom(at('15:00'), null)).toEqual(at('15:00'));
    expect(waitFrom(at('15:00'), at('14:30'))).toEqual(at('15:00'));
  });
});

describe('flight numbers as a timetable is searched', () => {
  it('splits IATA and ICAO airline codes from the number', () => {
    expect(flightParts('BA117')).toEqual({ airline: 'BA', number: '117' });
    expect(flightParts('ba 117')).toEqual({ airline: 'BA', number: '117' });
    expect(flightParts('U21234')).toEqual({ airline: 'U2', number: '1234' });
    expect(flightParts('BAW117')).toEqual({ airline: 'BAW', number: '117' });
    expect(flightParts('EZY8521')).toEqual({ airline: 'EZY', number: '8521' });
    expect(flightParts('VS4')).toEqual({ airline: 'VS', number: '4' });
  });

  it('answers null for what is not a flight number', () => {
    expect(flightParts('')).toBeNull();
    expect(flightParts('12345')).toBeNull();
    expect(flightParts('EUROSTAR')).toBeNull();
    expect(flightParts('BA')).toBeNull();
  });
});
