import type {
  DistanceResult,
  PriceDetail,
  QuoteDistance,
  QuotePlace,
  SelectedVehiclePriceResponse,
} from '../../../contract/quotes';
import { penceToPounds } from '../../../domain/money';
import { breakdownToWire } from '../../../domain/pricing';
import type { PricedOffer } from '../../../domain/pricing-model';
import type { PricedOfferingRow } from '../../repositories/pricing-repository';
import type { MeasuredRoute } from '../distance/distance-provider';

/** Whole minutes of a route, as the API sends durations. */
function wholeMinutes(route: MeasuredRoute): number {
  return Math.round(route.minutes);
}

/** Miles with one decimal, as the API sends distances. */
function milesOneDecimal(miles: number): number {
  return Math.round(miles * 10) / 10;
}

/** POST /calculate-distance's answer for one measured route. */
export function toDistanceResult(route: MeasuredRoute): DistanceResult {
  const minutes = wholeMinutes(route);
  return { via_miles: milesOneDecimal(route.miles), duration: minutes, time_duration: minutes };
}

/** The journey a mileage quote measured, outward and (for a return) back. */
export function toQuoteDistance(outward: MeasuredRoute, back: MeasuredRoute | null): QuoteDistance {
  return {
    via_miles: milesOneDecimal(outward.miles),
    duration: wholeMinutes(outward),
    return_via_miles: back ? milesOneDecimal(back.miles) : null,
    return_duration: back ? wholeMinutes(back) : null,
  };
}

/** Degrees to 4 decimals: about 10 m, enough for a sketch of the route. */
function roundDegrees(degrees: number): number {
  return Math.round(degrees * 1e4) / 1e4;
}

/** Where the route's places were put, each once and in order (an hourly route repeats its pickup). */
export function toQuotePlaces(route: MeasuredRoute): QuotePlace[] {
  const seen = new Set<string>();
  return route.points.flatMap((point) => {
    if (seen.has(point.field)) return [];
    seen.add(point.field);
    return [{ field: point.field, lat: roundDegrees(point.lat), lng: roundDegrees(point.lng) }];
  });
}

/** One operator's vehicle and its price in pounds, in the order the API sends them. */
export function toPriceDetail(offering: PricedOfferingRow, offer: PricedOffer): PriceDetail {
  return {
    vehicle_id: offering.categoryId,
    company_id: offering.companyId,
    company_name: offering.companyName,
    vehicle_type: offering.categoryName,
    vehicle_image: offering.imagePath,
    max_seat: offering.seats,
    luggage: offering.luggage,
    small_luggage: offering.handLuggage,
    rating: Math.round(offering.rating * 10) / 10,
    price: penceToPounds(offer.price),
    final_price: penceToPounds(offer.finalPrice),
    breakdown: breakdownToWire(offer.breakdown, offer.finalPrice),
  };
}

/** A stored quote as POST /calculate-selected-vehicle-price answers it (without `success`). */
export function toSelectedVehiclePrice(quote: {
  id: string;
  expiresAt: Date;
  vehicleCount: number;
  detail: PriceDetail;
}): Omit<SelectedVehiclePriceResponse, 'success'> {
  const { detail } = quote;
  return {
    quote_id: quote.id,
    expires_at: quote.expiresAt.toISOString(),
    vehicle_count: quote.vehicleCount,
    price: detail.price,
    final_price: detail.final_price,
    breakdown: detail.breakdown,
    price_detail: detail,
  };
}
