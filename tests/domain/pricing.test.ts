import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { pence as asPence } from '../../src/domain/money';
import type { LegExtras } from '../../src/domain/booking-form';
import {
  NoRateError,
  breakdownToWire,
  breakdownTotal,
  isBankHoliday,
  isNight,
  priceOffer,
  type PriceRequest,
  type PricingLeg,
  type PricingTables,
} from '../../src/domain/pricing';
import {
  applyBasisPoints,
  roundPenceHalfUp,
  roundToWholePounds,
} from '../../src/domain/pence-rounding';
import { extrasPricesFromSettings, legExtrasPrice } from '../../src/domain/extras-pricing';
import { findFixedFare, hourlyFare, mileageFare, zonesContaining } from '../../src/domain/fares';
import {
  BREAKDOWN_PARTS,
  type BankHoliday,
  type CompanyCharges,
  type ExtrasPrices,
  type FixedFare,
  type HolidayRegion,
  type RateCard,
  type Zone,
} from '../../src/domain/pricing-model';

// ---------------------------------------------------------------------------------------------
// Test data

const HEATHROW = 1;
const CENTRAL_LONDON = 2;
const GATWICK = 3;
const COMPANY = 7;
const SALOON = 10;

/** £3 base, £2.00 a mile for the first 10 miles, £1.50 a mile after, at least £10. */
function rateCard(overrides: Partial<RateCard> = {}): RateCard {
  return {
    companyId: COMPANY,
    categoryId: SALOON,
    baseFare: asPence(300),
    mileBands: [
      { upToMiles: 10, pencePerMile: asPence(200) },
      { upToMiles: null, pencePerMile: asPence(150) },
    ],
    minimumFare: asPence(1000),
    hourlyRates: { 4: asPence(8000), 6: asPence(11000) },
    ...overrides,
  };
}

/** £5 airport pickup, +25 % at night (22:00–06:00), +50 % on bank holidays. */
function charges(overrides: Partial<CompanyCharges> = {}): CompanyCharges {
  return {
    companyId: COMPANY,
    airportPickupCharge: asPence(500),
    nightUpliftBp: 2500,
    nightStartMinute: 22 * 60,
    nightEndMinute: 6 * 60,
    bankHolidayUpliftBp: 5000,
    ...overrides,
  };
}

const EXTRAS_PRICES: ExtrasPrices = {
  meetAndGreet: asPence(500),
  babySeatEach: asPence(250),
  boosterSeatEach: asPence(200),
  wheelChair: asPence(1000),
  specialLuggageEach: asPence(300),
  perFiveWaitingMinutes: asPence(150),
};

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

/** 2026 bank holidays that differ between the two calendars, plus one they share. */
const BANK_HOLIDAYS_2026: BankHoliday[] = [
  { date: '2026-01-01', region: 'england-and-wales', name: "New Year's Day" },
  { date: '2026-01-01', region: 'scotland', name: "New Year's Day" },
  { date: '2026-01-02', region: 'scotland', name: '2nd January' },
  { date: '2026-08-03', region: 'scotland', name: 'Summer bank holiday' },
  { date: '2026-08-31', region: 'england-and-wales', name: 'Summer bank holiday' },
  { date: '2026-11-30', region: 'scotland', name: "St Andrew's Day" },
];

const HEATHROW_TO_CENTRAL: FixedFare = {
  companyId: COMPANY,
  categoryId: SALOON,
  fromZoneId: HEATHROW,
  toZoneId: CENTRAL_LONDON,
  bothWays: true,
  fare: asPence(6000),
};

function tables(overrides: Partial<PricingTables> = {}): PricingTables {
  return {
    rateCard: rateCard(),
    charges: charges(),
    fixedFares: [HEATHROW_TO_CENTRAL],
    bankHolidays: BANK_HOLIDAYS_2026,
    extras: EXTRAS_PRICES,
    ...overrides,
  };
}

/** A plain weekday-morning leg in England between places with no fixed fare. */
function leg(overrides: Partial<PricingLeg> = {}): PricingLeg {
  return {
    kind: 'outward',
    miles: 12.3,
    fromZoneIds: [],
    toZoneIds: [],
    direct: true,
    pickupIsAirport: false,
    date: '2026-06-10',
    minuteOfDay: 10 * 60,
    region: 'england-and-wales',
    extras: NO_EXTRAS,
    ...overrides,
  };
}

function oneWay(legOverrides: Partial<PricingLeg> = {}, request: Partial<PriceRequest> = {}) {
  return {
    mode: 'mileage',
    legs: [leg(legOverrides)],
    vehicleCount: 1,
    roundOff: false,
    ...request,
  } satisfies PriceRequest;
}

// ---------------------------------------------------------------------------------------------
// Rounding

