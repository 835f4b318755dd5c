import type { Kysely, Transaction } from 'kysely';
import type {
  FleetCategory,
  FleetCategoryInput,
  FleetCategoryPatch,
  FleetOffering,
  FleetView,
} from '../../../contract/operator-fleet';
import { FLEET_MESSAGES } from '../../../domain/fleet-company-messages';
import type { Database } from '../../db/schema';
import { HttpError, RequestValidationError } from '../../errors';
import type { ActivityEntry, ActivityRepository } from '../../repositories/activity-repository';
import type {
  FleetCategoryRow,
  FleetSetupRepository,
} from '../../repositories/fleet-setup-repository';
import type { ConfigChanges } from '../config/config-changes';
import type { OperatorIdentity } from '../operator/operator-auth-service';
import type { PictureStore } from './picture-store';

/** A new category's picture until one is uploaded: a plain car, under storage/vehicles/. */
export const DEFAULT_CATEGORY_PICTURE = 'vehicles/generic.svg';

export interface FleetSetupDeps {
  db: Kysely<Database>;
  fleet: FleetSetupRepository;
  activity: ActivityRepository;
  configChanges: ConfigChanges;
  pictures: PictureStore;
  clock: () => Date;
}

type Operator = OperatorIdentity;

export function toFleetCategory(row: FleetCategoryRow): FleetCategory {
  return {
    id: row.id,
    name: row.name,
    seats: row.seats,
    luggage: row.luggage,
    hand_luggage: row.hand_luggage,
    picture: row.image_path,
    active: row.active,
  };
}

/** What an activity row says of a change of `active`, or of another change. */
export function activeSummary(before: boolean, after: boolean, what: string): string {
  if (before === after) return `${what} changed`;
  return after ? `${what} reactivated` : `${what} deactivated`;
}

/**
 * The console's Fleet page (issue 33): the admin's categories, each company's offer of them
 * and its own pictures. Every change is one transaction with its activity row and the 'fleet'
 * notice, so every process's public fleet and quotes follow it, or none of it happened.
 */
export function createFleetSetupService(deps: FleetSetupDeps) {
  return {
    async view(operator: Operator): Promise<FleetView> {
      const [categories, offerings] = await Promise.all([
        deps.fleet.listCategories(),
        deps.fleet.listOfferings(operator.companyId),
      ]);
      return { categories: categories.map(toFleetCategory), offerings };
    },
    addCategory: (operator: Operator, input: FleetCategoryInput) =>
      addCategory(deps, operator, input),
    changeCategory: (operator: Operator, id: number, patch: FleetCategoryPatch) =>
      changeCategory(deps, operator, id, patch),
    setOffered: (operator: Operator, categoryId: number, companyId: number, offered: boolean) =>
      setOffered(deps, operator, categoryId, companyId, offered),
    setPicture: (
      operator: Operator,
      categoryId: number,
      companyId: number | undefined,
      bytes: Buffer,
    ) => setPicture(deps, operator, categoryId, companyId, bytes),
  };
}

export type FleetSetupService = ReturnType<typeof createFleetSetupService>;

async function category(deps: FleetSetupDeps, id: number, executor?: Kysely<Database>) {
  const row = await deps.fleet.findCategory(id, executor);
  if (!row) throw new HttpError(404, FLEET_MESSAGES.categoryNotFound);
  return row;
}

/** The company a call acts for: a manager only its own; another is a 404, as if none. */
async function companyFor(deps: FleetSetupDeps, operator: Operator, companyId: number) {
  if (operator.companyId !== null && operator.companyId !== companyId) {
    throw new HttpError(404, FLEET_MESSAGES.companyNotFound);
  }
  const company = await deps.fleet.findCompany(companyId);
  if (!company) throw new HttpError(404, FLEET_MESSAGES.companyNotFound);
  return company;
}

async function offering(
  deps: FleetSetupDeps,
  companyId: number,
  categoryId: number,
  executor?: Kysely<Database>,
) {
  const row = await deps.fleet.findOffering(companyId, categoryId, executor);
  if (!row) throw new HttpError(404, FLEET_MESSAGES.categoryNotFound);
  return row;
}

async function nameFree(deps: FleetSetupDeps, name: string, exceptId: number | null) {
  if (await deps.fleet.categoryNamed(name, exceptId)) {
    throw new RequestValidationError([{ path: 'name', message: FLEET_MESSAGES.nameTaken }]);
  }
}

