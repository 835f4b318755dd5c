import { useMutation } from '@tanstack/react-query';
import { API_PATHS } from '../../../../contract/paths';
import { apiDownload } from '../../../lib/api-client';
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

/** Saves a Blob through a temporary link, as a download the browser names `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next task: some browsers start the download only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function useExportBookingsCsv() {
  return useMutation({
    mutationFn: async (filters: BoardFilters) => {
      saveBlob(await exportBookingsCsv(filters), csvFileName());
    },
    networkMode: 'always',
  });
}
