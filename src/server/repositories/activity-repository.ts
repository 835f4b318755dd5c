import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ACTIVITY_KINDS, type ActivityKind } from '../../domain/console-activity';

/** Who made a change in the console, as the activity log keeps them. */
export interface ActivityActor {
  id: number;
  name: string;
}

/** One change to record: what kind of thing, which one, and its values before and after. */
export interface ActivityEntry {
  actor: ActivityActor;
  /** The company the change concerns; null for the whole site (settings, zones, …). */
  companyId: number | null;
  kind: ActivityKind;
  /** Which thing: a setting's name, "Saloon rate card", a booking number. */
  subject: string;
  summary?: string;
  /** Null when the thing is new (before) or gone (after). */
  before: unknown;
  after: unknown;
  at: Date;
}

// The kinds live in the domain, where the contract and the page read them too.
export { ACTIVITY_KINDS, type ActivityKind };

export interface ActivityFilter {
  /** Only this company's changes (a manager's view); undefined: every change (the admin). */
  companyId?: number;
  operatorId?: number;
  kind?: ActivityKind;
  /** Inclusive bounds on the time of the change. */
  from?: Date;
  to?: Date;
  /** Only changes older than this one (the last row of the page before): the next page. */
  before?: { at: Date; id: number };
  limit: number;
}

const json = (value: unknown) =>
  value === null || value === undefined ? null : JSON.stringify(value);

/** The activity log (migration 0021): written in the change's own transaction, never edited. */
export function createActivityRepository(db: Kysely<Database>) {
  return {
    /** Records one change with `executor`, so it commits or rolls back with the change itself. */
    async record(executor: Kysely<Database>, entry: ActivityEntry): Promise<void> {
      await executor
        .insertInto('console_activity')
        .values({
          at: entry.at,
          operator_id: entry.actor.id,
          operator_name: entry.actor.name,
          company_id: entry.companyId,
          kind: entry.kind,
          subject: entry.subject,
          summary: entry.summary ?? '',
          before: json(entry.before),
          after: json(entry.after),
        })
        .execute();
    },

    /** The newest changes first. */
    async list(filter: ActivityFilter) {
      let query = db
        .selectFrom('console_activity')
        .selectAll()
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .limit(filter.limit);
      if (filter.companyId !== undefined) query = query.where('company_id', '=', filter.companyId);
      if (filter.operatorId !== undefined)
        query = query.where('operator_id', '=', filter.operatorId);
      if (filter.kind !== undefined) query = query.where('kind', '=', filter.kind);
      if (filter.from !== undefined) query = query.where('at', '>=', filter.from);
      if (filter.to !== undefined) query = query.where('at', '<=', filter.to);
      const before = filter.before;
      if (before !== undefined) {
        query = query.where((eb) =>
          eb.or([
            eb('at', '<', before.at),
            eb.and([eb('at', '=', before.at), eb('id', '<', before.id)]),
          ]),
        );
      }
      return query.execute();
    },

    /** Everyone with a change in the log (one company's, when given), by their latest name. */
    async people(companyId?: number) {
      let query = db
        .selectFrom('console_activity')
        .select(['operator_id', 'operator_name'])
        .select((eb) => eb.fn.max('id').as('latest'))
        .where('operator_id', 'is not', null)
        .groupBy(['operator_id', 'operator_name'])
        .orderBy('latest', 'desc');
      if (companyId !== undefined) query = query.where('company_id', '=', companyId);
      const rows = await query.execute();
      const seen = new Map<number, string>();
      for (const row of rows) {
        if (!seen.has(row.operator_id!)) seen.set(row.operator_id!, row.operator_name);
      }
      return [...seen].map(([id, name]) => ({ id, name }));
    },
  };
}

export type ActivityRepository = ReturnType<typeof createActivityRepository>;