describe('roundPenceHalfUp', () => {
  it.each([
    [252.5, 253],
    [252.4999, 252],
    [66.5, 67],
    [0.5, 1],
    [0.49, 0],
    [1000, 1000],
  ])('rounds %d to %i', (amount, pence) => {
    expect(roundPenceHalfUp(amount)).toBe(pence);
  });

  it('treats a product that lands a hair below a half (0.29 × 50) as the half it stands for', () => {
    expect(0.29 * 50).toBeLessThan(14.5);
    expect(roundPenceHalfUp(0.29 * 50)).toBe(15);
    expect(0.575 * 100).toBeLessThan(57.5);
    expect(roundPenceHalfUp(0.575 * 100)).toBe(58);
  });

  it('rejects amounts that are not numbers', () => {
    expect(() => roundPenceHalfUp(Number.NaN)).toThrow(RangeError);
    expect(() => roundPenceHalfUp(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe('applyBasisPoints', () => {
  it('takes 25 % of £26.45 as £6.61 (661.25p rounds down)', () => {
    expect(applyBasisPoints(asPence(2645), 2500)).toBe(661);
  });

  it('takes 50 % of £26.45 as £13.23 (1322.5p rounds half up)', () => {
    expect(applyBasisPoints(asPence(2645), 5000)).toBe(1323);
  });

  it('is exact integer arithmetic for every amount and rate', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 0, max: 20_000 }),
        (pence, bp) => {
          const product = BigInt(pence) * BigInt(bp);
          const expected = (2n * product + 10_000n) / 20_000n; // floor(x + 1/2)
          expect(applyBasisPoints(asPence(pence), bp)).toBe(Number(expected));
        },
      ),
    );
  });

  it('rejects a fractional or negative rate', () => {
    expect(() => applyBasisPoints(asPence(1000), 12.5)).toThrow(RangeError);
    expect(() => applyBasisPoints(asPence(1000), -100)).toThrow(RangeError);
  });
});

describe('roundToWholePounds', () => {
  it.each([
    [2645, 2600],
    [2650, 2700],
    [2649, 2600],
    [7395, 7400],
    [7400, 7400],
    [49, 0],
    [50, 100],
    [0, 0],
  ])('rounds %ip to %ip', (pence, rounded) => {
    expect(roundToWholePounds(asPence(pence))).toBe(rounded);
  });
});

// ---------------------------------------------------------------------------------------------
// Tables and fares

describe('extrasPricesFromSettings', () => {
  it('reads pounds as text into pence', () => {
    expect(
      extrasPricesFromSettings({
        MEET_AND_GREET: '2.5',
        BABY_PRICE_PER_SEAT: '10',
        BOOSTER_PRICE_PER_SEAT: ' 3.75 ',
        WHEEL_CHAIR: '0.01',
        SPECIAL_LUGGAGE_PER_PRICE: '12.34',
        PRICE_PER_FIVE_WAITING_MIN: '1.15',
      }),
    ).toEqual({
      meetAndGreet: asPence(250),
      babySeatEach: asPence(1000),
      boosterSeatEach: asPence(375),
      wheelChair: asPence(1),
      specialLuggageEach: asPence(1234),
      perFiveWaitingMinutes: asPence(115),
    });
  });

  it('prices a missing, empty, malformed, negative or absurd setting at 0 (extra off)', () => {
    expect(
      extrasPricesFromSettings({
        MEET_AND_GREET: '',
        BABY_PRICE_PER_SEAT: 'abc',
        BOOSTER_PRICE_PER_SEAT: '-1',
        WHEEL_CHAIR: 'NaN',
        SPECIAL_LUGGAGE_PER_PRICE: '1e12',
      }),
    ).toEqual({
      meetAndGreet: asPence(0),
      babySeatEach: asPence(0),
      boosterSeatEach: asPence(0),
      wheelChair: asPence(0),
      specialLuggageEach: asPence(0),
      perFiveWaitingMinutes: asPence(0),
    });
  });
});

describe('mileageFare', () => {
  it.each([
    [5, 1300], // 300 + 5 × 200
    [10, 2300], // 300 + 10 × 200
    [12.3, 2645], // 300 + 2000 + 2.3 × 150
    [30, 5300], // 300 + 2000 + 20 × 150
  ])('charges %d miles %ip: base fare plus banded miles', (miles, pence) => {
    expect(mileageFare(rateCard(), miles)).toBe(pence);
  });

  it('never charges less than the minimum fare', () => {
    expect(mileageFare(rateCard(), 0)).toBe(1000);
    expect(mileageFare(rateCard(), 3)).toBe(1000); // 300 + 600 = 900 < 1000
    expect(mileageFare(rateCard(), 3.6)).toBe(1020);
  });

  it('charges part miles proportionally, rounding half up', () => {
    const card = rateCard({
      baseFare: asPence(0),
      minimumFare: asPence(0),
      mileBands: [{ upToMiles: null, pencePerMile: asPence(101) }],
    });
    expect(mileageFare(card, 2.5)).toBe(253); // 252.5
    expect(mileageFare(card, 0.1)).toBe(10); // 10.1
  });

  it('rounds once at the end, not once per band', () => {
    const card = rateCard({
      baseFare: asPence(0),
      minimumFare: asPence(0),
      mileBands: [
        { upToMiles: 0.5, pencePerMile: asPence(101) },
        { upToMiles: null, pencePerMile: asPence(101) },
      ],
    });
    // 50.5 + 50.5 = 101, where rounding each band would give 51 + 51 = 102.
    expect(mileageFare(card, 1)).toBe(101);
  });

  it('charges miles past a last band that has an end at that band rate', () => {
    const card = rateCard({ mileBands: [{ upToMiles: 10, pencePerMile: asPence(200) }] });
    expect(mileageFare(card, 12)).toBe(2700); // 300 + 12 × 200
  });

  it('prices tenths of a mile exactly as integer arithmetic does', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50_000 }),
        fc.integer({ min: 0, max: 1_000 }),
        (tenths, rate) => {
          const card = rateCard({
            baseFare: asPence(0),
            minimumFare: asPence(0),
            mileBands: [{ upToMiles: null, pencePerMile: asPence(rate) }],
          });
          const expected = Math.floor((tenths * rate + 5) / 10); // (tenths × rate / 10) half up
          expect(mileageFare(card, tenths / 10)).toBe(expected);
        },
      ),
    );
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])('rejects %d miles', (miles) => {
    expect(() => mileageFare(rateCard(), miles)).toThrow(RangeError);
  });
});

