import type { Kysely } from 'kysely';
import type {
  ChargesInput,
  ChargesWire,
  FixedFaresInput,
  FixedFaresResponse,
  RateCardInput,
  RateCardWire,
} from '../../../contract/operator-prices';
import { PRICE_MESSAGES } from '../../../domain/price-messages';
import type { Database } from '../../db/schema';
import { HttpError, RequestValidationError } from '../../errors';
import type { OperatorIdentity } from '../operator/operator-auth-service';
import { commitPrices, companyOf, priceNames, type PriceDeps } from './price-commit';
import {
  cardFromWire,
  chargesFromWire,
  fixedFareFromWire,
  toCardWire,
  toChargesWire,
  toFixedFareWire,
} from './price-wire';
import { versionMethods } from './price-versions-service';

/**
 * The Prices page (issue 33): a company's rate cards, fixed fares and charges, each save a new
 * version of its prices, and History with Restore. A save over a newer one is a 409.
 */
export function createPricesService(deps: PriceDeps) {
  const { cards, versions } = deps;

  return {
    async listCards(operator: OperatorIdentity, requested?: number): Promise<RateCardWire[]> {
      const scope =
        operator.companyId === null && requested === undefined
          ? undefined
          : await companyOf(deps, operator, requested);
      return (await cards.listCards(scope)).map(toCardWire);
    },

    async saveCard(operator: OperatorIdentity, id: number, input: RateCardInput) {
      const found = await cardById(deps, operator, id);
      const { companyId, categoryId } = found.card;
      const card = cardFromWire(companyId, categoryId, input);
      await commitPrices(deps, operator, companyId, {
        subject: `${found.companyName} — ${found.categoryName} rate card`,
        write: async (trx) => {
          const by = { version: input.version, by: operator.name, at: deps.clock() };
          if (!(await cards.writeCard(trx, card, by))) {
            const now = await cardById(deps, operator, id, trx);
            const what = `The ${found.categoryName} card`;
            throw new HttpError(409, PRICE_MESSAGES.changedBy(what, now.updatedBy, now.updatedAt));
          }
        },
      });
      return toCardWire(await cardById(deps, operator, id));
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
          await checkPart(deps, trx, companyId, 'fixed_fares', input.version, 'The fixed fares');
          await cards.replaceFixedFares(trx, companyId, fares);
          await cards.bumpPart(trx, companyId, 'fixed_fares', {
            by: operator.name,
            at: deps.clock(),
          });
        },
      });
      return this.fixedFares(operator, companyId);
    },

    ...chargesMethods(deps),
    ...versionMethods(deps),
  };
}

export type PricesService = ReturnType<typeof createPricesService>;

/** The company's charges, read and saved. */
function chargesMethods(deps: PriceDeps) {
  const { cards, versions } = deps;
  async function charges(operator: OperatorIdentity, requested?: number): Promise<ChargesWire> {
    const companyId = await companyOf(deps, operator, requested);
    const [value, part] = await Promise.all([
      cards.charges(companyId),
      cards.partVersion(companyId, 'charges'),
    ]);
    return toChargesWire(value, part);
  }

  return {
    charges,

    async saveCharges(operator: OperatorIdentity, input: ChargesInput): Promise<ChargesWire> {
      const companyId = await companyOf(deps, operator, input.company_id);
      const company = await versions.companyName(companyId);
      await commitPrices(deps, operator, companyId, {
        subject: `${company} — charges`,
        write: async (trx) => {
          await checkPart(deps, trx, companyId, 'charges', input.version, 'The charges');
          await cards.writeCharges(trx, chargesFromWire(companyId, input));
          await cards.bumpPart(trx, companyId, 'charges', { by: operator.name, at: deps.clock() });
        },
      });
      return charges(operator, companyId);
    },
  };
}

/** A card the operator may see, by id; else a 404. */
async function cardById(
  { cards }: PriceDeps,
  operator: OperatorIdentity,
  id: number,
  executor?: Kysely<Database>,
) {
  const scope = operator.companyId ?? undefined;
  const row = (await cards.listCards(scope, executor)).find((card) => card.id === id);
  if (!row) throw new HttpError(404, PRICE_MESSAGES.rateCardNotFound);
  return row;
}

/** A 409 naming who saved the part last, when `version` is not its version now. */
async function checkPart(
  { cards }: PriceDeps,
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
