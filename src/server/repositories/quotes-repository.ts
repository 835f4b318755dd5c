import type { Kysely, Transaction } from 'kysely';
import type { Breakdown } from '../../domain/pricing-model';
import type { Database } from '../db/schema';

/** A priced quote as stored; money in integer pence. */
export interface QuoteRecord {
  id: string;
  createdAt: Date;
  expiresAt: Date;
  bookingType: 'milleage' | 'hourly';
  /** The normalised request the price is for. */
  request: unknown;
  companyId: number;
  categoryId: number;
  vehicleCount: number;
  pricePence: number;
  finalPence: number;
  breakdown: Breakdown;
  distance: unknown;
  /** Where the journey was placed and how far it was priced (services/pricing/priced-journey). */
  pricedJourney: unknown;
}

/** Stores and reads priced quotes. */
export function createQuotesRepository(db: Kysely<Database>) {
  return {
    /** Stores a priced quote. */
    async insert(quote: QuoteRecord, trx?: Transaction<Database>): Promise<void> {
      await (trx ?? db)
        .insertInto('quotes')
        .values({
          id: quote.id,
          created_at: quote.createdAt,
          expires_at: quote.expiresAt,
          booking_type: quote.bookingType,
          // Serialised here: pg would send a JS array as a PostgreSQL array, not JSON.
          request: JSON.stringify(quote.request),
          company_id: quote.companyId,
          category_id: quote.categoryId,
          vehicle_count: quote.vehicleCount,
          price_pence: quote.pricePence,
          final_pence: quote.finalPence,
          breakdown: JSON.stringify(quote.breakdown),
          distance: quote.distance === null ? null : JSON.stringify(quote.distance),
          priced_journey: quote.pricedJourney === null ? null : JSON.stringify(quote.pricedJourney),
        })
        .execute();
    },

    /** A stored quote by id, expired or not; undefined when there is none. */
    async findById(id: string, trx?: Transaction<Database>): Promise<QuoteRecord | undefined> {
      const row = await (trx ?? db)
        .selectFrom('quotes')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        id: row.id,
        createdAt: row.created_at,
        expiresAt: row.expires_at,
        bookingType: row.booking_type,
        request: row.request,
        companyId: row.company_id,
        categoryId: row.category_id,
        vehicleCount: row.vehicle_count,
        pricePence: row.price_pence,
        finalPence: row.final_pence,
        breakdown: row.breakdown as Breakdown,
        distance: row.distance,
        pricedJourney: row.priced_journey,
      };
    },
  };
}

/** The quotes table's queries. */
export type QuotesRepository = ReturnType<typeof createQuotesRepository>;