describe('hourlyFare', () => {
  it('is the card total for that many hours', () => {
    expect(hourlyFare(rateCard(), 4)).toBe(8000);
    expect(hourlyFare(rateCard(), 6)).toBe(11000);
  });

  it('is null when the operator has no rate for the duration', () => {
    expect(hourlyFare(rateCard(), 5)).toBeNull();
  });
});

describe('zonesContaining', () => {
  const heathrow: Zone = {
    id: HEATHROW,
    name: 'Heathrow',
    lat: 51.47,
    lng: -0.4543,
    radiusKm: 4,
    isAirport: true,
  };
  const central: Zone = {
    id: CENTRAL_LONDON,
    name: 'Central London',
    lat: 51.5074,
    lng: -0.1278,
    radiusKm: 5,
    isAirport: false,
  };

  it('finds the airport zone for a pickup at a terminal', () => {
    const terminal5 = { lat: 51.4723, lng: -0.4885 }; // ~2.4 km from the zone centre
    expect(zonesContaining([heathrow, central], terminal5)).toEqual([heathrow]);
  });

  it('finds no zone for a point outside every circle', () => {
    expect(zonesContaining([heathrow, central], { lat: 52.2053, lng: 0.1218 })).toEqual([]);
  });

  it('returns every zone whose circle holds the point when circles overlap', () => {
    const wide = { ...central, id: 99, radiusKm: 30 };
    expect(zonesContaining([heathrow, central, wide], { lat: 51.47, lng: -0.4543 })).toEqual([
      heathrow,
      wide,
    ]);
  });
});

describe('findFixedFare', () => {
  const oneWayOnly: FixedFare = { ...HEATHROW_TO_CENTRAL, bothWays: false, fare: asPence(5000) };
  const cheaper: FixedFare = { ...oneWayOnly, fare: asPence(4500) };
  const otherCompany: FixedFare = { ...oneWayOnly, companyId: COMPANY + 1, fare: asPence(100) };
  const otherCategory: FixedFare = { ...oneWayOnly, categoryId: SALOON + 1, fare: asPence(100) };

  it('finds a fare from the pickup zone to the drop-off zone', () => {
    expect(findFixedFare([oneWayOnly], COMPANY, SALOON, [HEATHROW], [CENTRAL_LONDON])).toBe(
      oneWayOnly,
    );
  });

  it('uses a one-direction fare only in its direction', () => {
    expect(
      findFixedFare([oneWayOnly], COMPANY, SALOON, [CENTRAL_LONDON], [HEATHROW]),
    ).toBeUndefined();
  });

  it('uses a both-ways fare in reverse', () => {
    expect(
      findFixedFare([HEATHROW_TO_CENTRAL], COMPANY, SALOON, [CENTRAL_LONDON], [HEATHROW]),
    ).toBe(HEATHROW_TO_CENTRAL);
  });

  it("ignores other operators' and other categories' fares", () => {
    expect(
      findFixedFare([otherCompany, otherCategory], COMPANY, SALOON, [HEATHROW], [CENTRAL_LONDON]),
    ).toBeUndefined();
  });

  it('takes the cheapest when several fares match', () => {
    expect(
      findFixedFare(
        [oneWayOnly, cheaper, HEATHROW_TO_CENTRAL],
        COMPANY,
        SALOON,
        [HEATHROW, GATWICK],
        [CENTRAL_LONDON],
      ),
    ).toBe(cheaper);
  });

  it('finds nothing when either end lies in no zone', () => {
    expect(findFixedFare([HEATHROW_TO_CENTRAL], COMPANY, SALOON, [HEATHROW], [])).toBeUndefined();
  });
});

