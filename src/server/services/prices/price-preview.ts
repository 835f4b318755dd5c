import type {
  PreviewEntry,
  PriceChanges,
  PricePreviewRequest,
} from '../../../contract/operator-prices';
import { penceToPounds } from '../../../domain/money';
import { explainOffer } from '../../../domain/price-explanation';
import { breakdownToWire, priceOffer, type PricingTables } from '../../../domain/pricing';
import type { Zone } from '../../../domain/pricing-model';
import type { PreviewPlan, QuoteService } from '../pricing/quote-service';
import type { OperatorIdentity } from '../operator/operator-auth-service';
import { companyOf, type PriceDeps } from './price-commit';
import { cardFromWire, chargesFromWire, fixedFareFromWire } from './price-wire';

/**
 * Try a quote: a journey priced for each of the company's categories with today's prices and
 * with the page's unsaved changes, each with its breakdown and why. Both prices come from the
 * quote service's plan and the domain's priceOffer, so the preview is what a visitor would be
 * quoted; nothing is stored and no cache is touched.
 */
export function createPricePreview(deps: PriceDeps & { quotes: QuoteService }) {
  return async function preview(operator: OperatorIdentity, body: PricePreviewRequest) {
    const companyId = await companyOf(deps, operator, body.company_id);
    const plan = await deps.quotes.planPreview(body.journey, 'journey.');
    const offerings = plan.snapshot.offerings.filter((o) => o.companyId === companyId);
    const current: PreviewEntry[] = [];
    const proposed: PreviewEntry[] = [];
    for (const offering of offerings) {
      const today = plan.tablesFor(offering);
      const changed = withChanges(today, companyId, body.changes ?? {});
      const entry = (tables: PricingTables) =>
        priced(plan, tables, plan.snapshot.zones, offering.categoryName);
      current.push(entry(today));
      proposed.push(entry(changed));
    }
    return { current, proposed };
  };
}

/** The tables with the unsaved changes that concern this offering. */
function withChanges(
  today: PricingTables,
  companyId: number,
  changes: PriceChanges,
): PricingTables {
  const { categoryId } = today.rateCard;
  const card = changes.rate_cards?.find((c) => c.category_id === categoryId);
  return {
    ...today,
    rateCard: card ? cardFromWire(companyId, categoryId, card) : today.rateCard,
    // The page sends the company's whole list; other companies' fares stay as they are.
    fixedFares: changes.fixed_fares
      ? [
          ...today.fixedFares.filter((fare) => fare.companyId !== companyId),
          ...changes.fixed_fares.map((fare) => fixedFareFromWire(companyId, fare)),
        ]
      : today.fixedFares,
    charges: changes.charges ? chargesFromWire(companyId, changes.charges) : today.charges,
  };
}

function priced(
  plan: PreviewPlan,
  tables: PricingTables,
  zones: Zone[],
  categoryName: string,
): PreviewEntry {
  const offer = priceOffer(plan.request, tables);
  return {
    category_id: offer.categoryId,
    category_name: categoryName,
    final_price: penceToPounds(offer.finalPrice),
    breakdown: breakdownToWire(offer.breakdown, offer.finalPrice),
    explanation: explainOffer(plan.request, tables, offer, zones),
  };
}

export type PricePreview = ReturnType<typeof createPricePreview>;
