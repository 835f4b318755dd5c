/** Rows per page of the bookings table: 1,000 bookings stay 50 light pages. */
export const PAGE_SIZE = 20;

export type Page<T> = {
  rows: T[];
  /** 1-based, clamped into 1..pageCount. */
  page: number;
  pageCount: number;
  /** 1-based position of the first and last row shown; 0 and 0 when there are none. */
  first: number;
  last: number;
  total: number;
};

/** Reads a page number from the URL: anything but a positive whole number is page 1. */
export function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** The slice of `items` on `page`; a page past the end shows the last one. */
export function pageOf<T>(items: readonly T[], page: number, size = PAGE_SIZE): Page<T> {
  const total = items.length;
  const pageCount = Math.max(1, Math.ceil(total / size));
  const current = Math.min(Math.max(1, page), pageCount);
  const start = (current - 1) * size;
  const rows = items.slice(start, start + size);
  return {
    rows,
    page: current,
    pageCount,
    first: rows.length ? start + 1 : 0,
    last: start + rows.length,
    total,
  };
}