describe('legExtrasPrice', () => {
  it('prices every extra of a leg', () => {
    const extras: LegExtras = {
      ...NO_EXTRAS,
      meet_and_greet: 'yes',
      baby_seats: 2,
      booster_seats: 1,
      wheel_chair: 'yes',
      special_luggage: 3,
      waiting_min: 15,
    };
    expect(legExtrasPrice(extras, EXTRAS_PRICES)).toEqual({
      meet_and_greet: 500,
      baby_seats: 500,
      booster_seats: 200,
      wheel_chair: 1000,
      special_luggage: 900,
      waiting_time: 450,
    });
  });

  it('charges a started 5-minute block of waiting as a whole block', () => {
    expect(legExtrasPrice({ ...NO_EXTRAS, waiting_min: 12 }, EXTRAS_PRICES)).toEqual({
      waiting_time: 450,
    });
    expect(legExtrasPrice({ ...NO_EXTRAS, waiting_min: 5 }, EXTRAS_PRICES)).toEqual({
      waiting_time: 150,
    });
  });

  it('leaves out extras not asked for and extras priced at 0', () => {
    expect(legExtrasPrice(NO_EXTRAS, EXTRAS_PRICES)).toEqual({});
    const free = { ...EXTRAS_PRICES, babySeatEach: asPence(0) };
    expect(legExtrasPrice({ ...NO_EXTRAS, baby_seats: 2 }, free)).toEqual({});
  });

  it('rejects negative or fractional counts, which would be discounts', () => {
    expect(() => legExtrasPrice({ ...NO_EXTRAS, baby_seats: -1 }, EXTRAS_PRICES)).toThrow(
      RangeError,
    );
    expect(() => legExtrasPrice({ ...NO_EXTRAS, waiting_min: 2.5 }, EXTRAS_PRICES)).toThrow(
      RangeError,
    );
  });
});

describe('isNight', () => {
  const wrapping = charges(); // 22:00–06:00

  it.each([
    [21 * 60 + 59, false],
    [22 * 60, true],
    [23 * 60 + 59, true],
    [0, true],
    [5 * 60 + 59, true],
    [6 * 60, false],
    [12 * 60, false],
  ])('minute %i in a window that wraps midnight: %s', (minute, night) => {
    expect(isNight(wrapping, minute)).toBe(night);
  });

  it('handles a window that does not wrap (00:00–05:00)', () => {
    const early = charges({ nightStartMinute: 0, nightEndMinute: 5 * 60 });
    expect(isNight(early, 0)).toBe(true);
    expect(isNight(early, 4 * 60 + 59)).toBe(true);
    expect(isNight(early, 5 * 60)).toBe(false);
    expect(isNight(early, 23 * 60)).toBe(false);
  });

  it('has no night when start equals end', () => {
    const none = charges({ nightStartMinute: 0, nightEndMinute: 0 });
    expect(isNight(none, 0)).toBe(false);
    expect(isNight(none, 23 * 60)).toBe(false);
  });
});

describe('isBankHoliday', () => {
  it.each<[string, HolidayRegion, boolean]>([
    ['2026-01-01', 'england-and-wales', true],
    ['2026-01-01', 'scotland', true],
    ['2026-01-02', 'scotland', true],
    ['2026-01-02', 'england-and-wales', false],
    ['2026-08-03', 'scotland', true],
    ['2026-08-03', 'england-and-wales', false],
    ['2026-08-31', 'england-and-wales', true],
    ['2026-08-31', 'scotland', false],
    ['2026-11-30', 'scotland', true],
    ['2026-11-30', 'england-and-wales', false],
  ])('%s in %s: %s', (date, region, holiday) => {
    expect(isBankHoliday(BANK_HOLIDAYS_2026, date, region)).toBe(holiday);
  });
});

// ---------------------------------------------------------------------------------------------
// Whole offers

