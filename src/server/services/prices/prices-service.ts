import type { Kysely } from 'kysely';
import type {
  ChargesInput,
  ChargesWire,
  FixedFaresInput,
  FixedFaresResponse,
  PriceVersionWire,
  RateCardInput,
  RateCardWire,
} from '../../../contract/operator-prices';
import type { CompanyPrices } from '../../../domain/price-changes';
import { PRICE_MESSAGES } from '../../../domain/price-messages';
import type { Database } from '../../db/schema';
import { HttpError, RequestValidationError } from '../../errors';
import type { OperatorIdentity } from '../operator/operator-auth-service';
import { commitPrices, companyOf, companyPrices, priceNames, type PriceDeps } from './price-commit';
import {
  cardFromWire,
  chargesFromWire,
  fixedFareFromWire,
  toCardWire,
  toChargesWire,
  toFixedFareWire,
  toVersionWire,
} from './price-wire';

/**
 * The Prices page (issue 33): a company's rate cards, fixed fares and charges, each save a new
 * version of its prices, and History with Restore. A save over a newer one is a 409.
 */
export function createPricesService(deps: PriceDeps) {
  const { cards, versions } = deps;

  async function cardById(operator: OperatorIdentity, id: number, executor?: Kysely<Database>) {
    const scope = operator.companyId ?? undefined;
    const row = (await cards.listCards(scope, executor)).find((card) => card.id === id);
    if (!row) throw new HttpError(404, PRICE_MESSAGES.rateCardNotFound);
    return row;
  }

  /** A 409 naming who saved the part last, when `version` is not its version now. */
  async function checkPart(
    trx: Kysely<Database>,
    companyId: number,
    part: 'charges' | 'fixed_fares',
    version: number,
    what: string,
  ) {
    const now = await cards.partVersion(companyId, part, trx);
    if (now.version !== version) {
      throw new HttpError(409, PRICE_MESSAGES.changedBy(what, now.updatedBy, now.updatedAt));
    }
  }

  return {
    async listCards(operator: OperatorIdentity, requested?: number): Promise<RateCardWire[]> {
      const scope =
        operator.companyId === null && requested === undefined
          ? undefined
          : await companyOf(deps, operator, requested);
      return (await cards.listCards(scope)).map(toCardWire);
    },

    async saveCard(operator: OperatorIdentity, id: number, input: RateCardInput) {
      const found = await cardById(operator, id);
      const { companyId, categoryId } = found.card;
      const card = cardFromWire(companyId, categoryId, input);
      await commitPrices(deps, operator, companyId, {
        subject: `${found.companyName} — ${found.categoryName} rate card`,
        write: async (trx) => {
          const by = { version: input.version, by: operator.name, at: deps.clock() };
          if (!(await cards.writeCard(trx, card, by))) {
            const now = await cardById(operator, id, trx);
            const what = `The ${found.categoryName} card`;
            throw new HttpError(409, PRICE_MESSAGES.changedBy(what, now.updatedBy, now.updatedAt));
          }
        },
      });
      return toCardWire(await cardById(operator, id));
    },

    async fixedFares(operator: OperatorIdentity, requested?: number): Promise<FixedFaresResponse> {
      const companyId = await companyOf(deps, operator, requested);
      const [fares, names, part, zones, categories] = await Promise.all([
        cards.fixedFares(companyId),
        priceNames(deps, companyId),
        cards.partVersion(companyId, 'fixed_fares'),
        versions.listZones(),
        versions.companyCategories(companyId),
      ]);
      return {
        success: true,
        company_id: companyId,
        fixed_fares: fares.map((fare) => toFixedFareWire(fare, names)),
        version: part.version,
        zones: zones.map((zone) => ({ id: zone.id, name: zone.name })),
        categories,
      };
    },

    async saveFixedFares(operator: OperatorIdentity, input: FixedFaresInput) {
      const companyId = await companyOf(deps, operator, input.company_id);
      await checkFareTargets(deps, companyId, input);
      const fares = input.fixed_fares.map((fare) => fixedFareFromWire(companyId, fare));
      const company = await versions.companyName(companyId);
      await commitPrices(deps, operator, companyId, {
        subject: `${company} — fixed fares`,
        write: async (trx) => {
          await checkPart(trx, companyId, 'fixed_fares', input.version, 'The fixed fares');
          await cards.replaceFixedFares(trx, companyId, fares);
          await cards.bumpPart(trx, companyId, 'fixed_fares', {
            by: operator.name,
            at: deps.clock(),
          });
        },
      });
      return this.fixedFares(operator, companyId);
    },

    async charges(operator: OperatorIdentity, requested?: number): Promise<ChargesWire> {
      const companyId = await companyOf(deps, operator, requested);
      const [value, part] = await Promise.all([
        cards.charges(companyId),
        cards.partVersion(companyId, 'charges'),
      ]);
      return toChargesWire(value, part);
    },

    async saveCharges(operator: OperatorIdentity, input: ChargesInput): Promise<ChargesWire> {
      const companyId = await companyOf(deps, operator, input.company_id);
      const company = await versions.companyName(companyId);
      await commitPrices(deps, operator, companyId, {
        subject: `${company} — charges`,
        write: async (trx) => {
          await checkPart(trx, companyId, 'charges', input.version, 'The charges');
          await cards.writeCharges(trx, chargesFromWire(companyId, input));
          await cards.bumpPart(trx, companyId, 'charges', { by: operator.name, at: deps.clock() });
        },
      });
      return this.charges(operator, companyId);
    },

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

export type PricesService = ReturnType<typeof createPricesService>;

/** Each fare's category must be one the company runs, and its zones must exist: else a 400. */
async function checkFareTargets(deps: PriceDeps, companyId: number, input: FixedFaresInput) {
  const [categories, zones] = await Promise.all([
    deps.versions.companyCategories(companyId),
    deps.versions.listZones(),
  ]);
  const categoryIds = new Set(categories.map((c) => c.id));
  const zoneIds = new Set(zones.map((z) => z.id));
  const errors: { path: string; message: string }[] = [];
  input.fixed_fares.forEach((fare, i) => {
    if (!categoryIds.has(fare.category_id)) {
      errors.push({
        path: `fixed_fares.${i}.category_id`,
        message: PRICE_MESSAGES.notACategory(i),
      });
    }
    for (const field of ['from_zone_id', 'to_zone_id'] as const) {
      if (!zoneIds.has(fare[field])) {
        const path = `fixed_fares.${i}.${field}`;
        errors.push({ path, message: `${path} ${PRICE_MESSAGES.notAZone}` });
      }
    }
  });
  if (errors.length > 0) throw new RequestValidationError(errors);
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
  const categories = new Set((await deps.versions.companyCategories(companyId, trx)).map((c) => c.id));
  const fares = target.fixedFares.filter(
    (fare) =>
      categories.has(fare.categoryId) && zoneIds.has(fare.fromZoneId) && zoneIds.has(fare.toZoneId),
  );
  await deps.cards.replaceFixedFares(trx, companyId, fares);
  await deps.cards.writeCharges(trx, { ...target.charges, companyId });
  await deps.cards.bumpPart(trx, companyId, 'fixed_fares', change);
  await deps.cards.bumpPart(trx, companyId, 'charges', change);
}
