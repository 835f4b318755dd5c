import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  capacityCheck,
  formatDuration,
  isWithinGrace,
  isZeroDistance,
  kilometresFromMiles,
  matchesBannedAddress,
  selectOffers,
} from '../../src/domain/quote-rules';
import type { SettingsMap } from '../../src/domain/settings';

describe('isWithinGrace', () => {
  const now = new Date('2026-11-21T10:00:00Z');

  it('is too soon one minute inside a two-hour grace period', () => {
    expect(isWithinGrace(new Date('2026-11-21T11:59:00Z'), now, 120)).toBe(true);
  });

  it('is bookable exactly at the end of the grace period', () => {
    expect(isWithinGrace(new Date('2026-11-21T12:00:00Z'), now, 120)).toBe(false);
  });

  it('is too soon for a pickup in the past, even with no grace period', () => {
    expect(isWithinGrace(new Date('2026-11-21T09:59:59.999Z'), now, 0)).toBe(true);
  });

  it('lets a pickup right now through when there is no grace period', () => {
    expect(isWithinGrace(now, now, 0)).toBe(false);
  });
});

describe('capacityCheck', () => {
  const saloon = { id: 'saloon', max_seat: 4, luggage: 2, small_luggage: 2 };
  const mpv = { id: 'mpv', max_seat: 8, luggage: 6, small_luggage: 4 };
  const minibus = { id: 'minibus', max_seat: 16, luggage: 3, small_luggage: 10 };
  const fleet = [saloon, mpv, minibus];
  const prefix =
    "Sorry we don't have any vehicle with requested options, the following limits are exceeded: ";

  it('names every exceeded limit, by how much, in the spec order', () => {
    expect(capacityCheck({ passengers: 20, luggages: 7, hand_luggages: 11 }, fleet)).toEqual({
      ok: false,
      message: `${prefix}Passengers exceeded by 4, Luggage exceeded by 1, Hand Luggage exceeded by 1`,
    });
  });

  it('names only the limits that are exceeded', () => {
    expect(capacityCheck({ passengers: 2, luggages: 9, hand_luggages: 0 }, fleet)).toEqual({
      ok: false,
      message: `${prefix}Luggage exceeded by 3`,
    });
    expect(capacityCheck({ passengers: 17, luggages: 0, hand_luggages: 12 }, fleet)).toEqual({
      ok: false,
      message: `${prefix}Passengers exceeded by 1, Hand Luggage exceeded by 2`,
    });
  });

  it('compares with the largest of each attribute, even across different vehicles', () => {
    // 16 seats (minibus) and 6 cases (MPV) exist, just not in one vehicle: no message, no fit.
    expect(capacityCheck({ passengers: 16, luggages: 6, hand_luggages: 0 }, fleet)).toEqual({
      ok: true,
      fitting: [],
    });
  });

  it('keeps the vehicles that fit all three counts', () => {
    expect(capacityCheck({ passengers: 5, luggages: 3, hand_luggages: 1 }, fleet)).toEqual({
      ok: true,
      fitting: [mpv, minibus],
    });
    expect(capacityCheck({ passengers: 4, luggages: 2, hand_luggages: 2 }, fleet)).toEqual({
      ok: true,
      fitting: fleet,
    });
  });

  it('reports the whole request as exceeded when there are no vehicles', () => {
    expect(capacityCheck({ passengers: 3, luggages: 1, hand_luggages: 0 }, [])).toEqual({
      ok: false,
      message: `${prefix}Passengers exceeded by 3, Luggage exceeded by 1`,
    });
  });
});

describe('matchesBannedAddress', () => {
  it('matches a banned pattern inside an address, ignoring case', () => {
    expect(matchesBannedAddress(['10 Downing Street, London'], ['downing street'])).toBe(true);
  });

  it('ignores spacing and punctuation, so a postcode matches with or without its space', () => {
    expect(matchesBannedAddress(['Buckingham Palace, SW1A 1AA'], ['sw1a1aa'])).toBe(true);
    expect(matchesBannedAddress(['Flat 2, SW1A1AA'], ['SW1A  1AA'])).toBe(true);
    expect(matchesBannedAddress(["St. John's Wood Rd"], ['st johns wood'])).toBe(true);
  });

  it('ignores accents', () => {
    expect(matchesBannedAddress(['Café Royal, Regent Street'], ['cafe royal'])).toBe(true);
  });

  it('checks every address (pickup, drop-off, stops)', () => {
    expect(matchesBannedAddress(['Heathrow T5', '1 Acacia Avenue'], ['acacia'])).toBe(true);
  });

  it('does not match unrelated addresses', () => {
    expect(matchesBannedAddress(['Heathrow Terminal 5'], ['gatwick', 'stansted'])).toBe(false);
  });

  it('never matches a blank or punctuation-only pattern, which would ban everything', () => {
    expect(matchesBannedAddress(['Heathrow Terminal 5'], ['', '   ', ' - , '])).toBe(false);
    expect(matchesBannedAddress([''], [''])).toBe(false);
  });

  it('matches nothing with no patterns', () => {
    expect(matchesBannedAddress(['Heathrow Terminal 5'], [])).toBe(false);
  });
});

describe('isZeroDistance', () => {
  it.each([0, 0.01, 0.049, -0.01])('%d miles shows as 0.0 and is zero', (miles) => {
    expect(isZeroDistance(miles)).toBe(true);
  });

  it.each([0.05, 0.1, 3.2])('%d miles is a real trip', (miles) => {
    expect(isZeroDistance(miles)).toBe(false);
  });

  it('treats a distance that is not a number as zero, since it cannot be priced', () => {
    expect(isZeroDistance(Number.NaN)).toBe(true);
  });
});

