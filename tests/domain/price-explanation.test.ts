import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { pence } from '../../src/domain/money';
import { mileBandsUsed, mileageFare } from '../../src/domain/fares';
import { roundPenceHalfUp } from '../../src/domain/pence-rounding';
import { describePriceChanges, type CompanyPrices } from '../../src/domain/price-changes';
import { explainOffer } from '../../src/domain/price-explanation';
import {
  priceOffer,
  type PriceRequest,
  type PricingLeg,
  type PricingTables,
} from '../../src/domain/pricing';
import type { LegExtras } from '../../src/domain/booking-form';
import type { RateCard, Zone } from '../../src/domain/pricing-model';

const NO_EXTRAS: LegExtras = {
  passengers: 1,
  luggages: 0,
  hand_luggages: 0,
  special_luggage: 0,
  baby_seats: 0,
  booster_seats: 0,
  waiting_min: 0,
  meet_and_greet: 'no',
  wheel_chair: 'no',
};
const ZONES: Zone[] = [
  { id: 1, name: 'Heathrow Airport (LHR)', lat: 51.47, lng: -0.45, radiusKm: 3.5, isAirport: true },
  { id: 2, name: 'Central London', lat: 51.5, lng: -0.12, radiusKm: 4, isAirport: false },
];

/** £5 base, £2.50 a mile to 10 miles, £2 to 50, £1.80 beyond; at least £20. */
function card(overrides: Partial<RateCard> = {}): RateCard {
  return {
    companyId: 7,
    categoryId: 1,
    baseFare: pence(500),
    mileBands: [
      { upToMiles: 10, pencePerMile: pence(250) },
      { upToMiles: 50, pencePerMile: pence(200) },
      { upToMiles: null, pencePerMile: pence(180) },
    ],
    minimumFare: pence(2000),
    hourlyRates: { 4: pence(15000) },
    ...overrides,
  };
}

function tables(overrides: Partial<PricingTables> = {}): PricingTables {
  return {
    rateCard: card(),
    charges: {
      companyId: 7,
      airportPickupCharge: pence(700),
      nightUpliftBp: 2000,
      nightStartMinute: 22 * 60,
      nightEndMinute: 6 * 60,
      bankHolidayUpliftBp: 5000,
    },
    fixedFares: [],
    bankHolidays: [{ date: '2026-12-25', region: 'england-and-wales', name: 'Christmas Day' }],
    extras: {
      meetAndGreet: pence(0),
      babySeatEach: pence(0),
      boosterSeatEach: pence(0),
      wheelChair: pence(0),
      specialLuggageEach: pence(0),
      perFiveWaitingMinutes: pence(0),
    },
    ...overrides,
  };
}

function leg(overrides: Partial<PricingLeg> = {}): PricingLeg {
  return {
    kind: 'outward',
    miles: 25,
    fromZoneIds: [],
    toZoneIds: [],
    direct: true,
    pickupIsAirport: false,
    date: '2026-11-24',
    minuteOfDay: 10 * 60,
    region: 'england-and-wales',
    extras: NO_EXTRAS,
    ...overrides,
  };
}

function explain(request: Partial<PriceRequest>, t: PricingTables = tables()) {
  const full: PriceRequest = {
    mode: 'mileage',
    legs: [leg()],
    vehicleCount: 1,
    roundOff: false,
    ...request,
  };
  const offer = priceOffer(full, t);
  return { offer, lines: explainOffer(full, t, offer, ZONES) };
}

