import { useMutation } from '@tanstack/react-query';
import { API_PATHS } from '../../../../contract/paths';
import { apiDownload } from '../../../lib/api-client';
import { saveBlob } from '../../../lib/save-blob';
import { accessOptions, managePath, type ManageAccess } from '../lib/access';
import { manageBookingKeys } from './manage-booking-keys';

/** The file name the receipt is saved as. */
export function receiptFileName(bookingNumber: string): string {
  return `receipt-${bookingNumber}.pdf`;
}

/**
 * GET /manage-booking/{n}/receipt.pdf. Fetched rather than linked: a link cannot carry the
 * token header, and a token in the link's address would leak into history and logs.
 */
export function downloadReceipt(bookingNumber: string, access: ManageAccess): Promise<Blob> {
  return apiDownload(managePath(API_PATHS.manageBookingReceipt, bookingNumber), {
    ...accessOptions(access),
    accept: 'application/pdf',
  });
}

export function useDownloadReceipt() {
  return useMutation({
    mutationKey: manageBookingKeys.receipt(),
    mutationFn: async ({
      bookingNumber,
      access,
    }: {
      bookingNumber: string;
      access: ManageAccess;
    }) => {
      saveBlob(await downloadReceipt(bookingNumber, access), receiptFileName(bookingNumber));
    },
    networkMode: 'always',
  });
}
