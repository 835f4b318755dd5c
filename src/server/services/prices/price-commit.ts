import type { Kysely } from 'kysely';
import {
  describePriceChanges,
  type CompanyPrices,
  type PriceNames,
} from '../../../domain/price-changes';
import { PRICE_MESSAGES } from '../../../domain/price-messages';
import type { Database } from '../../db/schema';
import { HttpError, RequestValidationError } from '../../errors';
import type { ActivityRepository } from '../../repositories/activity-repository';
import type { PriceCardsRepository } from '../../repositories/price-cards-repository';
import type { PriceVersionsRepository } from '../../repositories/price-versions-repository';
import type { ConfigChanges } from '../config/config-changes';
import type { OperatorIdentity } from '../operator/operator-auth-service';

/** What the Prices page's services read and write with. */
export interface PriceDeps {
  db: Kysely<Database>;
  cards: PriceCardsRepository;
  versions: PriceVersionsRepository;
  activity: ActivityRepository;
  configChanges: ConfigChanges;
  clock: () => Date;
}

/**
 * The company whose prices a call is about: a manager's own, whatever it asks (another's is a
 * 404, as if it did not exist); the admin's choice, which it must make for one company's calls.
 */
export async function companyOf(
  deps: PriceDeps,
  operator: OperatorIdentity,
  requested: number | undefined,
): Promise<number> {
  if (operator.companyId !== null) {
    if (requested !== undefined && requested !== operator.companyId) {
      throw new HttpError(404, PRICE_MESSAGES.companyNotFound);
    }
    return operator.companyId;
  }
  if (requested === undefined) {
    throw new RequestValidationError([
      { path: 'company_id', message: PRICE_MESSAGES.companyRequired },
    ]);
  }
  if ((await deps.versions.companyName(requested)) === undefined) {
    throw new HttpError(404, PRICE_MESSAGES.companyNotFound);
  }
  return requested;
}

/** The company's whole prices as they are in `executor`'s view. */
export async function companyPrices(
  deps: PriceDeps,
  executor: Kysely<Database>,
  companyId: number,
): Promise<CompanyPrices> {
  const [cards, fixedFares, charges] = await Promise.all([
    deps.cards.listCards(companyId, executor),
    deps.cards.fixedFares(companyId, executor),
    deps.cards.charges(companyId, executor),
  ]);
  return { rateCards: cards.map((row) => row.card), fixedFares, charges };
}

/** Names of the company's categories and of every zone, for change lines and the wire. */
export async function priceNames(deps: PriceDeps, companyId: number): Promise<PriceNames> {
  const [categories, zones] = await Promise.all([
    deps.versions.companyCategories(companyId),
    deps.versions.listZones(),
  ]);
  const category = new Map(categories.map((c) => [c.id, c.name]));
  const zone = new Map(zones.map((z) => [z.id, z.name]));
  return {
    category: (id) => category.get(id) ?? `category ${id}`,
    zone: (id) => zone.get(id) ?? `zone ${id}`,
  };
}

/**
 * Runs one save of a company's prices in a transaction: the company locked (its saves happen
 * one at a time), `write` applied, and then — when anything changed — a new version with who,
 * when and what, the activity row with before and after, and the notice that makes every
 * process price new quotes with it. The first save also keeps the prices as they were, as
 * version 1, so they can be restored.
 */
export async function commitPrices<T>(
  deps: PriceDeps,
  operator: OperatorIdentity,
  companyId: number,
  options: {
    subject: string;
    restoredFrom?: { id: number; number: number };
    /** A 409 with this message, and nothing saved, when nothing would change. */
    refuseNoChange?: string;
    write: (trx: Kysely<Database>, before: CompanyPrices) => Promise<T>;
  },
): Promise<{ result: T; changes: string[] }> {
  const names = await priceNames(deps, companyId);
  return deps.db.transaction().execute(async (trx) => {
    if (!(await deps.cards.lockCompany(trx, companyId))) {
      throw new HttpError(404, PRICE_MESSAGES.companyNotFound);
    }
    const at = deps.clock();
    const before = await companyPrices(deps, trx, companyId);
    const result = await options.write(trx, before);
    const after = await companyPrices(deps, trx, companyId);
    const changes = describePriceChanges(before, after, names);
    if (changes.length === 0) {
      if (options.refuseNoChange) throw new HttpError(409, options.refuseNoChange);
      return { result, changes };
    }
    if ((await deps.versions.listVersions(companyId, trx)).length === 0) {
      await deps.versions.insertVersion(trx, {
        companyId,
        at,
        actor: { id: null, name: 'RideBook' },
        summary: PRICE_MESSAGES.firstVersion,
        changes: [],
        prices: before,
        restoredFrom: null,
      });
    }
    const restored = options.restoredFrom;
    const summary = restored ? `Restored version ${restored.number}` : options.subject;
    await deps.versions.insertVersion(trx, {
      companyId,
      at,
      actor: { id: operator.id, name: operator.name },
      summary,
      changes,
      prices: after,
      restoredFrom: restored?.id ?? null,
    });
    await deps.activity.record(trx, {
      actor: { id: operator.id, name: operator.name },
      companyId,
      kind: 'prices',
      subject: options.subject,
      summary: changes.join('; '),
      before,
      after,
      at,
    });
    await deps.configChanges.publish(trx, 'prices');
    return { result, changes };
  });
}
