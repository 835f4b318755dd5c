import { sql, type Kysely, type Transaction, type Updateable } from 'kysely';
import type { CompaniesTable, Database } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

const COLUMNS = ['id', 'name', 'address', 'phone', 'email', 'vat_number', 'active'] as const;

/** The console's Companies page (issue 33): the operators the site offers vehicles of. */
export function createCompaniesRepository(db: Kysely<Database>) {
  return {
    async list(executor: Executor = db) {
      return executor.selectFrom('companies').select(COLUMNS).orderBy('name').execute();
    },

    async find(id: number, executor: Executor = db) {
      return executor
        .selectFrom('companies')
        .select(COLUMNS)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** Another company already called `name`, whatever its case. */
    async named(name: string, exceptId: number | null, executor: Executor = db) {
      let query = executor
        .selectFrom('companies')
        .select('id')
        .where(sql<string>`lower(name)`, '=', name.toLowerCase());
      if (exceptId !== null) query = query.where('id', '<>', exceptId);
      return query.executeTakeFirst();
    },

    async insert(
      values: {
        name: string;
        address: string;
        phone: string;
        email: string;
        vat_number: string | null;
        rating: number;
      },
      executor: Executor,
    ): Promise<number> {
      const row = await executor
        .insertInto('companies')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async update(id: number, values: Updateable<CompaniesTable>, executor: Executor) {
      await executor.updateTable('companies').set(values).where('id', '=', id).execute();
    },

    /** Ends every live console session of the company's operators (it was deactivated). */
    async revokeSessions(companyId: number, now: Date, executor: Executor) {
      await executor
        .updateTable('operator_sessions')
        .set({ revoked_at: now })
        .where('revoked_at', 'is', null)
        .where('operator_id', 'in', (eb) =>
          eb.selectFrom('operators').select('id').where('company_id', '=', companyId),
        )
        .execute();
    },
  };
}

export type CompaniesRepository = ReturnType<typeof createCompaniesRepository>;
export type CompanyTableRow = NonNullable<Awaited<ReturnType<CompaniesRepository['find']>>>;
