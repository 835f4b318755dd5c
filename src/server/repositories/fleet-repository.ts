import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface CategoryRow {
  id: number;
  name: string;
  seats: number;
  luggage: number;
  hand_luggage: number;
  image_path: string;
}

export interface CompanyRow {
  id: number;
  name: string;
  rating: number;
}

export function createFleetRepository(db: Kysely<Database>) {
  return {
    /**
     * Categories at least one active operator runs, in display order. The picture is the best
     * rated such operator's own picture of it (issue 33: a manager's upload shows in Our
     * Fleet), else the category's.
     */
    async listOfferedCategories(): Promise<CategoryRow[]> {
      return db
        .selectFrom('fleet_categories as fc')
        .select(['fc.id', 'fc.name', 'fc.seats', 'fc.luggage', 'fc.hand_luggage'])
        .select(({ selectFrom, fn, ref }) =>
          fn
            .coalesce(
              selectFrom('company_vehicles as own')
                .innerJoin('companies as oc', 'oc.id', 'own.company_id')
                .select('own.image_path')
                .whereRef('own.category_id', '=', 'fc.id')
                .where('own.active', '=', true)
                .where('oc.active', '=', true)
                .where('own.image_path', 'is not', null)
                .orderBy('oc.rating', 'desc')
                .orderBy('oc.name')
                .limit(1),
              ref('fc.image_path'),
            )
            .$castTo<string>()
            .as('image_path'),
        )
        .where('fc.active', '=', true)
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('company_vehicles as cv')
              .innerJoin('companies as c', 'c.id', 'cv.company_id')
              .select('cv.id')
              .whereRef('cv.category_id', '=', 'fc.id')
              .where('cv.active', '=', true)
              .where('c.active', '=', true),
          ),
        )
        .orderBy('fc.sort_order')
        .orderBy('fc.id')
        .execute();
    },

    /** Active operators, best rated first. */
    async listActiveCompanies(): Promise<CompanyRow[]> {
      const rows = await db
        .selectFrom('companies')
        .select(['id', 'name', 'rating'])
        .where('active', '=', true)
        .orderBy('rating', 'desc')
        .orderBy('name')
        .execute();
      return rows.map((row) => ({ ...row, rating: Number(row.rating) }));
    },
  };
}

export type FleetRepository = ReturnType<typeof createFleetRepository>;
