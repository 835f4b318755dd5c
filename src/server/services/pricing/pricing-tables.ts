import type { BankHoliday, CompanyCharges, FixedFare, Zone } from '../../../domain/pricing-model';
import { createRefreshingCache } from '../../lib/refreshing-cache';
import type { RefreshingCache } from '../../lib/refreshing-cache';
import type { PricedOfferingRow, PricingRepository } from '../../repositories/pricing-repository';

/** Everything a quote is priced from apart from the settings, loaded together. */
export interface PricingSnapshot {
  /** Active operators' active categories with their rate cards, in fleet display order. */
  offerings: PricedOfferingRow[];
  zones: Zone[];
  fixedFares: FixedFare[];
  /** By company id; an operator without a row has no extra charges. */
  charges: Map<number, CompanyCharges>;
  bankHolidays: BankHoliday[];
  bannedPatterns: string[];
}

/**
 * How long a loaded snapshot serves quotes: an operator's edit shows within this time, or at
 * once after the quote service's invalidate().
 */
export const PRICING_TABLES_TTL_MS = 30_000;
/** Under steady traffic the next load starts this long before expiry, in the background. */
const PRICING_TABLES_REFRESH_AHEAD_MS = 5_000;

/**
 * Keeps the pricing tables in memory for at most the TTL (see createRefreshingCache for the
 * exact bound), so a quote costs no queries and a burst of quotes shares one load. Concurrent
 * callers share the load in flight; a failed load is forgotten at once, so the next quote
 * tries again.
 */
export function createPricingTablesCache(
  repository: PricingRepository,
  options: {
    /** UK date today, YYYY-MM-DD: past bank holidays are not loaded. */
    today: () => string;
    ttlMs?: number;
    /** A monotonic clock in ms; the wall clock can jump (and is fixed in tests). */
    monotonicMs?: () => number;
  },
): RefreshingCache<PricingSnapshot> {
  const ttlMs = options.ttlMs ?? PRICING_TABLES_TTL_MS;

  async function load(): Promise<PricingSnapshot> {
    const [offerings, zones, fixedFares, charges, bankHolidays, bannedPatterns] = await Promise.all(
      [
        repository.listPricedOfferings(),
        repository.listZones(),
        repository.listFixedFares(),
        repository.listCompanyCharges(),
        repository.listBankHolidays(options.today()),
        repository.listBannedPatterns(),
      ],
    );
    return {
      offerings,
      zones,
      fixedFares,
      charges: new Map(charges.map((row) => [row.companyId, row])),
      bankHolidays,
      bannedPatterns,
    };
  }

  return createRefreshingCache(load, {
    ttlMs,
    refreshAheadMs: Math.min(PRICING_TABLES_REFRESH_AHEAD_MS, ttlMs / 2),
    monotonicMs: options.monotonicMs,
  });
}

/** The in-memory pricing tables. */
export type PricingTablesCache = RefreshingCache<PricingSnapshot>;