describe('selectOffers', () => {
  let seq = 0;
  const offer = (company_id: number, vehicle_id: number, price: number) => ({
    company_id,
    vehicle_id,
    price,
    final_price: price,
    tag: `#${++seq}`,
  });
  const a1Saloon = offer(1, 10, 40);
  const a1Mpv = offer(1, 11, 55);
  const b2Saloon = offer(2, 10, 35);
  const b2Mpv = offer(2, 11, 60);
  const c3Saloon = offer(3, 10, 35);
  const all = [a1Saloon, a1Mpv, b2Saloon, b2Mpv, c3Saloon];

  const settings = (
    operators: string,
    prices: string,
    cheapestCompany = 'disable',
  ): SettingsMap => ({
    MULTIPLE_OPERATORS: operators,
    MULTIPLE_PRICES: prices,
    CHEAPEST_COMPANY_PRICE: cheapestCompany,
  });

  it('shows every offer cheapest first with multiple operators and prices', () => {
    expect(selectOffers(all, settings('enable', 'enable'))).toEqual([
      b2Saloon,
      c3Saloon,
      a1Saloon,
      a1Mpv,
      b2Mpv,
    ]);
  });

  it('orders equal prices by company, then as given', () => {
    const twin = offer(2, 12, 35);
    expect(selectOffers([c3Saloon, twin, b2Saloon], settings('enable', 'enable'))).toEqual([
      twin,
      b2Saloon,
      c3Saloon,
    ]);
  });

  it('keeps only the cheapest offer per vehicle category without MULTIPLE_PRICES', () => {
    expect(selectOffers(all, settings('enable', 'disable'))).toEqual([b2Saloon, a1Mpv]);
  });

  it('keeps only the primary operator without MULTIPLE_OPERATORS', () => {
    expect(selectOffers(all, settings('disable', 'enable'), 2)).toEqual([b2Saloon, b2Mpv]);
  });

  it('takes the lowest company id as primary when none is given', () => {
    expect(selectOffers(all, settings('disable', 'enable'))).toEqual([a1Saloon, a1Mpv]);
  });

  it('treats a missing setting as not enabled', () => {
    expect(selectOffers(all, {})).toEqual([a1Saloon, a1Mpv]);
  });

  it("keeps only the cheapest company's offers with MULTIPLE_PRICES and CHEAPEST_COMPANY_PRICE", () => {
    // Companies 2 and 3 tie at 35; the lower company id wins the tie.
    expect(selectOffers(all, settings('enable', 'enable', 'enable'))).toEqual([b2Saloon, b2Mpv]);
  });

  it('ignores CHEAPEST_COMPANY_PRICE without MULTIPLE_PRICES', () => {
    expect(selectOffers(all, settings('enable', 'disable', 'enable'))).toEqual([b2Saloon, a1Mpv]);
  });

  it('returns nothing for no offers', () => {
    expect(selectOffers([], settings('disable', 'disable'))).toEqual([]);
  });

  it('does not reorder the caller’s list', () => {
    const input = [...all];
    selectOffers(input, settings('enable', 'enable'));
    expect(input).toEqual(all);
  });

  it('always returns a cheapest-first subset of the offers', () => {
    const offerArb = fc.record({
      company_id: fc.integer({ min: 1, max: 4 }),
      vehicle_id: fc.integer({ min: 1, max: 4 }),
      price: fc.integer({ min: 0, max: 200 }),
      final_price: fc.integer({ min: 0, max: 200 }),
    });
    const flag = fc.constantFrom('enable', 'disable');
    fc.assert(
      fc.property(fc.array(offerArb), flag, flag, flag, (offers, ops, prices, cheapest) => {
        const selected = selectOffers(offers, settings(ops, prices, cheapest));
        for (const chosen of selected) expect(offers).toContain(chosen);
        for (let i = 1; i < selected.length; i++) {
          expect(selected[i]!.price).toBeGreaterThanOrEqual(selected[i - 1]!.price);
        }
        if (prices === 'disable') {
          const categories = selected.map((o) => o.vehicle_id);
          expect(new Set(categories).size).toBe(categories.length);
        }
      }),
    );
  });
});

describe('kilometresFromMiles', () => {
  it.each([
    [10, 16], // 16.0934
    [1, 2], // 1.60934
    [0.3, 0], // 0.48
    [100, 161], // 160.934
    [0, 0],
  ])('%d miles shows as %i km', (miles, km) => {
    expect(kilometresFromMiles(miles)).toBe(km);
  });
});

describe('formatDuration', () => {
  it.each([
    [45, '45 mins'],
    [65, '1 hr 5 mins'],
    [61, '1 hr 1 min'],
    [60, '1 hr'],
    [120, '2 hrs'],
    [125, '2 hrs 5 mins'],
    [1, '1 min'],
    [0, '0 mins'],
    [44.6, '45 mins'],
  ])('%d minutes reads %s', (minutes, text) => {
    expect(formatDuration(minutes)).toBe(text);
  });

  it('rejects a negative or non-numeric duration', () => {
    expect(() => formatDuration(-1)).toThrow(RangeError);
    expect(() => formatDuration(Number.NaN)).toThrow(RangeError);
  });
});
