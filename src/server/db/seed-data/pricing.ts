import { DEMO_COMPANIES, DEMO_OFFERINGS } from './operators';

/**
 * The demo's prices: a rate card per operator and category, the zones that fixed fares and the
 * airport pickup charge use, fixed airport fares to central London, each operator's charges,
 * and addresses the demo refuses. Amounts are integer pence, uplifts basis points (1 % = 100).
 *
 * The cards come from one tariff per category (what a mid-priced operator in the South East
 * charges in 2026) scaled by each operator's price level, so the three operators differ the
 * way real ones do without 16 hand-kept tables drifting apart.
 */

/** A per-mile band: miles up to `upToMiles` (null: every mile beyond) at a rate. */
export interface DemoMileBand {
  upToMiles: number | null;
  pencePerMile: number;
}

/** One operator's card for one category, named by company and category name. */
export interface DemoRateCard {
  company: string;
  category: string;
  baseFarePence: number;
  minimumFarePence: number;
  mileBands: DemoMileBand[];
  /** Whole price of an N-hour hire, N = 4..24. */
  hourlyRates: Record<number, number>;
}

/** A circle on the map; `isAirport` zones charge the airport pickup fee. */
export interface DemoZone {
  name: string;
  lat: number;
  lng: number;
  radiusKm: number;
  isAirport: boolean;
}

/** A zone-to-zone fare for one operator's category, zones named by name. */
export interface DemoFixedFare {
  company: string;
  category: string;
  from: string;
  to: string;
  bothWays: boolean;
  farePence: number;
}

/** An operator's airport, night and bank-holiday charges. */
export interface DemoCompanyCharges {
  company: string;
  airportPickupPence: number;
  nightStartMinute: number;
  nightEndMinute: number;
  nightUpliftBp: number;
  bankHolidayUpliftBp: number;
}

/** A pattern matched inside any address of a trip. */
export interface DemoBannedAddress {
  pattern: string;
  reason: string;
}

/** A mid-priced operator's tariff for one category. */
interface CategoryTariff {
  baseFarePence: number;
  /** The first 10 miles. */
  firstMilesPence: number;
  /** Every mile after the first 10. */
  laterMilesPence: number;
  minimumFarePence: number;
  /** 4 hours; hours 5 to 8 add `hourPence`, later hours the cheaper `longHourPence`. */
  fourHoursPence: number;
  hourPence: number;
  longHourPence: number;
  /** Fixed fares scale from the saloon's by this factor. */
  fixedFareFactor: number;
}

const TARIFFS: Record<string, CategoryTariff> = {
  Saloon: {
    baseFarePence: 350,
    firstMilesPence: 240,
    laterMilesPence: 180,
    minimumFarePence: 1500,
    fourHoursPence: 14_000,
    hourPence: 3000,
    longHourPence: 2600,
    fixedFareFactor: 1,
  },
  Estate: {
    baseFarePence: 400,
    firstMilesPence: 260,
    laterMilesPence: 195,
    minimumFarePence: 1700,
    fourHoursPence: 15_500,
    hourPence: 3300,
    longHourPence: 2900,
    fixedFareFactor: 1.1,
  },
  Executive: {
    baseFarePence: 600,
    firstMilesPence: 360,
    laterMilesPence: 280,
    minimumFarePence: 3000,
    fourHoursPence: 22_000,
    hourPence: 4800,
    longHourPence: 4200,
    fixedFareFactor: 1.55,
  },
  MPV: {
    baseFarePence: 500,
    firstMilesPence: 320,
    laterMilesPence: 240,
    minimumFarePence: 2200,
    fourHoursPence: 18_000,
    hourPence: 4000,
    longHourPence: 3500,
    fixedFareFactor: 1.3,
  },
  '8-Seat Minibus': {
    baseFarePence: 700,
    firstMilesPence: 400,
    laterMilesPence: 300,
    minimumFarePence: 3500,
    fourHoursPence: 24_000,
    hourPence: 5200,
    longHourPence: 4600,
    fixedFareFactor: 1.7,
  },
  'Wheelchair Accessible': {
    baseFarePence: 500,
    firstMilesPence: 300,
    laterMilesPence: 230,
    minimumFarePence: 2200,
    fourHoursPence: 18_000,
    hourPence: 4000,
    longHourPence: 3500,
    fixedFareFactor: 1.3,
  },
};

/** How each operator prices against the mid-priced tariff, and how its mileage bands run. */
const OPERATOR_PRICING: Record<string, { levelPercent: number; longDistanceBand: boolean }> = {
  // The premium operator; a third band makes its long runs (airport to the Midlands) cheaper.
  'Heathrow Executive Cars': { levelPercent: 110, longDistanceBand: true },
  'Thames Valley Private Hire': { levelPercent: 100, longDistanceBand: false },
  'Northern Star Chauffeurs': { levelPercent: 95, longDistanceBand: false },
};

/** Rounds to a multiple of `step` pence, halves up; prices on a card are tidy amounts. */
function tidy(pence: number, step: number): number {
  return Math.round(pence / step) * step;
}

function rateCard(company: string, category: string): DemoRateCard | undefined {
  const tariff = TARIFFS[category];
  const operator = OPERATOR_PRICING[company];
  if (!tariff || !operator) return undefined;
  const scale = (pence: number, step: number) => tidy((pence * operator.levelPercent) / 100, step);
  const later = scale(tariff.laterMilesPence, 5);
  const mileBands: DemoMileBand[] = [
    { upToMiles: 10, pencePerMile: scale(tariff.firstMilesPence, 5) },
    ...(operator.longDistanceBand
      ? [
          { upToMiles: 50, pencePerMile: later },
          { upToMiles: null, pencePerMile: tidy(later * 0.9, 5) },
        ]
      : [{ upToMiles: null, pencePerMile: later }]),
  ];
  const hourlyRates: Record<number, number> = {};
  let total = tariff.fourHoursPence;
  for (let hours = 4; hours <= 24; hours += 1) {
    if (hours > 4) total += hours <= 8 ? tariff.hourPence : tariff.longHourPence;
    hourlyRates[hours] = scale(total, 100);
  }
  return {
    company,
    category,
    baseFarePence: scale(tariff.baseFarePence, 10),
    minimumFarePence: scale(tariff.minimumFarePence, 50),
    mileBands,
    hourlyRates,
  };
}

