import { describe, expect, it } from 'vitest';
import {
  daysUntil,
  dispatchRefusal,
  documentFlag,
  documentState,
  flagText,
  refusesDispatch,
  type DispatchCandidate,
} from '../../src/domain/compliance';
import { licenceState } from '../../src/domain/booking-lifecycle';
import {
  isUkRegistration,
  normaliseRegistration,
  registrationKey,
} from '../../src/domain/vehicle-plate';

const TODAY = '2026-11-21';

/** A licensed driver in a vehicle with every document in date. */
function candidate(vehicle: Partial<DispatchCandidate['vehicle']> = {}, licence = '2027-06-30') {
  return {
    driver: { name: 'James Okafor', licence_expiry: licence },
    vehicle: {
      registration: 'LB71 XKE',
      phv_licence_expiry: '2027-03-31',
      mot_expiry: '2027-02-28',
      insurance_expiry: '2027-01-31',
      ...vehicle,
    },
  };
}

describe('a licensing document on a day (UK private hire)', () => {
  it('is valid on its expiry day, expired the day after, and flagged within 30 days', () => {
    expect(documentState('2026-11-21', TODAY)).toBe('expiring');
    expect(documentState('2026-11-20', TODAY)).toBe('expired');
    expect(documentState('2026-12-21', TODAY)).toBe('expiring');
    expect(documentState('2026-12-22', TODAY)).toBe('valid');
    expect(documentState(null, TODAY)).toBe('missing');
    expect(daysUntil('2026-12-21', TODAY)).toBe(30);
    // Across the clocks going back and a leap day, a day is a day.
    expect(daysUntil('2027-03-01', '2027-02-28')).toBe(1);
    expect(daysUntil('2028-03-01', '2028-02-28')).toBe(2);
  });

  it('stops a dispatch only when expired or not recorded', () => {
    expect(
      ['valid', 'expiring', 'expired', 'missing'].map((s) => refusesDispatch(s as never)),
    ).toEqual([false, false, true, true]);
  });

  it('is flagged as the pages show it', () => {
    expect(documentFlag('2026-12-03', TODAY)).toBe('Expires in 12 days');
    expect(documentFlag('2026-11-22', TODAY)).toBe('Expires in 1 day');
    expect(documentFlag(TODAY, TODAY)).toBe('Expires today');
    expect(documentFlag('2026-11-01', TODAY)).toBe('Expired');
    expect(documentFlag(null, TODAY)).toBe('Not recorded');
    expect(documentFlag('2027-11-01', TODAY)).toBeNull();
    expect(flagText('expiring', 5)).toBe('Expires in 5 days');
  });

  it("judges a driver's licence by the same rule", () => {
    expect(licenceState('2026-11-20', TODAY)).toBe('expired');
    expect(licenceState('2026-12-01', TODAY)).toBe('expiring');
    expect(licenceState('2027-12-01', TODAY)).toBe('valid');
  });
});

describe('whether a driver and a vehicle may be sent on a job', () => {
  it('may when every document is in date, expiring ones included', () => {
    expect(dispatchRefusal(candidate(), TODAY)).toBeNull();
    expect(
      dispatchRefusal(candidate({ mot_expiry: '2026-11-30' }, '2026-11-21'), TODAY),
    ).toBeNull();
  });

  it("names the driver's expired licence first, with its date as a UK date", () => {
    expect(dispatchRefusal(candidate({ mot_expiry: '2026-01-01' }, '2026-11-20'), TODAY)).toBe(
      "James Okafor's private hire driver's licence expired on 20/11/2026: they cannot be sent on a job until it is renewed",
    );
  });

  it("names each of the vehicle's documents, in order: PHV licence, MOT, insurance", () => {
    expect(dispatchRefusal(candidate({ phv_licence_expiry: '2026-11-01' }), TODAY)).toBe(
      'The PHV vehicle licence of LB71 XKE expired on 01/11/2026: it cannot be sent on a job until it is renewed',
    );
    expect(
      dispatchRefusal(
        candidate({ mot_expiry: '2026-10-31', insurance_expiry: '2026-10-01' }),
        TODAY,
      ),
    ).toBe(
      'The MOT of LB71 XKE expired on 31/10/2026: it cannot be sent on a job until it is renewed',
    );
    expect(dispatchRefusal(candidate({ insurance_expiry: '2026-11-20' }), TODAY)).toBe(
      'The insurance of LB71 XKE expired on 20/11/2026: it cannot be sent on a job until it is renewed',
    );
  });

  it('counts a vehicle document with no expiry recorded as not valid', () => {
    expect(dispatchRefusal(candidate({ insurance_expiry: null }), TODAY)).toBe(
      'LB71 XKE has no insurance expiry recorded: add it on the Vehicles page before sending it on a job',
    );
  });
});

describe('a UK registration', () => {
  it('is written in capitals with single spaces, and compared without them', () => {
    expect(normaliseRegistration('  lb71   xke ')).toBe('LB71 XKE');
    expect(registrationKey('LB71 XKE')).toBe(registrationKey('lb71xke'));
  });

  it('is checked loosely: every kind of plate passes, what cannot be one does not', () => {
    for (const plate of [
      'AB12 CDE',
      'A123 BCD',
      'ABC 123D',
      '1 A',
      'MAD 1',
      'ABZ 1234',
      'LB71XKE',
    ]) {
      expect(isUkRegistration(plate), plate).toBe(true);
    }
    for (const plate of ['AB-12', 'ABCDEFGHJ', '1234', 'ABCD', 'A', '', 'AB12 CDÉ']) {
      expect(isUkRegistration(plate), plate).toBe(false);
    }
  });
});
