import { useMutation } from '@tanstack/react-query';
import { API_PATHS } from '../../../../contract/paths';
import { apiDownload } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-blob';
import { boardQuery, type BoardFilters } from '../lib/board-filters';

/** The file name a download is saved as, e.g. 'bookings-2026-12-01.csv'. */
export function csvFileName(today: Date = new Date()): string {
  return `bookings-${today.toISOString().slice(0, 10)}.csv`;
}

/**
 * GET /operator/bookings.csv with the board's filters (less the page: the export is the whole
 * filtered list). Fetched rather than linked, because the API wants its key headers.
 */
export function exportBookingsCsv(filters: BoardFilters): Promise<Blob> {
  const { page: _page, ...rest } = filters;
  return apiDownload(API_PATHS.operatorBookingsCsv, {
    query: boardQuery(rest),
    accept: 'text/csv',
  });
}

export function useExportBookingsCsv() {
  return useMutation({
    mutationFn: async (filters: BoardFilters) => {
      saveBlob(await exportBookingsCsv(filters), csvFileName());
    },
    networkMode: 'always',
  });
}