/** A rate card for every category each demo operator runs. */
export const DEMO_RATE_CARDS: DemoRateCard[] = Object.entries(DEMO_OFFERINGS).flatMap(
  ([company, categories]) =>
    categories.flatMap((category) => {
      const card = rateCard(company, category);
      return card ? [card] : [];
    }),
);

/** The zone that airport fixed fares run to. */
export const CENTRAL_LONDON = 'Central London';

/**
 * Airports as circles round their terminals (a pickup inside pays the airport pickup charge),
 * and central London as 4 km round Charing Cross, the traditional centre of London.
 */
export const DEMO_ZONES: DemoZone[] = [
  { name: 'Heathrow Airport (LHR)', lat: 51.47, lng: -0.4543, radiusKm: 3.5, isAirport: true },
  { name: 'Gatwick Airport (LGW)', lat: 51.158, lng: -0.17, radiusKm: 2, isAirport: true },
  { name: 'Stansted Airport (STN)', lat: 51.8893, lng: 0.2622, radiusKm: 2, isAirport: true },
  { name: 'Luton Airport (LTN)', lat: 51.879, lng: -0.376, radiusKm: 2, isAirport: true },
  // Small, so ExCeL and the Docklands flats next door are not "at the airport".
  { name: 'London City Airport (LCY)', lat: 51.5037, lng: 0.0495, radiusKm: 1, isAirport: true },
  { name: 'Manchester Airport (MAN)', lat: 53.3637, lng: -2.274, radiusKm: 2.5, isAirport: true },
  { name: 'Birmingham Airport (BHX)', lat: 52.4527, lng: -1.7335, radiusKm: 2, isAirport: true },
  { name: 'Edinburgh Airport (EDI)', lat: 55.9486, lng: -3.3636, radiusKm: 2, isAirport: true },
  { name: 'Glasgow Airport (GLA)', lat: 55.8696, lng: -4.4333, radiusKm: 2, isAirport: true },
  { name: 'Bristol Airport (BRS)', lat: 51.3864, lng: -2.7113, radiusKm: 2, isAirport: true },
  { name: CENTRAL_LONDON, lat: 51.508, lng: -0.1247, radiusKm: 4, isAirport: false },
];

/**
 * A saloon's fixed fare to central London from each London airport, at the mid price level:
 * about what the meter gives to Charing Cross, so a passenger to the far side of the zone
 * gains and one to the near side pays a little more for a price known in advance.
 */
const SALOON_TO_CENTRAL_LONDON: Record<string, number> = {
  'Heathrow Airport (LHR)': 4500,
  'Gatwick Airport (LGW)': 6500,
  'Stansted Airport (STN)': 8000,
  'Luton Airport (LTN)': 7200,
};

/** Airport <-> central London fares, both ways, for every card, in whole pounds. */
export const DEMO_FIXED_FARES: DemoFixedFare[] = DEMO_RATE_CARDS.flatMap((card) => {
  const tariff = TARIFFS[card.category];
  const operator = OPERATOR_PRICING[card.company];
  if (!tariff || !operator) return [];
  return Object.entries(SALOON_TO_CENTRAL_LONDON).map(([airport, saloonPence]) => ({
    company: card.company,
    category: card.category,
    from: airport,
    to: CENTRAL_LONDON,
    bothWays: true,
    farePence: tidy((saloonPence * tariff.fixedFareFactor * operator.levelPercent) / 100, 100),
  }));
});

const NIGHT_FROM_22_00 = 22 * 60;
const NIGHT_TO_06_00 = 6 * 60;

/** Airport pickup £5–£7.50, night 22:00–06:00 at +20–25 %, bank holidays +50 %. */
export const DEMO_COMPANY_CHARGES: DemoCompanyCharges[] = [
  {
    company: 'Heathrow Executive Cars',
    airportPickupPence: 750,
    nightStartMinute: NIGHT_FROM_22_00,
    nightEndMinute: NIGHT_TO_06_00,
    nightUpliftBp: 2500,
    bankHolidayUpliftBp: 5000,
  },
  {
    company: 'Thames Valley Private Hire',
    airportPickupPence: 600,
    nightStartMinute: NIGHT_FROM_22_00,
    nightEndMinute: NIGHT_TO_06_00,
    nightUpliftBp: 2000,
    bankHolidayUpliftBp: 5000,
  },
  {
    company: 'Northern Star Chauffeurs',
    airportPickupPence: 500,
    nightStartMinute: NIGHT_FROM_22_00,
    nightEndMinute: NIGHT_TO_06_00,
    nightUpliftBp: 2000,
    bankHolidayUpliftBp: 5000,
  },
].filter((charges) => DEMO_COMPANIES.some((company) => company.name === charges.company));

/** Addresses the demo refuses, so the "Address is banned" rule can be tried. */
export const DEMO_BANNED_ADDRESSES: DemoBannedAddress[] = [
  { pattern: 'Banned Test Road', reason: 'Demo address for the banned-address rule' },
  { pattern: 'Blocked Test Lane', reason: 'Demo address for the banned-address rule' },
];
