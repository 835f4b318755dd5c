import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, SubmissionState } from '../db/schema';

type Executor = Kysely<Database> | Transaction<Database>;

/** Whose requests: a company's (a manager's view) or every one (null: the admin). */
export interface RequestScope {
  companyId: number | null;
}

export interface RequestFilter {
  state?: SubmissionState;
  kind?: 'quote-now' | 'contact-us';
  /** The one made into this booking. */
  bookingNumber?: string;
}

/** A submission with the booking it concerns: the one made from it, or the one it names. */
export interface RequestRow {
  id: number;
  kind: 'quote-now' | 'contact-us';
  state: SubmissionState;
  email: string;
  payload: unknown;
  created_at: Date;
  booking_id: number | null;
  /** The number of the booking made from it (Book this). */
  booked_as: string | null;
  /** The company the request concerns: its booking's, or the named booking's; null for none. */
  company_id: number | null;
  /** That company's phone for its passengers ('' when it has none, or there is no company). */
  company_phone: string;
}

export interface ReplyRow {
  submission_id: number;
  operator_name: string;
  message: string;
  outbox_id: number | null;
  created_at: Date;
}

export interface NewReply {
  submissionId: number;
  operator: { id: number; name: string };
  message: string;
  outboxId: number;
  at: Date;
}

/**
 * The submissions as the console's Requests page reads them. A request's company is the
 * booking made from it, or (a Contact Us message) the booking it names by number.
 */
function base(db: Executor) {
  return db
    .selectFrom('submissions as s')
    .leftJoin('bookings as made', 'made.id', 's.booking_id')
    .leftJoin('bookings as named', (join) =>
      join
        .on('s.kind', '=', 'contact-us')
        .on('named.booking_number', '=', sql<string>`upper(s.payload->>'bookingNumber')`),
    )
    .leftJoin('companies as company', (join) =>
      join.on((eb) => eb('company.id', '=', eb.fn.coalesce('made.company_id', 'named.company_id'))),
    );
}

type Base = ReturnType<typeof base>;

function scoped(query: Base, scope: RequestScope, filter: RequestFilter = {}): Base {
  let out = query;
  if (scope.companyId !== null) {
    const companyId = scope.companyId;
    out = out.where((eb) =>
      eb.or([eb('made.company_id', '=', companyId), eb('named.company_id', '=', companyId)]),
    );
  }
  if (filter.state !== undefined) out = out.where('s.state', '=', filter.state);
  if (filter.kind !== undefined) out = out.where('s.kind', '=', filter.kind);
  if (filter.bookingNumber !== undefined) {
    out = out.where('made.booking_number', '=', filter.bookingNumber);
  }
  return out;
}

function selectRow(query: Base) {
  return query.select((eb) => [
    's.id',
    's.kind',
    's.state',
    's.email',
    's.payload',
    's.created_at',
    's.booking_id',
    'made.booking_number as booked_as',
    eb.fn.coalesce('made.company_id', 'named.company_id').as('company_id'),
    eb.fn.coalesce('company.phone', sql<string>`''`).as('company_phone'),
  ]);
}

export function createRequestsRepository(db: Kysely<Database>) {
  return {
    /** A page of requests, newest first, and how many match in all. */
    async list(
      scope: RequestScope,
      filter: RequestFilter,
      page: { limit: number; offset: number },
    ): Promise<{ rows: RequestRow[]; total: number }> {
      const rows = await selectRow(scoped(base(db), scope, filter))
        .orderBy('s.created_at', 'desc')
        .orderBy('s.id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      const count = await scoped(base(db), scope, filter)
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .executeTakeFirstOrThrow();
      return { rows: rows as RequestRow[], total: Number(count.count) };
    },

    /** One request the scope may see; pass `trx` with `lock` to hold it for a change. */
    async find(
      id: number,
      scope: RequestScope,
      options: { trx?: Executor; lock?: boolean } = {},
    ): Promise<RequestRow | undefined> {
      const executor = options.trx ?? db;
      if (options.lock) {
        await executor
          .selectFrom('submissions')
          .select('id')
          .where('id', '=', id)
          .forUpdate()
          .execute();
      }
      const row = await selectRow(scoped(base(executor), scope))
        .where('s.id', '=', id)
        .executeTakeFirst();
      return row as RequestRow | undefined;
    },

    /** The replies of these requests, oldest first. */
    async replies(ids: readonly number[], trx?: Executor): Promise<ReplyRow[]> {
      if (ids.length === 0) return [];
      return (trx ?? db)
        .selectFrom('submission_replies')
        .select(['submission_id', 'operator_name', 'message', 'outbox_id', 'created_at'])
        .where('submission_id', 'in', [...ids])
        .orderBy('id')
        .execute();
    },

    async setState(id: number, state: SubmissionState, trx: Executor): Promise<void> {
      await trx.updateTable('submissions').set({ state }).where('id', '=', id).execute();
    },

    /** Links the booking made from a request; false when it already has one. */
    async linkBooking(id: number, bookingId: number, trx: Executor): Promise<boolean> {
      const done = await trx
        .updateTable('submissions')
        .set({ booking_id: bookingId })
        .where('id', '=', id)
        .where('booking_id', 'is', null)
        .executeTakeFirst();
      return Number(done.numUpdatedRows) === 1;
    },

    async addReply(reply: NewReply, trx: Executor): Promise<void> {
      await trx
        .insertInto('submission_replies')
        .values({
          submission_id: reply.submissionId,
          operator_id: reply.operator.id,
          operator_name: reply.operator.name,
          message: reply.message,
          outbox_id: reply.outboxId,
          created_at: reply.at,
        })
        .execute();
    },
  };
}

export type RequestsRepository = ReturnType<typeof createRequestsRepository>;
