import { NoRateError, priceOffer } from '../../../domain/pricing';
import type { PriceRequest } from '../../../domain/pricing';
import type { PriceDetail } from '../../../contract/quotes';
import type { PricedOffer } from '../../../domain/pricing-model';
import {
  capacityCheck,
  chosenVehicleCapacityMessage,
  selectOffers,
} from '../../../domain/quote-rules';
import { HttpError } from '../../errors';
import type { PricedOfferingRow } from '../../repositories/pricing-repository';
import type { OfferingTables } from './offering-tables';
import type { PricingSnapshot } from './pricing-tables';
import { toPriceDetail } from './quote-mapper';
import type { PricingPlan } from './quote-plans';
import type { QuoteSettings } from './quote-settings';

/** One priced offer with what the results page shows of it. */
export interface Candidate {
  company_id: number;
  vehicle_id: number;
  /** Pence; selectOffers only compares them. */
  price: number;
  final_price: number;
  offering: PricedOfferingRow;
  offer: PricedOffer;
}

/**
 * Every offer that can carry the party, priced for one vehicle. Mileage quotes first pass the
 * capacity rule (422 with the spec's message when no vehicle is big enough); an hourly card
 * without a rate for the asked duration leaves its vehicle out.
 */
function priceCandidates(
  offeringTables: OfferingTables,
  plan: PricingPlan,
  snapshot: PricingSnapshot,
  settings: QuoteSettings,
): Candidate[] {
  let offerings = snapshot.offerings;
  if (plan.capacity) {
    const check = capacityCheck(plan.capacity, offeringTables.vehiclesFor(snapshot, settings));
    if (!check.ok) throw new HttpError(422, check.message);
    offerings = check.fitting.map((vehicle) => vehicle.offering);
  }
  // The same request for every offering: one vehicle, the plan's legs.
  const request: PriceRequest = { ...plan.request, vehicleCount: 1 };
  const candidates: Candidate[] = [];
  for (const offering of offerings) {
    let offer: PricedOffer;
    try {
      offer = priceOffer(request, offeringTables.tablesFor(offering, snapshot, settings));
    } catch (error) {
      if (error instanceof NoRateError) continue;
      throw error;
    }
    candidates.push({
      company_id: offering.companyId,
      vehicle_id: offering.categoryId,
      price: offer.price,
      final_price: offer.finalPrice,
      offering,
      offer,
    });
  }
  return candidates;
}

/** The offers the results page shows, cheapest first, under the operator settings. */
export function shownOffers(
  offeringTables: OfferingTables,
  plan: PricingPlan,
  snapshot: PricingSnapshot,
  settings: QuoteSettings,
): Candidate[] {
  return selectOffers(priceCandidates(offeringTables, plan, snapshot, settings), settings.map);
}

/** shownOffers as the API's price details. */
export function shownDetails(
  offeringTables: OfferingTables,
  plan: PricingPlan,
  snapshot: PricingSnapshot,
  settings: QuoteSettings,
): PriceDetail[] {
  return shownOffers(offeringTables, plan, snapshot, settings).map((c) =>
    toPriceDetail(c.offering, c.offer),
  );
}

/**
 * The limits a chosen vehicle the results page would not offer cannot meet, when the party
 * outgrew it (Edit Options with more luggage); null when that is not why.
 */
export function capacityRefusal(
  offeringTables: OfferingTables,
  chosen: { companyId: number; vehicleId: number },
  plan: PricingPlan,
  snapshot: PricingSnapshot,
  settings: QuoteSettings,
): string | null {
  const vehicle = plan.capacity
    ? offeringTables
        .vehiclesFor(snapshot, settings)
        .find(
          (v) =>
            v.offering.companyId === chosen.companyId && v.offering.categoryId === chosen.vehicleId,
        )
    : undefined;
  return plan.capacity && vehicle ? chosenVehicleCapacityMessage(plan.capacity, vehicle) : null;
}
