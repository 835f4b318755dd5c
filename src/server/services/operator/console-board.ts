import { flightBrief } from '../flights/flight-answers';
import type { BoardBooking, BoardJob, BoardQuery } from '../../../contract/operator';
import { jobRef, type JobLeg } from '../../../domain/booking-jobs';
import { BOARD_PAGE_SIZE } from '../../../contract/operator';
import { pence, penceToPounds } from '../../../domain/money';
import { todayInLondonFast } from '../../lib/uk-clock';
import type {
  BoardFilter,
  BoardRow,
  BoardUnit,
} from '../../repositories/operator-bookings-repository';
import { scopeOf, type ConsoleBookingsDeps } from './console-context';
import { openOffer } from './dispatch-record';
import type { OperatorIdentity } from './operator-auth-service';

/** The board's query as the repository's filter. */
export function boardFilter(query: BoardQuery): BoardFilter {
  return {
    status: query.status,
    view: query.view,
    from: query.from,
    to: query.to,
    q: query.q,
    companyId: query.company_id,
  };
}

/** A board row as the API shows it (pounds, ISO times). */
export function toBoardBooking(row: BoardRow): BoardBooking {
  return {
    booking_number: row.booking_number,
    pickup_at: new Date(row.pickup_at).toISOString(),
    pick_up_date: row.pick_up_date,
    pick_up_time: row.pick_up_time,
    passenger_name: row.passenger_name,
    passenger_email: row.passenger_email,
    passenger_phone: row.passenger_phone,
    pick_up_address: row.pick_up_address,
    drop_off_address: row.drop_off_address,
    vehicle_type: row.vehicle_type,
    vehicle_count: row.vehicle_count,
    status: row.status,
    total_booking_amount: penceToPounds(pence(row.total_pence)),
    currency: row.currency,
    company_id: row.company_id,
    company_name: row.company_name,
    created_at: new Date(row.created_at).toISOString(),
    flight: flightBrief(row),
  };
}

function boardClock(deps: ConsoleBookingsDeps) {
  const now = deps.clock();
  return { now, today: todayInLondonFast(now) };
}

/** One page of the board's rows, bookings or jobs, and how many match in all. */
async function boardPageOf(
  deps: ConsoleBookingsDeps,
  operator: OperatorIdentity,
  query: BoardQuery,
  unit: BoardUnit,
) {
  const page = query.page ?? 1;
  const { rows, total } = await deps.operatorBookings.board(
    scopeOf(operator),
    boardFilter(query),
    boardClock(deps),
    { limit: BOARD_PAGE_SIZE, offset: (page - 1) * BOARD_PAGE_SIZE },
    unit,
  );
  return { rows, total, page, per_page: BOARD_PAGE_SIZE };
}

/** One page of the operator's board. */
export async function boardPage(
  deps: ConsoleBookingsDeps,
  operator: OperatorIdentity,
  query: BoardQuery,
) {
  const { rows, ...page } = await boardPageOf(deps, operator, query, 'booking');
  return { data: rows.map(toBoardBooking), ...page };
}

/** One page of the jobs board (issue 32): a row per leg, under the leg's own pickup. */
export async function jobsBoardPage(
  deps: ConsoleBookingsDeps,
  operator: OperatorIdentity,
  query: BoardQuery,
) {
  const { rows, ...page } = await boardPageOf(deps, operator, query, 'job');
  const now = deps.clock();
  const data = rows.map((row): BoardJob => ({
    ...toBoardBooking(row),
    job_ref: jobRef(row.booking_number, row.leg),
    leg: row.leg,
    driver_name: row.job_driver_name,
    offer: openOffer(row, now),
  }));
  return { data, ...page };
}

/**
 * The filtered jobs board in its order (the leg's pickup), a chunk at a time, for the CSV
 * export: the same filters, quick views and search as GET /operator/jobs.
 */
export async function* exportJobs(
  deps: ConsoleBookingsDeps,
  operator: OperatorIdentity,
  query: BoardQuery,
  chunk = 500,
) {
  const scope = scopeOf(operator);
  const filter = boardFilter(query);
  const when = boardClock(deps);
  let after: { pickupAt: Date; id: number; leg: JobLeg } | undefined;
  for (;;) {
    const rows = await deps.operatorBookings.boardChunk(scope, filter, when, after, chunk);
    yield* rows;
    if (rows.length < chunk) return;
    const last = rows[rows.length - 1]!;
    after = { pickupAt: new Date(last.pickup_at), id: last.id, leg: last.leg };
  }
}
