import { sql } from 'kysely';
import type { Transaction } from 'kysely';
import type { Database } from '../schema';
import { DEMO_CATEGORIES, DEMO_COMPANIES, DEMO_OFFERINGS } from './operators';

/** The demo's operators, their fleet categories and which categories each offers. */
export async function seedOperators(trx: Transaction<Database>): Promise<void> {
  await trx
    .insertInto('companies')
    .values(
      DEMO_COMPANIES.map((c) => ({
        name: c.name,
        rating: c.rating,
        address: c.address,
        vat_number: c.vatNumber,
      })),
    )
    // A company seeded before it had an address gets the demo's; one an operator set stays.
    .onConflict((oc) =>
      oc.column('name').doUpdateSet({
        address: sql`case when companies.address = '' then excluded.address else companies.address end`,
        vat_number: sql`coalesce(companies.vat_number, excluded.vat_number)`,
      }),
    )
    .execute();
  await trx
    .insertInto('fleet_categories')
    .values(DEMO_CATEGORIES)
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();

  const ids = await idsByName(trx);
  const offerings = Object.entries(DEMO_OFFERINGS).flatMap(([company, names]) =>
    names.map((name) => ({
      company_id: ids.company.get(company),
      category_id: ids.category.get(name),
    })),
  );
  const rows = offerings.filter(
    (o): o is { company_id: number; category_id: number } =>
      o.company_id !== undefined && o.category_id !== undefined,
  );
  if (rows.length === 0) return;
  await trx
    .insertInto('company_vehicles')
    .values(rows)
    .onConflict((oc) => oc.columns(['company_id', 'category_id']).doNothing())
    .execute();
}

/** Company and category ids by name, for rows the seed data names by name. */
export async function idsByName(trx: Transaction<Database>) {
  const companies = await trx.selectFrom('companies').select(['id', 'name']).execute();
  const categories = await trx.selectFrom('fleet_categories').select(['id', 'name']).execute();
  return {
    company: new Map(companies.map((c) => [c.name, c.id])),
    category: new Map(categories.map((c) => [c.name, c.id])),
  };
}

export type IdsByName = Awaited<ReturnType<typeof idsByName>>;
