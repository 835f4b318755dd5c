import type { BankHoliday, CompanyCharges, FixedFare, Zone } from '../../../domain/pricing-model';
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

/** How long a loaded snapshot serves quotes; an operator's edit shows within this time. */
export const PRICING_TABLES_TTL_MS = 30_000;

/**
 * Keeps the pricing tables in memory for a short time, so a quote costs no queries beyond the
 * settings row read and a burst of quotes shares one load. Concurrent callers share the load in
 * flight; a failed load is forgotten at once, so the next quote tries again.
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
) {
  const ttlMs = options.ttlMs ?? PRICING_TABLES_TTL_MS;
  const monotonicMs = options.monotonicMs ?? (() => performance.now());
  let cached: { loadedAt: number; snapshot: Promise<PricingSnapshot> } | undefined;

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

  return {
    /** The tables, from memory when loaded less than the TTL ago. */
    get(): Promise<PricingSnapshot> {
      const now = monotonicMs();
      if (cached && now - cached.loadedAt < ttlMs) return cached.snapshot;
      const snapshot = load();
      const entry = { loadedAt: now, snapshot };
      cached = entry;
      snapshot.catch(() => {
        if (cached === entry) cached = undefined;
      });
      return snapshot;
    },

    /** Forgets the loaded tables, so the next quote reads the database again. */
    invalidate(): void {
      cached = undefined;
    },
  };
}

/** The in-memory pricing tables. */
export type PricingTablesCache = ReturnType<typeof createPricingTablesCache>;
