import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../src/contract/paths';
import { calculateDistancePriceRequestSchema } from '../../src/contract/quotes';
import { migrateToLatest } from '../../src/server/db/migrations';
import { seedDatabase } from '../../src/server/db/seed';
import { createPlacesRepository } from '../../src/server/repositories/places-repository';
import { createPricingRepository } from '../../src/server/repositories/pricing-repository';
import { createQuotesRepository } from '../../src/server/repositories/quotes-repository';
import { createSettingsRepository } from '../../src/server/repositories/settings-repository';
import { quoteRoutes } from '../../src/server/routes/quotes';
import { createDistanceProvider } from '../../src/server/services/distance/create-distance-provider';
import { createQuoteService } from '../../src/server/services/pricing/quote-service';
import type { QuoteService } from '../../src/server/services/pricing/quote-service';
import { openTestDatabase, testConfig } from './helpers';
import type { TestDatabase } from './helpers';
import { fixedClock, mileageForm } from './quote-fixtures';
import type { FormBody } from './quote-fixtures';

/**
 * calculate-distance-price answers with JSON Fastify writes from the contract's response
 * schema (fast-json-stringify); it must be exactly what serialising the price objects gives.
 */
describe('mileage prices written as JSON', () => {
  let db: TestDatabase;
  let quotes: QuoteService;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await openTestDatabase('pglite');
    await migrateToLatest(db.handle.db, db.handle.schema);
    await seedDatabase(db.handle.db);
    quotes = createQuoteService({
      pricing: createPricingRepository(db.handle.db),
      quotes: createQuotesRepository(db.handle.db),
      settings: createSettingsRepository(db.handle.db),
      distance: await createDistanceProvider({
        config: testConfig(),
        places: createPlacesRepository(db.handle.db),
      }),
      clock: fixedClock,
    });
    app = Fastify({ logger: false });
    await app.register(quoteRoutes, { quotes, rateLimit: { perMinute: 0 } });
  });
  afterAll(async () => {
    await app?.close();
    await db?.dispose();
  });

  const forms: [string, FormBody][] = [
    ['one way', mileageForm()],
    ['at night, with stops', mileageForm({ pickup_hour: '11pm', stops: ['Reading', 'Slough'] })],
    [
      'a return with extras',
      mileageForm({
        select_option: 'return',
        meet_and_greet: 'yes',
        baby_seats: '1',
        return_date: '2026-11-28',
        return_hour: '6pm',
        return_min: '30',
        return_baby_seats: '2',
      }),
    ],
    ['a large party', mileageForm({ passengers: '7', luggages: '5' })],
  ];

  it.each(forms)('is the same text as the objects serialised: %s', async (_name, body) => {
    const form = calculateDistancePriceRequestSchema.parse(body);
    const json = (
      await app.inject({ method: 'POST', url: API_PATHS.calculateDistancePrice, payload: body })
    ).body;
    const objects = { success: true, ...(await quotes.mileagePrices(form)) };
    expect(objects.price_details.length).toBeGreaterThan(0);
    expect(json).toBe(JSON.stringify(objects));
  });
});
