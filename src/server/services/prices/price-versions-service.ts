import type { Kysely } from 'kysely';
import type { PriceVersionWire } from '../../../contract/operator-prices';
import type { CompanyPrices } from '../../../domain/price-changes';
import { PRICE_MESSAGES } from '../../../domain/price-messages';
import type { Database } from '../../db/schema';
import { HttpError } from '../../errors';
import type { OperatorIdentity } from '../operator/operator-auth-service';
import { commitPrices, companyOf, type PriceDeps } from './price-commit';
import { toVersionWire } from './price-wire';

/** History and Restore: a company's saved versions, and an old one made current again. */
export function versionMethods(deps: PriceDeps) {
  const { versions } = deps;
  return {
    async versions(operator: OperatorIdentity, requested?: number) {
      const companyId = await companyOf(deps, operator, requested);
      const rows = await versions.listVersions(companyId);
      const numbers = new Map(rows.map((row) => [row.id, row.number]));
      const wire: PriceVersionWire[] = rows.map((row) =>
        toVersionWire(row, rows[0]?.id, (id) => numbers.get(id) ?? null),
      );
      return { companyId, versions: wire };
    },

    async restore(operator: OperatorIdentity, id: number): Promise<PriceVersionWire> {
      const version = await versions.findVersion(id);
      const mine = operator.companyId === null || version?.company_id === operator.companyId;
      if (!version || !mine) throw new HttpError(404, PRICE_MESSAGES.versionNotFound);
      const companyId = version.company_id;
      const target = version.prices as CompanyPrices;
      const company = await versions.companyName(companyId);
      await commitPrices(deps, operator, companyId, {
        subject: `${company} — prices`,
        restoredFrom: { id: version.id, number: version.number },
        refuseNoChange: PRICE_MESSAGES.alreadyCurrent,
        write: (trx, before) => restorePrices(deps, trx, operator, companyId, { before, target }),
      });
      const rows = await versions.listVersions(companyId);
      const numbers = new Map(rows.map((row) => [row.id, row.number]));
      return toVersionWire(rows[0]!, rows[0]?.id, (ref) => numbers.get(ref) ?? null);
    },
  };
}

/**
 * Puts a version's prices back over `before`: the cards of categories the company still runs,
 * the fixed fares between zones that still exist, and the charges. Each part moves to a new
 * version, so a page opened before the restore cannot save over it.
 */
async function restorePrices(
  deps: PriceDeps,
  trx: Kysely<Database>,
  operator: OperatorIdentity,
  companyId: number,
  { before, target }: { before: CompanyPrices; target: CompanyPrices },
) {
  const change = { by: operator.name, at: deps.clock() };
  const running = new Set(before.rateCards.map((card) => card.categoryId));
  for (const card of target.rateCards) {
    if (running.has(card.categoryId)) {
      await deps.cards.writeCard(trx, card, { version: null, ...change });
    }
  }
  const zoneIds = new Set((await deps.versions.listZones(trx)).map((zone) => zone.id));
  const categories = new Set(
    (await deps.versions.companyCategories(companyId, trx)).map((c) => c.id),
  );
  const fares = target.fixedFares.filter(
    (fare) =>
      categories.has(fare.categoryId) && zoneIds.has(fare.fromZoneId) && zoneIds.has(fare.toZoneId),
  );
  await deps.cards.replaceFixedFares(trx, companyId, fares);
  await deps.cards.writeCharges(trx, { ...target.charges, companyId });
  await deps.cards.bumpPart(trx, companyId, 'fixed_fares', change);
  await deps.cards.bumpPart(trx, companyId, 'charges', change);
}
