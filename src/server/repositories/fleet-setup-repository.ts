import { sql, type Kysely, type Transaction, type Updateable } from 'kysely';
import type { Database, FleetCategoriesTable } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

const CATEGORY_COLUMNS = [
  'id',
  'name',
  'seats',
  'luggage',
  'hand_luggage',
  'image_path',
  'active',
] as const;

/** The console's Fleet page (issue 33): categories, and which each company offers. */
export function createFleetSetupRepository(db: Kysely<Database>) {
  return { ...categoryQueries(db), ...offeringQueries(db) };
}

function categoryQueries(db: Kysely<Database>) {
  return {
    /** Every category, withdrawn ones too, in the site's order. */
    async listCategories(executor: Executor = db) {
      return executor
        .selectFrom('fleet_categories')
        .select(CATEGORY_COLUMNS)
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
    },

    async findCategory(id: number, executor: Executor = db) {
      return executor
        .selectFrom('fleet_categories')
        .select(CATEGORY_COLUMNS)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** Another category already called `name`, whatever its case. */
    async categoryNamed(name: string, exceptId: number | null, executor: Executor = db) {
      let query = executor
        .selectFrom('fleet_categories')
        .select('id')
        .where(sql<string>`lower(name)`, '=', name.toLowerCase());
      if (exceptId !== null) query = query.where('id', '<>', exceptId);
      return query.executeTakeFirst();
    },

    /** A new category, placed after every other. */
    async insertCategory(
      values: {
        name: string;
        seats: number;
        luggage: number;
        hand_luggage: number;
        image_path: string;
      },
      executor: Executor,
    ) {
      const last = await executor
        .selectFrom('fleet_categories')
        .select(({ fn }) => fn.max('sort_order').as('max'))
        .executeTakeFirst();
      const row = await executor
        .insertInto('fleet_categories')
        .values({ ...values, sort_order: Number(last?.max ?? 0) + 10 })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updateCategory(id: number, values: Updateable<FleetCategoriesTable>, executor: Executor) {
      await executor.updateTable('fleet_categories').set(values).where('id', '=', id).execute();
    },
  };
}

function offeringQueries(db: Kysely<Database>) {
  /**
   * Each company's offer of each category (offered or not, with its own picture), the
   * admin's every company's (`companyId` null), a manager's its own.
   */
  async function listOfferings(companyId: number | null, executor: Executor = db) {
    let query = executor
      .selectFrom('companies as c')
      .innerJoin('fleet_categories as fc', (join) => join.onTrue())
      .leftJoin('company_vehicles as cv', (join) =>
        join.onRef('cv.company_id', '=', 'c.id').onRef('cv.category_id', '=', 'fc.id'),
      )
      .select([
        'c.id as company_id',
        'c.name as company_name',
        'fc.id as category_id',
        'cv.active as offered',
        'cv.image_path as own_picture',
      ])
      .orderBy('c.name')
      .orderBy('fc.sort_order')
      .orderBy('fc.id');
    if (companyId !== null) query = query.where('c.id', '=', companyId);
    const rows = await query.execute();
    return rows.map((row) => ({
      ...row,
      offered: row.offered === true,
      own_picture: row.own_picture ?? null,
    }));
  }

  return {
    listOfferings,

    async findOffering(companyId: number, categoryId: number, executor: Executor = db) {
      const rows = await listOfferings(companyId, executor);
      return rows.find((row) => row.category_id === categoryId);
    },

    /** Offers the category, or stops offering it (the row stays, with its picture). */
    async setOffered(companyId: number, categoryId: number, offered: boolean, executor: Executor) {
      await executor
        .insertInto('company_vehicles')
        .values({ company_id: companyId, category_id: categoryId, active: offered })
        .onConflict((oc) =>
          oc.columns(['company_id', 'category_id']).doUpdateSet({ active: offered }),
        )
        .execute();
    },

    async setOwnPicture(
      companyId: number,
      categoryId: number,
      imagePath: string,
      executor: Executor,
    ) {
      await executor
        .updateTable('company_vehicles')
        .set({ image_path: imagePath })
        .where('company_id', '=', companyId)
        .where('category_id', '=', categoryId)
        .execute();
    },

    async findCompany(id: number, executor: Executor = db) {
      return executor
        .selectFrom('companies')
        .select(['id', 'name', 'active'])
        .where('id', '=', id)
        .executeTakeFirst();
    },
  };
}

export type FleetSetupRepository = ReturnType<typeof createFleetSetupRepository>;
export type FleetCategoryRow = NonNullable<
  Awaited<ReturnType<FleetSetupRepository['findCategory']>>
>;
