import { haversineKm } from './geo';
import { assertPence, pence, type Pence } from './money';
import { roundPenceHalfUp } from './pence-rounding';
import type { FixedFare, RateCard, Zone } from './pricing-model';

/** An operator's fares for one vehicle category: by the mile, by the hour, or fixed by zone. */

/** Throws unless a distance is a usable number of miles. */
export function assertMiles(miles: number): void {
  if (!Number.isFinite(miles) || miles < 0) throw new RangeError(`Not a distance: ${miles}`);
}

/**
 * Base fare plus the per-mile bands (each band charges the miles between the previous band's end
 * and its own), never below the minimum fare. Miles beyond a last band that has an end are
 * charged at that band's rate, so a mis-entered card cannot make long trips cheaper.
 */
export function mileageFare(card: RateCard, miles: number): Pence {
  assertMiles(miles);
  let perMile = 0; // fractional pence, rounded once below so bands do not each add a rounding
  let bandStart = 0;
  for (const band of card.mileBands) {
    const bandEnd = band.upToMiles ?? Number.POSITIVE_INFINITY;
    const milesInBand = Math.min(miles, bandEnd) - bandStart;
    if (milesInBand > 0) perMile += milesInBand * band.pencePerMile;
    bandStart = Math.max(bandStart, bandEnd);
  }
  const last = card.mileBands.at(-1);
  if (last && miles > bandStart) perMile += (miles - bandStart) * last.pencePerMile;
  const fare = card.baseFare + roundPenceHalfUp(perMile);
  assertPence(fare);
  return pence(Math.max(fare, card.minimumFare));
}

/** The card's total for an N-hour hire, or null when the operator does not offer that duration. */
export function hourlyFare(card: RateCard, hours: number): Pence | null {
  return card.hourlyRates[hours] ?? null;
}

/** The zones whose circle holds a point (a point on the edge counts as inside). */
export function zonesContaining(zones: Zone[], point: { lat: number; lng: number }): Zone[] {
  return zones.filter((zone) => haversineKm(zone, point) <= zone.radiusKm);
}

/** Whether a fixed fare covers a trip from any of one set of zones to any of another. */
function fixedFareCovers(fare: FixedFare, fromZoneIds: number[], toZoneIds: number[]): boolean {
  const forward = fromZoneIds.includes(fare.fromZoneId) && toZoneIds.includes(fare.toZoneId);
  const backward =
    fare.bothWays && fromZoneIds.includes(fare.toZoneId) && toZoneIds.includes(fare.fromZoneId);
  return forward || backward;
}

/** The operator's fixed fare for this category between the zones, the cheapest if several apply. */
export function findFixedFare(
  fares: FixedFare[],
  companyId: number,
  categoryId: number,
  fromZoneIds: number[],
  toZoneIds: number[],
): FixedFare | undefined {
  let best: FixedFare | undefined;
  for (const fare of fares) {
    if (fare.companyId !== companyId || fare.categoryId !== categoryId) continue;
    if (!fixedFareCovers(fare, fromZoneIds, toZoneIds)) continue;
    if (best === undefined || fare.fare < best.fare) best = fare;
  }
  return best;
}

/** How many miles of a journey one band of a card charged, and at what rate. */
export interface MileBandUse {
  fromMiles: number;
  /** Null: every mile beyond fromMiles. */
  toMiles: number | null;
  miles: number;
  pencePerMile: Pence;
}

/**
 * The bands mileageFare charges for `miles`, each with its miles: the same walk as
 * mileageFare, kept apart so the quote path builds no list. The price preview explains a fare
 * with it; a test holds the two to the same total.
 */
export function mileBandsUsed(card: RateCard, miles: number): MileBandUse[] {
  assertMiles(miles);
  const used: MileBandUse[] = [];
  let bandStart = 0;
  for (const band of card.mileBands) {
    const bandEnd = band.upToMiles ?? Number.POSITIVE_INFINITY;
    const milesInBand = Math.min(miles, bandEnd) - bandStart;
    if (milesInBand > 0) {
      used.push({
        fromMiles: bandStart,
        toMiles: band.upToMiles,
        miles: milesInBand,
        pencePerMile: band.pencePerMile,
      });
    }
    bandStart = Math.max(bandStart, bandEnd);
  }
  const last = card.mileBands.at(-1);
  if (last && miles > bandStart) {
    used.push({
      fromMiles: bandStart,
      toMiles: null,
      miles: miles - bandStart,
      pencePerMile: last.pencePerMile,
    });
  }
  return used;
}
