import { findFixedFare, hourlyFare, mileBandsUsed, mileageFare } from './fares';
import { formatMoney, pence, type Pence } from './money';
import { applyBasisPoints, roundPenceHalfUp } from './pence-rounding';
import {
  breakdownTotal,
  isNight,
  type PriceRequest,
  type PricingLeg,
  type PricingTables,
} from './pricing';
import { BREAKDOWN_LABELS, type BreakdownPart, type PricedOffer, type Zone } from './pricing-model';
import { formatDateGB } from './time';

/**
 * Why a price is what it is, in sentences an operator reads (issue 33, Try a quote): the mile
 * bands and the miles in each, the fixed fare that matched, why an uplift applied, the minimum
 * fare and the rounding. Derived from the same inputs and the same fare functions as priceOffer,
 * which stays free of text so a quote costs no more; the final line states priceOffer's own
 * answer, and the tests hold the two together.
 */

/** Minutes after midnight as HH:MM. */
export function clockTime(minuteOfDay: number): string {
  const hours = Math.floor(minuteOfDay / 60);
  const minutes = minuteOfDay % 60;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/** Basis points as a percentage: 2000 → "20%", 1250 → "12.5%". */
export function percentOf(basisPoints: number): string {
  return `${basisPoints / 100}%`;
}

/** A distance in miles for a sentence: at most two decimals. */
function milesText(miles: number): string {
  return `${Math.round(miles * 100) / 100}`;
}

const LEG_NAMES: Record<PricingLeg['kind'], string> = { outward: 'Outward', return: 'Return' };

function zoneName(zones: Zone[], id: number): string {
  return zones.find((zone) => zone.id === id)?.name ?? `zone ${id}`;
}

/** The mileage fare of a leg, band by band, and whether the minimum fare lifted it. */
function mileageLines(name: string, tables: PricingTables, miles: number): string[] {
  const card = tables.rateCard;
  const used = mileBandsUsed(card, miles);
  const bands = used.map((band) => {
    const range =
      band.toMiles === null
        ? `beyond ${milesText(band.fromMiles)}`
        : `${milesText(band.fromMiles)}–${milesText(band.toMiles)}`;
    const amount = roundPenceHalfUp(band.miles * band.pencePerMile);
    return `${milesText(band.miles)} mi × ${formatMoney(band.pencePerMile)} (miles ${range}) = ${formatMoney(amount)}`;
  });
  // As mileageFare: the bands' pence are rounded once, together.
  const byTheMile = pence(
    card.baseFare + roundPenceHalfUp(used.reduce((sum, b) => sum + b.miles * b.pencePerMile, 0)),
  );
  const fare = mileageFare(card, miles);
  const sum = bands.length > 0 ? ` + ${bands.join(' + ')}` : '';
  return [
    `${name}: ${milesText(miles)} miles: base fare ${formatMoney(card.baseFare)}${sum} = ${formatMoney(byTheMile)}.`,
    byTheMile < card.minimumFare
      ? `${name}: ${formatMoney(byTheMile)} is below the minimum fare, so the minimum fare ${formatMoney(fare)} applies.`
      : `${name}: at least the minimum fare ${formatMoney(card.minimumFare)}, so the fare is ${formatMoney(fare)}.`,
  ];
}

/** The fare of one leg: hourly, fixed between zones, or by the mile. */
function fareLines(
  request: PriceRequest,
  leg: PricingLeg,
  tables: PricingTables,
  zones: Zone[],
): { lines: string[]; fare: Pence } {
  const name = LEG_NAMES[leg.kind];
  const { rateCard } = tables;
  if (request.mode === 'hourly') {
    const hours = request.hours ?? 0;
    const fare = hourlyFare(rateCard, hours) ?? pence(0);
    return {
      lines: [`${hours}-hour hire: ${formatMoney(fare)} from the card's hourly prices.`],
      fare,
    };
  }
  const args = [
    tables.fixedFares,
    rateCard.companyId,
    rateCard.categoryId,
    leg.fromZoneIds,
    leg.toZoneIds,
  ] as const;
  const fixed = findFixedFare(...args);
  if (fixed && leg.direct) {
    const reversed = !(
      leg.fromZoneIds.includes(fixed.fromZoneId) && leg.toZoneIds.includes(fixed.toZoneId)
    );
    const [from, to] = reversed
      ? [fixed.toZoneId, fixed.fromZoneId]
      : [fixed.fromZoneId, fixed.toZoneId];
    const ways = fixed.bothWays ? 'both ways' : 'one way';
    return {
      lines: [
        `${name}: fixed fare ${zoneName(zones, from)} → ${zoneName(zones, to)} (${ways}) ${formatMoney(fixed.fare)} replaces the mileage fare.`,
      ],
      fare: fixed.fare,
    };
  }
  const lines = fixed
    ? [
        `${name}: the journey has stops, so the fixed fare ${zoneName(zones, fixed.fromZoneId)} → ${zoneName(zones, fixed.toZoneId)} does not apply.`,
      ]
    : [];
  lines.push(...mileageLines(name, tables, leg.miles));
  return { lines, fare: mileageFare(rateCard, leg.miles) };
}

/** The airport charge and the uplifts of one leg, each with its reason. */
function chargeLines(leg: PricingLeg, tables: PricingTables, fare: Pence): string[] {
  const { charges } = tables;
  const name = LEG_NAMES[leg.kind];
  const lines: string[] = [];
  if (leg.pickupIsAirport && charges.airportPickupCharge > 0) {
    lines.push(
      `${name}: the pickup is at an airport, so the airport pickup charge ${formatMoney(charges.airportPickupCharge)} is added.`,
    );
  }
  const window = `${clockTime(charges.nightStartMinute)}–${clockTime(charges.nightEndMinute)}`;
  const pickup = clockTime(leg.minuteOfDay);
  if (charges.nightUpliftBp > 0 && charges.nightStartMinute !== charges.nightEndMinute) {
    lines.push(
      isNight(charges, leg.minuteOfDay)
        ? `${name}: pickup ${pickup} is inside ${window}, so the night uplift of ${percentOf(charges.nightUpliftBp)} adds ${formatMoney(applyBasisPoints(fare, charges.nightUpliftBp))}.`
        : `${name}: pickup ${pickup} is outside ${window}: no night uplift.`,
    );
  }
  const holiday = tables.bankHolidays.find((h) => h.date === leg.date && h.region === leg.region);
  if (holiday && charges.bankHolidayUpliftBp > 0) {
    lines.push(
      `${name}: ${formatDateGB(leg.date)} is a bank holiday (${holiday.name}), so the bank-holiday uplift of ${percentOf(charges.bankHolidayUpliftBp)} adds ${formatMoney(applyBasisPoints(fare, charges.bankHolidayUpliftBp))}.`,
    );
  }
  return lines;
}

const EXTRA_PARTS: BreakdownPart[] = [
  'meet_and_greet',
  'baby_seats',
  'booster_seats',
  'wheel_chair',
  'special_luggage',
  'waiting_time',
];

/** Extras, rounding and vehicle count, read from the offer priceOffer made. */
function totalLines(request: PriceRequest, offer: PricedOffer): string[] {
  const { breakdown } = offer;
  const lines: string[] = [];
  const extras = EXTRA_PARTS.filter((part) => breakdown[part] !== undefined).map(
    (part) => `${BREAKDOWN_LABELS[part]} ${formatMoney(breakdown[part]!)}`,
  );
  if (extras.length > 0) lines.push(`Extras: ${extras.join(', ')}.`);
  const roundOff = breakdown.round_off ?? pence(0);
  const unrounded = pence(offer.price - roundOff);
  if (request.roundOff) {
    lines.push(`Rounded to whole pounds: ${formatMoney(unrounded)} → ${formatMoney(offer.price)}.`);
  } else {
    lines.push(`No rounding: prices are kept to the penny (ROUND_OFF is off).`);
  }
  if (request.vehicleCount > 1) {
    lines.push(
      `${request.vehicleCount} vehicles × ${formatMoney(offer.price)} = ${formatMoney(offer.finalPrice)}.`,
    );
  }
  lines.push(`Final price ${formatMoney(offer.finalPrice)}.`);
  return lines;
}

/** Why `offer` (priceOffer's answer for `request` and `tables`) is the price it is, line by line. */
export function explainOffer(
  request: PriceRequest,
  tables: PricingTables,
  offer: PricedOffer,
  zones: Zone[],
): string[] {
  const lines: string[] = [];
  for (const leg of request.legs) {
    const { lines: fare, fare: amount } = fareLines(request, leg, tables, zones);
    lines.push(...fare, ...chargeLines(leg, tables, amount));
  }
  // The parts above are priceOffer's own: say so if they ever disagree rather than mislead.
  if (breakdownTotal(offer.breakdown) !== offer.finalPrice)
    lines.push('The parts do not add up to the price.');
  lines.push(...totalLines(request, offer));
  return lines;
}
