import { describe, expect, it } from 'vitest';
import {
  BOOKING_STATUS_LABELS,
  BOOKING_STATUSES,
  canAssignDriver,
  canTransition,
  driverOnBooking,
  isFinalStatus,
  licenceExpired,
  licenceExpiringSoon,
  nextStatuses,
  refusedTransitionMessage,
} from '../../src/domain/booking-lifecycle';

describe('the booking lifecycle', () => {
  it('labels every status as the console, mails and CSV show it', () => {
    expect(BOOKING_STATUSES.map((s) => BOOKING_STATUS_LABELS[s])).toEqual([
      'Pending',
      'Confirmed',
      'Driver assigned',
      'On the way',
      'Arrived',
      'Passenger on board',
      'Completed',
      'Cancelled',
      'No-show',
    ]);
  });

  it('refuses the moves the issue names', () => {
    expect(canTransition('pending', 'completed')).toBe(false);
    for (const final of ['completed', 'cancelled', 'no_show'] as const) {
      expect(isFinalStatus(final)).toBe(true);
      for (const to of BOOKING_STATUSES) expect(canTransition(final, to)).toBe(false);
    }
    const noShowFrom = BOOKING_STATUSES.filter((from) => canTransition(from, 'no_show'));
    expect(noShowFrom).toEqual(['arrived']);
  });

  it('allows a driver to be (re)assigned until the passenger is on board', () => {
    expect(BOOKING_STATUSES.filter(canAssignDriver)).toEqual([
      'confirmed',
      'driver_assigned',
      'en_route',
      'arrived',
    ]);
  });

  it('offers the console the next steps in order and names both statuses on a refusal', () => {
    expect(nextStatuses('arrived')).toEqual([
      'driver_assigned',
      'on_board',
      'no_show',
      'cancelled',
    ]);
    expect(refusedTransitionMessage('on_board', 'cancelled')).toBe(
      'A booking that is Passenger on board cannot become Cancelled',
    );
  });

  it('flags a licence within 30 days of expiry and refuses an expired one', () => {
    expect(licenceExpired('2026-11-25', '2026-11-26')).toBe(true);
    expect(licenceExpired('2026-11-26', '2026-11-26')).toBe(false);
    expect(licenceExpiringSoon('2026-12-26', '2026-11-26')).toBe(true);
    expect(licenceExpiringSoon('2026-12-27', '2026-11-26')).toBe(false);
    expect(licenceExpiringSoon('2026-11-25', '2026-11-26')).toBe(false);
  });
});

describe('the driver shown to the passenger', () => {
  it('is shown from assignment to the end of the journey, never before or after a cancellation', () => {
    expect(BOOKING_STATUSES.filter(driverOnBooking)).toEqual([
      'driver_assigned',
      'en_route',
      'arrived',
      'on_board',
      'completed',
    ]);
  });
});
