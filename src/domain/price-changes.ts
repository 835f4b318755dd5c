import { formatMoney, type Pence } from './money';
import { clockTime, percentOf } from './price-explanation';
import type { CompanyCharges, FixedFare, MileBand, RateCard } from './pricing-model';

/**
 * What changed between two versions of one company's prices, one line per change, as History
 * and the activity log show it ("Saloon: base fare £25.00 → £35.00").
 */

/** One company's whole prices: what a version keeps and Restore puts back. */
export interface CompanyPrices {
  rateCards: RateCard[];
  fixedFares: FixedFare[];
  charges: CompanyCharges;
}

/** Names for the ids a change line mentions. */
export interface PriceNames {
  category: (id: number) => string;
  zone: (id: number) => string;
}

function bandsText(bands: MileBand[]): string {
  return bands
    .map((band) =>
      band.upToMiles === null
        ? `${formatMoney(band.pencePerMile)}/mi beyond`
        : `${formatMoney(band.pencePerMile)}/mi to ${band.upToMiles} mi`,
    )
    .join(', ');
}

const money = (amount: Pence | undefined) => (amount === undefined ? 'none' : formatMoney(amount));

function cardChanges(before: RateCard, after: RateCard, name: string): string[] {
  const lines: string[] = [];
  if (before.baseFare !== after.baseFare) {
    lines.push(`${name}: base fare ${money(before.baseFare)} → ${money(after.baseFare)}`);
  }
  if (before.minimumFare !== after.minimumFare) {
    lines.push(`${name}: minimum fare ${money(before.minimumFare)} → ${money(after.minimumFare)}`);
  }
  const [was, now] = [bandsText(before.mileBands), bandsText(after.mileBands)];
  if (was !== now) lines.push(`${name}: mile bands ${was || 'none'} → ${now || 'none'}`);
  for (let hours = 4; hours <= 24; hours += 1) {
    const [old, fresh] = [before.hourlyRates[hours], after.hourlyRates[hours]];
    if (old !== fresh) lines.push(`${name}: ${hours}-hour price ${money(old)} → ${money(fresh)}`);
  }
  return lines;
}

const fareKey = (fare: FixedFare) => `${fare.categoryId}:${fare.fromZoneId}:${fare.toZoneId}`;

function fareChanges(before: FixedFare[], after: FixedFare[], names: PriceNames): string[] {
  const label = (fare: FixedFare) =>
    `${names.category(fare.categoryId)}: fixed fare ${names.zone(fare.fromZoneId)} → ${names.zone(fare.toZoneId)}`;
  const ways = (fare: FixedFare) => (fare.bothWays ? 'both ways' : 'one way');
  const old = new Map(before.map((fare) => [fareKey(fare), fare]));
  const lines: string[] = [];
  for (const fare of after) {
    const was = old.get(fareKey(fare));
    old.delete(fareKey(fare));
    if (!was) lines.push(`${label(fare)} added: ${money(fare.fare)} (${ways(fare)})`);
    else if (was.fare !== fare.fare || was.bothWays !== fare.bothWays) {
      lines.push(
        `${label(fare)}: ${money(was.fare)} (${ways(was)}) → ${money(fare.fare)} (${ways(fare)})`,
      );
    }
  }
  for (const gone of old.values()) lines.push(`${label(gone)} removed`);
  return lines;
}

function chargeChanges(before: CompanyCharges, after: CompanyCharges): string[] {
  const lines: string[] = [];
  if (before.airportPickupCharge !== after.airportPickupCharge) {
    lines.push(
      `Airport pickup charge ${money(before.airportPickupCharge)} → ${money(after.airportPickupCharge)}`,
    );
  }
  if (before.nightUpliftBp !== after.nightUpliftBp) {
    lines.push(
      `Night uplift ${percentOf(before.nightUpliftBp)} → ${percentOf(after.nightUpliftBp)}`,
    );
  }
  const window = (c: CompanyCharges) =>
    `${clockTime(c.nightStartMinute)}–${clockTime(c.nightEndMinute)}`;
  if (window(before) !== window(after))
    lines.push(`Night window ${window(before)} → ${window(after)}`);
  if (before.bankHolidayUpliftBp !== after.bankHolidayUpliftBp) {
    lines.push(
      `Bank-holiday uplift ${percentOf(before.bankHolidayUpliftBp)} → ${percentOf(after.bankHolidayUpliftBp)}`,
    );
  }
  return lines;
}

/** Every difference from `before` to `after`, one line each; empty when nothing changed. */
export function describePriceChanges(
  before: CompanyPrices,
  after: CompanyPrices,
  names: PriceNames,
): string[] {
  const lines: string[] = [];
  for (const card of after.rateCards) {
    const was = before.rateCards.find((c) => c.categoryId === card.categoryId);
    const name = names.category(card.categoryId);
    if (was) lines.push(...cardChanges(was, card, name));
    else lines.push(`${name}: rate card added`);
  }
  lines.push(...fareChanges(before.fixedFares, after.fixedFares, names));
  lines.push(...chargeChanges(before.charges, after.charges));
  return lines;
}
