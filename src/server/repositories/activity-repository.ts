import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

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

/** The kinds of change the Activity page filters by. */
export const ACTIVITY_KINDS = [
  'settings',
  'prices',
  'fleet',
  'companies',
  'accounts',
  'drivers',
  'bookings',
  'requests',
  'mail',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export interface ActivityFilter {
  /** Only this company's changes (a manager's view); undefined: every change (the admin). */
  companyId?: number;
  operatorId?: number;
  kind?: ActivityKind;
  /** Inclusive bounds on the time of the change. */
  from?: Date;
  to?: Date;
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
      return query.execute();
    },
  };
}

export type ActivityRepository = ReturnType<typeof createActivityRepository>;
