import { BOARD_VIEWS, type BoardView } from '../../../../contract/operator';
import { BOOKING_STATUSES, type BookingStatus } from '../../../../domain/booking-lifecycle';

/**
 * The board's filters as the URL holds them (?status=&view=&from=&to=&q=&company_id=&page=),
 * so a reload, Back and a shared link keep them. The same names go to the API as its query
 * (contract boardQuerySchema); an empty or unknown value is left out.
 */
export type BoardFilters = {
  status?: BookingStatus;
  view?: Exclude<BoardView, 'all'>;
  from?: string;
  to?: string;
  q?: string;
  company_id?: string;
  page?: string;
};

export const FILTER_NAMES = ['status', 'view', 'from', 'to', 'q', 'company_id', 'page'] as const;
export type FilterName = (typeof FILTER_NAMES)[number];

const isStatus = (value: string): value is BookingStatus =>
  (BOOKING_STATUSES as readonly string[]).includes(value);
const isView = (value: string): value is Exclude<BoardView, 'all'> =>
  value !== 'all' && (BOARD_VIEWS as readonly string[]).includes(value);
const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
const isPositive = (value: string) => /^[1-9]\d{0,8}$/.test(value);

/** The filters in `params`, each kept only when the API would accept it. */
export function readFilters(params: URLSearchParams): BoardFilters {
  const filters: BoardFilters = {};
  const status = params.get('status') ?? '';
  if (isStatus(status)) filters.status = status;
  const view = params.get('view') ?? '';
  if (isView(view)) filters.view = view;
  const from = params.get('from') ?? '';
  if (isDate(from)) filters.from = from;
  const to = params.get('to') ?? '';
  if (isDate(to)) filters.to = to;
  const q = (params.get('q') ?? '').trim().slice(0, 100);
  if (q) filters.q = q;
  const company = params.get('company_id') ?? '';
  if (isPositive(company)) filters.company_id = company;
  const page = params.get('page') ?? '';
  if (isPositive(page) && page !== '1') filters.page = page;
  return filters;
}

/**
 * The URL's parameters with `changes` applied. Any change but the page's own goes back to
 * page 1, since the old page number means nothing in a different list.
 */
export function withFilters(
  params: URLSearchParams,
  changes: Partial<Record<FilterName, string>>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(changes)) {
    if (value) next.set(name, value);
    else next.delete(name);
  }
  if (!('page' in changes)) next.delete('page');
  if (next.get('page') === '1') next.delete('page');
  return next;
}

/** The filters as the API's query string values. */
export function boardQuery(filters: BoardFilters): Record<string, string | undefined> {
  return { ...filters };
}

/** How many pages `total` rows make at `perPage` a page (at least one). */
export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, perPage)));
}
