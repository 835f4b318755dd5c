import type { PriceDetail } from '../../../../contract/quotes';
import { isEnabled, type SettingsMap } from '../../../../domain/settings';

/** One card of the results page: an offer, and whether it is the 'Lowest Price' card. */
export type OfferCard = {
  key: string;
  detail: PriceDetail;
  lowest: boolean;
  /** Price of one vehicle, in pounds as the server sent it. */
  price: number;
  /** What the offer comes to as priced; the Lowest Price card takes the breakdown's figure. */
  finalPrice: number;
};

/** The cheapest offer: the first whose price is the minimum of the price values (spec section 9). */
export function lowestOffer(details: readonly PriceDetail[]): PriceDetail | undefined {
  if (details.length === 0) return undefined;
  const minimum = Math.min(...details.map((detail) => detail.price));
  return details.find((detail) => detail.price === minimum);
}

/**
 * The results page's cards in order. With MULTIPLE_OPERATORS enable and offers from more than
 * one operator, a 'Lowest Price' card (the cheapest offer) comes first; then every offer as the
 * server ordered them.
 */
export function offerCards(details: readonly PriceDetail[], settings: SettingsMap): OfferCard[] {
  const cards: OfferCard[] = details.map((detail) => ({
    key: `${detail.company_id}-${detail.vehicle_id}`,
    detail,
    lowest: false,
    price: detail.price,
    finalPrice: detail.final_price,
  }));
  const operators = new Set(details.map((detail) => detail.company_id));
  const lowest = lowestOffer(details);
  if (!lowest || operators.size < 2 || !isEnabled(settings, 'MULTIPLE_OPERATORS')) return cards;
  return [
    {
      key: 'lowest',
      detail: lowest,
      lowest: true,
      price: lowest.price,
      finalPrice: lowest.breakdown.final_price ?? lowest.final_price,
    },
    ...cards,
  ];
}