describe('the explanation of a price', () => {
  it('names the mile bands used and the miles in each, and the final price priceOffer gave', () => {
    const { offer, lines } = explain({});
    expect(lines[0]).toBe(
      'Outward: 25 miles: base fare £5.00 + 10 mi × £2.50 (miles 0–10) = £25.00 + 15 mi × £2.00 (miles 10–50) = £30.00 = £60.00.',
    );
    expect(lines).toContain('Outward: at least the minimum fare £20.00, so the fare is £60.00.');
    expect(lines.at(-1)).toBe(`Final price £${(offer.finalPrice / 100).toFixed(2)}.`);
  });

  it('says when the minimum fare applies', () => {
    const { lines } = explain({ legs: [leg({ miles: 2 })] });
    expect(lines).toContain(
      'Outward: £10.00 is below the minimum fare, so the minimum fare £20.00 applies.',
    );
  });

  it('names the fixed fare that matched, zone to zone, even when it matched the other way', () => {
    const fare = {
      companyId: 7,
      categoryId: 1,
      fromZoneId: 1,
      toZoneId: 2,
      bothWays: true,
      fare: pence(6500),
    };
    const { lines } = explain(
      { legs: [leg({ fromZoneIds: [2], toZoneIds: [1] })] },
      tables({ fixedFares: [fare] }),
    );
    expect(lines[0]).toBe(
      'Outward: fixed fare Central London → Heathrow Airport (LHR) (both ways) £65.00 replaces the mileage fare.',
    );
    const withStops = explain(
      { legs: [leg({ fromZoneIds: [2], toZoneIds: [1], direct: false })] },
      tables({ fixedFares: [fare] }),
    );
    expect(withStops.lines[0]).toContain('the journey has stops');
  });

  it('says why the night, bank-holiday and airport charges applied', () => {
    const { offer, lines } = explain({
      legs: [leg({ minuteOfDay: 23 * 60 + 10, date: '2026-12-25', pickupIsAirport: true })],
    });
    expect(lines).toContain(
      'Outward: pickup 23:10 is inside 22:00–06:00, so the night uplift of 20% adds £12.00.',
    );
    expect(lines).toContain(
      'Outward: 25/12/2026 is a bank holiday (Christmas Day), so the bank-holiday uplift of 50% adds £30.00.',
    );
    expect(lines).toContain(
      'Outward: the pickup is at an airport, so the airport pickup charge £7.00 is added.',
    );
    expect(offer.breakdown.night_uplift).toBe(1200);
    expect(explain({}).lines).toContain(
      'Outward: pickup 10:00 is outside 22:00–06:00: no night uplift.',
    );
  });

  it('states the rounding', () => {
    const { lines } = explain({ legs: [leg({ miles: 25.3 })], roundOff: true });
    expect(lines).toContain('Rounded to whole pounds: £60.60 → £61.00.');
    expect(explain({}).lines).toContain(
      'No rounding: prices are kept to the penny (ROUND_OFF is off).',
    );
  });

  it('walks the same bands as mileageFare, to the penny', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 500, noNaN: true }), (miles) => {
        const c = card();
        const used = mileBandsUsed(c, miles);
        const total =
          c.baseFare + roundPenceHalfUp(used.reduce((sum, b) => sum + b.miles * b.pencePerMile, 0));
        expect(Math.max(total, c.minimumFare)).toBe(mileageFare(c, miles));
        expect(used.reduce((sum, b) => sum + b.miles, 0)).toBeCloseTo(miles, 9);
      }),
    );
  });
});

describe('what changed between two versions of prices', () => {
  const prices = (over: Partial<CompanyPrices> = {}): CompanyPrices => ({
    rateCards: [card()],
    fixedFares: [],
    charges: tables().charges,
    ...over,
  });
  const names = {
    category: () => 'Saloon',
    zone: (id: number) => ZONES.find((z) => z.id === id)!.name,
  };

  it('lists each change in a line, and nothing when nothing changed', () => {
    expect(describePriceChanges(prices(), prices(), names)).toEqual([]);
    const after = prices({
      rateCards: [
        card({ baseFare: pence(1500), hourlyRates: { 4: pence(16000), 5: pence(19000) } }),
      ],
      fixedFares: [
        {
          companyId: 7,
          categoryId: 1,
          fromZoneId: 1,
          toZoneId: 2,
          bothWays: false,
          fare: pence(7000),
        },
      ],
      charges: { ...tables().charges, nightStartMinute: 23 * 60 },
    });
    expect(describePriceChanges(prices(), after, names)).toEqual([
      'Saloon: base fare £5.00 → £15.00',
      'Saloon: 4-hour price £150.00 → £160.00',
      'Saloon: 5-hour price none → £190.00',
      'Saloon: fixed fare Heathrow Airport (LHR) → Central London added: £70.00 (one way)',
      'Night window 22:00–06:00 → 23:00–06:00',
    ]);
  });
});