describe('priceOffer', () => {
  it('prices a plain one-way trip by its miles', () => {
    expect(priceOffer(oneWay(), tables())).toEqual({
      companyId: COMPANY,
      categoryId: SALOON,
      price: 2645,
      finalPrice: 2645,
      breakdown: { outward_fare: 2645 },
    });
  });

  it('prices a return trip as two legs, each with its own uplifts', () => {
    const request: PriceRequest = {
      ...oneWay(),
      legs: [leg(), leg({ kind: 'return', miles: 20, minuteOfDay: 23 * 60 })],
    };
    const offer = priceOffer(request, tables());
    // Return: 300 + 2000 + 10 × 150 = 3800, +25 % at 23:00 = 950.
    expect(offer.breakdown).toEqual({ outward_fare: 2645, return_fare: 3800, night_uplift: 950 });
    expect(offer.finalPrice).toBe(7395);
  });

  it('uses a fixed fare for a direct leg between its zones, in either direction', () => {
    const request: PriceRequest = {
      ...oneWay(),
      legs: [
        leg({ miles: 15, fromZoneIds: [HEATHROW], toZoneIds: [CENTRAL_LONDON] }),
        leg({ kind: 'return', miles: 15, fromZoneIds: [CENTRAL_LONDON], toZoneIds: [HEATHROW] }),
      ],
    };
    expect(priceOffer(request, tables()).breakdown).toEqual({
      outward_fare: 6000,
      return_fare: 6000,
    });
  });

  it('prices a leg with stops by its miles even between fixed-fare zones', () => {
    const request = oneWay({
      miles: 15,
      direct: false,
      fromZoneIds: [HEATHROW],
      toZoneIds: [CENTRAL_LONDON],
    });
    expect(priceOffer(request, tables()).breakdown).toEqual({ outward_fare: 3050 });
  });

  it('ignores a fixed fare of another vehicle category', () => {
    const request = oneWay({ miles: 15, fromZoneIds: [HEATHROW], toZoneIds: [CENTRAL_LONDON] });
    const coach = tables({ rateCard: rateCard({ categoryId: SALOON + 1 }) });
    expect(priceOffer(request, coach).breakdown).toEqual({ outward_fare: 3050 });
  });

  it('adds the airport pickup charge for each leg that starts at an airport', () => {
    const request: PriceRequest = {
      ...oneWay(),
      legs: [leg({ pickupIsAirport: true }), leg({ kind: 'return', pickupIsAirport: true })],
    };
    expect(priceOffer(request, tables()).breakdown).toEqual({
      outward_fare: 2645,
      return_fare: 2645,
      airport_pickup_charge: 1000,
    });
  });

  it('adds no airport part when the operator charges nothing for it', () => {
    const request = oneWay({ pickupIsAirport: true });
    const free = tables({ charges: charges({ airportPickupCharge: asPence(0) }) });
    expect(priceOffer(request, free).breakdown).toEqual({ outward_fare: 2645 });
  });

  it('adds the night uplift for a leg starting in the night window, on the fare only', () => {
    const request = oneWay({
      minuteOfDay: 2 * 60,
      pickupIsAirport: true,
      extras: { ...NO_EXTRAS, meet_and_greet: 'yes' },
    });
    expect(priceOffer(request, tables()).breakdown).toEqual({
      outward_fare: 2645,
      airport_pickup_charge: 500,
      night_uplift: 661, // 25 % of 2645 = 661.25
      meet_and_greet: 500,
    });
  });

  it('adds no night uplift at 06:00, when the window has closed', () => {
    expect(priceOffer(oneWay({ minuteOfDay: 6 * 60 }), tables()).breakdown).toEqual({
      outward_fare: 2645,
    });
  });

  it("adds the bank holiday uplift on Scotland's summer holiday only in Scotland", () => {
    const scotland = priceOffer(oneWay({ date: '2026-08-03', region: 'scotland' }), tables());
    expect(scotland.breakdown).toEqual({ outward_fare: 2645, bank_holiday_uplift: 1323 });
    const england = priceOffer(oneWay({ date: '2026-08-03' }), tables());
    expect(england.breakdown).toEqual({ outward_fare: 2645 });
  });

  it("adds the bank holiday uplift on England's summer holiday only in England and Wales", () => {
    const england = priceOffer(oneWay({ date: '2026-08-31' }), tables());
    expect(england.breakdown).toEqual({ outward_fare: 2645, bank_holiday_uplift: 1323 });
    const scotland = priceOffer(oneWay({ date: '2026-08-31', region: 'scotland' }), tables());
    expect(scotland.breakdown).toEqual({ outward_fare: 2645 });
  });

  it('uplifts only the return leg when only the return falls on a bank holiday', () => {
    const request: PriceRequest = {
      ...oneWay(),
      legs: [
        leg({ date: '2026-01-01', region: 'scotland', miles: 5 }),
        leg({ kind: 'return', date: '2026-01-02', region: 'scotland', miles: 10 }),
      ],
    };
    // 50 % of 1300 + 50 % of 2300.
    expect(priceOffer(request, tables()).breakdown).toEqual({
      outward_fare: 1300,
      return_fare: 2300,
      bank_holiday_uplift: 1800,
    });
  });

  it('stacks night and bank holiday uplifts, each on the fare', () => {
    const request = oneWay({ date: '2026-11-30', region: 'scotland', minuteOfDay: 23 * 60 + 30 });
    expect(priceOffer(request, tables()).breakdown).toEqual({
      outward_fare: 2645,
      night_uplift: 661,
      bank_holiday_uplift: 1323,
    });
  });

  it("adds each leg's extras, summed per part", () => {
    const request: PriceRequest = {
      ...oneWay(),
      legs: [
        leg({ extras: { ...NO_EXTRAS, meet_and_greet: 'yes', baby_seats: 1, waiting_min: 10 } }),
        leg({ kind: 'return', extras: { ...NO_EXTRAS, meet_and_greet: 'yes', baby_seats: 2 } }),
      ],
    };
    expect(priceOffer(request, tables()).breakdown).toEqual({
      outward_fare: 2645,
      return_fare: 2645,
      meet_and_greet: 1000,
      baby_seats: 750,
      waiting_time: 300,
    });
  });

  it('charges the minimum fare for a very short leg', () => {
    expect(priceOffer(oneWay({ miles: 0.5 }), tables()).breakdown).toEqual({ outward_fare: 1000 });
  });

  describe('rounding off (ROUND_OFF yes)', () => {
    it('rounds down to the pound and records a negative round_off', () => {
      const offer = priceOffer(oneWay({}, { roundOff: true }), tables());
      expect(offer.price).toBe(2600);
      expect(offer.breakdown).toEqual({ outward_fare: 2645, round_off: -45 });
    });

    it('rounds 50p up', () => {
      const card = rateCard({ mileBands: [{ upToMiles: null, pencePerMile: asPence(235) }] });
      const offer = priceOffer(
        oneWay({ miles: 10 }, { roundOff: true }),
        tables({ rateCard: card }),
      );
      expect(offer.breakdown).toEqual({ outward_fare: 2650, round_off: 50 });
      expect(offer.price).toBe(2700);
    });

    it('adds no round_off part when the price is already whole pounds', () => {
      const offer = priceOffer(oneWay({ miles: 12 }, { roundOff: true }), tables());
      expect(offer.breakdown).toEqual({ outward_fare: 2600 }); // 300 + 2000 + 2 × 150
      expect(offer.price).toBe(2600);
    });
  });

  describe('several vehicles', () => {
    it('multiplies the price and carries the extra vehicles in one part', () => {
      const offer = priceOffer(oneWay({}, { vehicleCount: 3 }), tables());
      expect(offer.price).toBe(2645);
      expect(offer.finalPrice).toBe(7935);
      expect(offer.breakdown).toEqual({ outward_fare: 2645, additional_vehicles: 5290 });
    });

    it('rounds each vehicle, not the total, and still sums to the final price', () => {
      const offer = priceOffer(oneWay({}, { vehicleCount: 3, roundOff: true }), tables());
      expect(offer.price).toBe(2600);
      expect(offer.finalPrice).toBe(7800);
      expect(offer.breakdown).toEqual({
        outward_fare: 2645,
        round_off: -45,
        additional_vehicles: 5200,
      });
      expect(breakdownTotal(offer.breakdown)).toBe(7800);
    });
  });

  describe('hourly hire', () => {
    const hourly = (hours: number, legOverrides: Partial<PricingLeg> = {}): PriceRequest => ({
      mode: 'hourly',
      legs: [leg(legOverrides)],
      hours,
      vehicleCount: 1,
      roundOff: false,
    });

    it('charges the card total for the hours, whatever the miles', () => {
      expect(priceOffer(hourly(6, { miles: 999 }), tables()).breakdown).toEqual({
        hourly_fare: 11000,
      });
    });

    it('applies the airport charge, uplifts and extras as for a mileage leg', () => {
      const request = hourly(4, {
        pickupIsAirport: true,
        minuteOfDay: 22 * 60,
        extras: { ...NO_EXTRAS, wheel_chair: 'yes' },
      });
      expect(priceOffer(request, tables()).breakdown).toEqual({
        hourly_fare: 8000,
        airport_pickup_charge: 500,
        night_uplift: 2000,
        wheel_chair: 1000,
      });
    });

    it('throws NoRateError when the operator has no rate for the duration', () => {
      expect(() => priceOffer(hourly(5), tables())).toThrow(NoRateError);
      try {
        priceOffer(hourly(5), tables());
      } catch (error) {
        expect(error).toMatchObject({ companyId: COMPANY, categoryId: SALOON, hours: 5 });
      }
    });

    it.each([3, 25, 4.5])('rejects %d hours', (hours) => {
      expect(() => priceOffer(hourly(hours), tables())).toThrow(RangeError);
    });

    it('rejects a missing duration and more than one leg', () => {
      expect(() => priceOffer({ ...hourly(4), hours: undefined }, tables())).toThrow(RangeError);
      expect(() =>
        priceOffer({ ...hourly(4), legs: [leg(), leg({ kind: 'return' })] }, tables()),
      ).toThrow(RangeError);
    });
  });

  describe('invalid requests', () => {
    it.each([0, 7, 1.5, Number.NaN])('rejects %d vehicles', (vehicleCount) => {
      expect(() => priceOffer(oneWay({}, { vehicleCount }), tables())).toThrow(RangeError);
    });

    it.each([-0.1, Number.NaN, Number.POSITIVE_INFINITY])('rejects %d miles', (miles) => {
      expect(() => priceOffer(oneWay({ miles }), tables())).toThrow(RangeError);
    });

    it('rejects legs that are not an outward leg and an optional return', () => {
      const bad = (legs: PricingLeg[]) => priceOffer({ ...oneWay(), legs }, tables());
      expect(() => bad([])).toThrow(RangeError);
      expect(() => bad([leg({ kind: 'return' })])).toThrow(RangeError);
      expect(() => bad([leg(), leg({ kind: 'return' }), leg({ kind: 'return' })])).toThrow(
        RangeError,
      );
    });

    it.each([-1, 1440, 60.5])('rejects minute of the day %d', (minuteOfDay) => {
      expect(() => priceOffer(oneWay({ minuteOfDay }), tables())).toThrow(RangeError);
    });
  });
});

