import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BOOKING_STATUSES, type BookingStatus } from '../../src/domain/booking-lifecycle';
import {
  bookingStatusFromJobs,
  cancelledLegsPence,
  isJobOver,
  legSharePence,
  jobRef,
  journeyNamed,
  legsOf,
  noShowRefusal,
  parseJobRef,
  returnAloneCancellable,
} from '../../src/domain/booking-jobs';

describe('job references', () => {
  it('is the booking number for the outward leg and adds -R for the return', () => {
    expect(jobRef('710000011', 'outward')).toBe('710000011');
    expect(jobRef('710000011', 'return')).toBe('710000011-R');
  });

  it('reads back what it writes, and -r as -R', () => {
    expect(parseJobRef('710000011-R')).toEqual({ bookingNumber: '710000011', leg: 'return' });
    expect(parseJobRef(' 710000011-r ')).toEqual({ bookingNumber: '710000011', leg: 'return' });
    expect(parseJobRef('710000011')).toEqual({ bookingNumber: '710000011', leg: 'outward' });
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9A-Z]{6,12}$/),
        fc.constantFrom(...(['outward', 'return'] as const)),
        (n, leg) => {
          expect(parseJobRef(jobRef(n, leg))).toEqual({ bookingNumber: n, leg });
        },
      ),
    );
  });

  it('refuses an empty reference or a bare suffix', () => {
    expect(parseJobRef('')).toBeUndefined();
    expect(parseJobRef('-R')).toBeUndefined();
  });

  it('gives a return journey two legs and the others one', () => {
    expect(legsOf('return')).toEqual(['outward', 'return']);
    expect(legsOf('one_way')).toEqual(['outward']);
    expect(legsOf('hourly')).toEqual(['outward']);
  });
});

describe("the booking's status from its jobs", () => {
  const cases: [BookingStatus[], BookingStatus][] = [
    [['confirmed'], 'confirmed'],
    [['en_route'], 'en_route'],
    [['completed'], 'completed'],
    [['completed', 'confirmed'], 'confirmed'],
    [['completed', 'driver_assigned'], 'driver_assigned'],
    [['completed', 'completed'], 'completed'],
    [['completed', 'no_show'], 'completed'],
    [['no_show', 'completed'], 'completed'],
    [['completed', 'cancelled'], 'completed'],
    [['cancelled', 'completed'], 'completed'],
    [['cancelled', 'cancelled'], 'cancelled'],
    [['cancelled'], 'cancelled'],
    [['no_show', 'cancelled'], 'no_show'],
    [['cancelled', 'confirmed'], 'confirmed'],
    [['pending', 'pending'], 'pending'],
  ];
  it.each(cases)('%j gives %s', (jobs, booking) => {
    expect(bookingStatusFromJobs(jobs)).toBe(booking);
  });

  it("is the job's own status for a booking of one leg", () => {
    for (const status of BOOKING_STATUSES) expect(bookingStatusFromJobs([status])).toBe(status);
  });

  it('is over only when every job is over, and cancelled only when every job is', () => {
    const status = fc.constantFrom(...BOOKING_STATUSES);
    fc.assert(
      fc.property(fc.array(status, { minLength: 1, maxLength: 2 }), (jobs) => {
        const booking = bookingStatusFromJobs(jobs);
        expect(isJobOver(booking)).toBe(jobs.every(isJobOver));
        expect(booking === 'cancelled').toBe(jobs.every((job) => job === 'cancelled'));
      }),
    );
  });

  it('needs at least one job', () => {
    expect(() => bookingStatusFromJobs([])).toThrow();
  });
});

describe("a leg's share of the price", () => {
  it('splits a return evenly, the outward leg taking the odd penny', () => {
    expect(legSharePence(10_001, 'outward', 2)).toBe(5_001);
    expect(legSharePence(10_001, 'return', 2)).toBe(5_000);
    expect(legSharePence(10_001, 'outward', 1)).toBe(10_001);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (total) => {
        expect(legSharePence(total, 'outward', 2) + legSharePence(total, 'return', 2)).toBe(total);
      }),
    );
  });

  it('cancels on what is held when every leg goes, else on the legs’ shares, capped by what is held', () => {
    const base = { heldPence: 8_000, totalPence: 10_000, legCount: 2 };
    expect(cancelledLegsPence({ ...base, cancelling: ['outward', 'return'] })).toBe(8_000);
    expect(cancelledLegsPence({ ...base, cancelling: ['return'] })).toBe(5_000);
    expect(cancelledLegsPence({ ...base, heldPence: 3_000, cancelling: ['return'] })).toBe(3_000);
    expect(
      cancelledLegsPence({
        heldPence: 9_000,
        totalPence: 9_000,
        legCount: 1,
        cancelling: ['outward'],
      }),
    ).toBe(9_000);
  });
});

describe('the return cancelled alone, and the journey a mail names', () => {
  it('lets the return go alone only while both legs still stand', () => {
    const jobs = (outward: BookingStatus, back: BookingStatus) => [
      { leg: 'outward' as const, status: outward },
      { leg: 'return' as const, status: back },
    ];
    expect(returnAloneCancellable(jobs('confirmed', 'pending'))).toBe(true);
    expect(returnAloneCancellable(jobs('completed', 'confirmed'))).toBe(false);
    expect(returnAloneCancellable(jobs('confirmed', 'cancelled'))).toBe(false);
    expect(returnAloneCancellable([{ leg: 'outward', status: 'pending' }])).toBe(false);
  });

  it('names the one leg of a return booking that moved, and no leg otherwise', () => {
    expect(journeyNamed(2, ['return'])).toBe('return');
    expect(journeyNamed(2, ['outward'])).toBe('outward');
    expect(journeyNamed(2, ['outward', 'return'])).toBeUndefined();
    expect(journeyNamed(1, ['outward'])).toBeUndefined();
  });
});

describe('a No-show only after the pickup time (issue 33)', () => {
  it('refuses it before the pickup, naming the pickup time in UK time, and allows it from then', () => {
    const summer = new Date('2026-07-01T13:30:00Z');
    expect(noShowRefusal(summer, new Date(summer.getTime() - 60_000))).toBe(
      'The pickup time, 14:30, has not come yet: a No-show can be recorded only after it.',
    );
    expect(noShowRefusal(summer, summer)).toBeNull();
    const winter = new Date('2026-12-01T09:05:00Z');
    expect(noShowRefusal(winter, new Date('2026-11-30T09:05:00Z'))).toContain('09:05');
    expect(noShowRefusal(winter, new Date('2026-12-01T09:06:00Z'))).toBeNull();
  });
});
