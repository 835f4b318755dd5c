import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ActivityRepository } from '../../repositories/activity-repository';
import { createPriceCardsRepository } from '../../repositories/price-cards-repository';
import { createPriceVersionsRepository } from '../../repositories/price-versions-repository';
import type { ConfigChanges } from '../config/config-changes';
import type { QuoteService } from '../pricing/quote-service';
import { createPricePreview } from './price-preview';
import { createPricesService } from './prices-service';
import { createZonesService } from './zones-service';

/** The Prices page's services over their repositories (console-setup-services.ts builds it). */
export function createPricesSetup(deps: {
  db: Kysely<Database>;
  activity: ActivityRepository;
  configChanges: ConfigChanges;
  quotes: QuoteService;
  clock: () => Date;
}) {
  const priceDeps = {
    ...deps,
    cards: createPriceCardsRepository(deps.db),
    versions: createPriceVersionsRepository(deps.db),
  };
  return {
    prices: createPricesService(priceDeps),
    zones: createZonesService(priceDeps),
    preview: createPricePreview(priceDeps),
  };
}

export type PricesSetup = ReturnType<typeof createPricesSetup>;