describe('breakdownToWire', () => {
  it('lists non-zero parts in pounds in the documented order, then final_price', () => {
    const wire = breakdownToWire(
      {
        additional_vehicles: asPence(5200),
        round_off: asPence(-45),
        outward_fare: asPence(2645),
        baby_seats: asPence(0),
      },
      asPence(7800),
    );
    expect(wire).toEqual({
      outward_fare: 26.45,
      additional_vehicles: 52,
      round_off: -0.45,
      final_price: 78,
    });
    expect(Object.keys(wire)).toEqual([
      'outward_fare',
      'additional_vehicles',
      'round_off',
      'final_price',
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties

const penceArb = (max: number) => fc.integer({ min: 0, max }).map(asPence);

const rateCardArb: fc.Arbitrary<RateCard> = fc
  .record({
    baseFare: penceArb(2_000),
    minimumFare: penceArb(5_000),
    firstBandEnd: fc.integer({ min: 1, max: 50 }),
    rates: fc.array(penceArb(500), { minLength: 1, maxLength: 3 }),
    hourly: fc.array(penceArb(50_000), { minLength: 21, maxLength: 21 }),
  })
  .map(({ baseFare, minimumFare, firstBandEnd, rates, hourly }) => ({
    companyId: COMPANY,
    categoryId: SALOON,
    baseFare,
    minimumFare,
    mileBands: rates.map((pencePerMile, i) => ({
      upToMiles: i === rates.length - 1 ? null : firstBandEnd * (i + 1),
      pencePerMile,
    })),
    hourlyRates: Object.fromEntries(hourly.map((pence, i) => [i + 4, pence])),
  }));

const chargesArb: fc.Arbitrary<CompanyCharges> = fc.record({
  companyId: fc.constant(COMPANY),
  airportPickupCharge: penceArb(2_000),
  nightUpliftBp: fc.integer({ min: 0, max: 10_000 }),
  nightStartMinute: fc.integer({ min: 0, max: 1439 }),
  nightEndMinute: fc.integer({ min: 0, max: 1439 }),
  bankHolidayUpliftBp: fc.integer({ min: 0, max: 10_000 }),
});

const extrasPricesArb: fc.Arbitrary<ExtrasPrices> = fc.record({
  meetAndGreet: penceArb(2_000),
  babySeatEach: penceArb(2_000),
  boosterSeatEach: penceArb(2_000),
  wheelChair: penceArb(2_000),
  specialLuggageEach: penceArb(2_000),
  perFiveWaitingMinutes: penceArb(2_000),
});

const tablesArb: fc.Arbitrary<PricingTables> = fc.record({
  rateCard: rateCardArb,
  charges: chargesArb,
  fixedFares: fc.array(
    fc.record({
      companyId: fc.constant(COMPANY),
      categoryId: fc.constant(SALOON),
      fromZoneId: fc.constantFrom(HEATHROW, CENTRAL_LONDON, GATWICK),
      toZoneId: fc.constantFrom(HEATHROW, CENTRAL_LONDON, GATWICK),
      bothWays: fc.boolean(),
      fare: penceArb(20_000),
    }),
    { maxLength: 3 },
  ),
  bankHolidays: fc.constant(BANK_HOLIDAYS_2026),
  extras: extrasPricesArb,
});

const legExtrasArb: fc.Arbitrary<LegExtras> = fc.record({
  passengers: fc.integer({ min: 1, max: 50 }),
  luggages: fc.integer({ min: 0, max: 20 }),
  hand_luggages: fc.integer({ min: 0, max: 20 }),
  special_luggage: fc.integer({ min: 0, max: 15 }),
  baby_seats: fc.integer({ min: 0, max: 15 }),
  booster_seats: fc.integer({ min: 0, max: 15 }),
  waiting_min: fc.integer({ min: 0, max: 20 }).map((blocks) => blocks * 5),
  meet_and_greet: fc.constantFrom('yes', 'no'),
  wheel_chair: fc.constantFrom('yes', 'no'),
});

/** Miles as the distance service gives them (tenths) or any float, up to 1,000. */
const milesArb = fc.oneof(
  fc.integer({ min: 0, max: 10_000 }).map((tenths) => tenths / 10),
  fc.double({ min: 0, max: 1_000, noNaN: true, noDefaultInfinity: true }),
);

const zoneIdsArb = fc.subarray([HEATHROW, CENTRAL_LONDON, GATWICK]);

const legArb = (kind: PricingLeg['kind']): fc.Arbitrary<PricingLeg> =>
  fc.record({
    kind: fc.constant(kind),
    miles: milesArb,
    fromZoneIds: zoneIdsArb,
    toZoneIds: zoneIdsArb,
    direct: fc.boolean(),
    pickupIsAirport: fc.boolean(),
    date: fc.constantFrom('2026-01-01', '2026-01-02', '2026-08-03', '2026-08-31', '2026-06-10'),
    minuteOfDay: fc.integer({ min: 0, max: 1439 }),
    region: fc.constantFrom<HolidayRegion>('england-and-wales', 'scotland'),
    extras: legExtrasArb,
  });

const mileageRequestArb: fc.Arbitrary<PriceRequest> = fc.record({
  mode: fc.constant('mileage' as const),
  legs: fc.oneof(fc.tuple(legArb('outward')), fc.tuple(legArb('outward'), legArb('return'))),
  vehicleCount: fc.integer({ min: 1, max: 6 }),
  roundOff: fc.boolean(),
});

const hourlyRequestArb: fc.Arbitrary<PriceRequest> = fc.record({
  mode: fc.constant('hourly' as const),
  legs: fc.tuple(legArb('outward')),
  hours: fc.integer({ min: 4, max: 24 }),
  vehicleCount: fc.integer({ min: 1, max: 6 }),
  roundOff: fc.boolean(),
});

describe('pricing properties', () => {
  it('breakdown parts are whole pence, non-zero, and sum exactly to finalPrice = price × vehicles', () => {
    fc.assert(
      fc.property(fc.oneof(mileageRequestArb, hourlyRequestArb), tablesArb, (request, data) => {
        const offer = priceOffer(request, data);
        const parts = Object.entries(offer.breakdown);
        for (const [part, pence] of parts) {
          expect(BREAKDOWN_PARTS).toContain(part);
          expect(Number.isInteger(pence)).toBe(true);
          expect(pence).not.toBe(0);
        }
        expect(parts.reduce((sum, [, pence]) => sum + (pence ?? 0), 0)).toBe(offer.finalPrice);
        expect(offer.finalPrice).toBe(offer.price * request.vehicleCount);
      }),
    );
  });

  it('more miles never cost less, everything else equal', () => {
    fc.assert(
      fc.property(mileageRequestArb, tablesArb, milesArb, (request, data, extra) => {
        const [outward, ...rest] = request.legs;
        if (!outward) return;
        const longer = {
          ...request,
          legs: [{ ...outward, miles: outward.miles + extra }, ...rest],
        };
        expect(priceOffer(longer, data).finalPrice).toBeGreaterThanOrEqual(
          priceOffer(request, data).finalPrice,
        );
      }),
    );
  });

  it('a return trip never costs less than the one-way of the same outward leg', () => {
    fc.assert(
      fc.property(
        legArb('outward'),
        legArb('return'),
        tablesArb,
        fc.integer({ min: 1, max: 6 }),
        fc.boolean(),
        (outward, back, data, vehicleCount, roundOff) => {
          const single: PriceRequest = { mode: 'mileage', legs: [outward], vehicleCount, roundOff };
          const both: PriceRequest = { ...single, legs: [outward, back] };
          expect(priceOffer(both, data).finalPrice).toBeGreaterThanOrEqual(
            priceOffer(single, data).finalPrice,
          );
        },
      ),
    );
  });

  it('with ROUND_OFF the price and final price are whole pounds', () => {
    fc.assert(
      fc.property(fc.oneof(mileageRequestArb, hourlyRequestArb), tablesArb, (request, data) => {
        const offer = priceOffer({ ...request, roundOff: true }, data);
        expect(offer.price % 100).toBe(0);
        expect(offer.finalPrice % 100).toBe(0);
        expect(Math.abs(offer.breakdown.round_off ?? 0)).toBeLessThanOrEqual(50);
      }),
    );
  });
});