/**
 * Runs a change in one transaction with its activity row (what `change` answers beside its
 * result) and the 'fleet' notice.
 */
async function saved<T>(
  deps: FleetSetupDeps,
  operator: Operator,
  change: (
    trx: Transaction<Database>,
  ) => Promise<{ result: T; entry: Omit<ActivityEntry, 'actor' | 'kind' | 'at'> }>,
): Promise<T> {
  return deps.db.transaction().execute(async (trx) => {
    const { result, entry } = await change(trx);
    await deps.activity.record(trx, {
      ...entry,
      actor: { id: operator.id, name: operator.name },
      kind: 'fleet',
      at: deps.clock(),
    });
    await deps.configChanges.publish(trx, 'fleet');
    return result;
  });
}

async function addCategory(deps: FleetSetupDeps, operator: Operator, input: FleetCategoryInput) {
  await nameFree(deps, input.name, null);
  return saved(deps, operator, async (trx) => {
    const values = { ...input, image_path: DEFAULT_CATEGORY_PICTURE };
    const after = toFleetCategory(
      await category(deps, await deps.fleet.insertCategory(values, trx), trx),
    );
    const entry = {
      companyId: null,
      subject: after.name,
      summary: 'Category added',
      before: null,
      after,
    };
    return { result: after, entry };
  });
}

async function changeCategory(
  deps: FleetSetupDeps,
  operator: Operator,
  id: number,
  patch: FleetCategoryPatch,
) {
  await category(deps, id);
  if (patch.name !== undefined) await nameFree(deps, patch.name, id);
  return saved(deps, operator, async (trx) => {
    const before = toFleetCategory(await category(deps, id, trx));
    await deps.fleet.updateCategory(id, patch, trx);
    const after = toFleetCategory(await category(deps, id, trx));
    const summary = activeSummary(before.active, after.active, 'Category');
    return {
      result: after,
      entry: { companyId: null, subject: after.name, summary, before, after },
    };
  });
}

async function setOffered(
  deps: FleetSetupDeps,
  operator: Operator,
  categoryId: number,
  companyId: number,
  offered: boolean,
): Promise<FleetOffering> {
  const company = await companyFor(deps, operator, companyId);
  const row = await category(deps, categoryId);
  if (offered && !row.active) {
    throw new RequestValidationError([
      { path: 'offered', message: FLEET_MESSAGES.inactiveCategory },
    ]);
  }
  return saved(deps, operator, async (trx) => {
    const before = await offering(deps, companyId, categoryId, trx);
    await deps.fleet.setOffered(companyId, categoryId, offered, trx);
    const after = await offering(deps, companyId, categoryId, trx);
    const subject = `${row.name} at ${company.name}`;
    const summary = offered ? 'Offered' : 'No longer offered';
    return { result: after, entry: { companyId, subject, summary, before, after } };
  });
}

/**
 * Stores an uploaded picture as the category's (the admin, naming no company) or as a
 * company's own picture of a category it offers. The file is checked and stored first; if
 * the change is then not saved, the file goes too.
 */
async function setPicture(
  deps: FleetSetupDeps,
  operator: Operator,
  categoryId: number,
  companyId: number | undefined,
  bytes: Buffer,
): Promise<{ picture: string; company_id: number | null }> {
  const target = companyId ?? operator.companyId;
  const company = target === null ? null : await companyFor(deps, operator, target);
  const row = await category(deps, categoryId);
  if (company && !(await offering(deps, company.id, categoryId)).offered) {
    throw new HttpError(409, FLEET_MESSAGES.notOffered);
  }
  const name = await deps.pictures.store(bytes);
  try {
    return await saved(deps, operator, async (trx) => {
      let before: string | null;
      if (company) {
        before = (await offering(deps, company.id, categoryId, trx)).own_picture;
        await deps.fleet.setOwnPicture(company.id, categoryId, name, trx);
      } else {
        before = row.image_path;
        await deps.fleet.updateCategory(categoryId, { image_path: name }, trx);
      }
      const entry = {
        companyId: company?.id ?? null,
        subject: company ? `${row.name} at ${company.name}` : row.name,
        summary: 'Picture uploaded',
        before: { picture: before },
        after: { picture: name },
      };
      return { result: { picture: name, company_id: company?.id ?? null }, entry };
    });
  } catch (error) {
    await deps.pictures.discard(name);
    throw error;
  }
}
