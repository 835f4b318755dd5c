import { useMutation } from '@tanstack/react-query';
import { managedBookingResponseSchema } from '../../../../contract/manage-booking';
import { API_PATHS } from '../../../../contract/paths';
import { apiRequest } from '../../../lib/api-client';
import { accessOptions, managePath, type ManageAccess } from '../lib/access';
import { useKeepBooking } from './get-managed-booking';

/** PUT /manage-booking/{n}/texts: "Text me about this booking" on or off (issue 35). */
export function chooseTexts(bookingNumber: string, access: ManageAccess, wanted: boolean) {
  return apiRequest(managePath(API_PATHS.manageBookingTexts, bookingNumber), {
    method: 'PUT',
    body: { wanted },
    ...accessOptions(access),
    schema: managedBookingResponseSchema,
  });
}

export function useChooseTexts() {
  const keep = useKeepBooking();
  return useMutation({
    mutationFn: ({
      bookingNumber,
      access,
      wanted,
    }: {
      bookingNumber: string;
      access: ManageAccess;
      wanted: boolean;
    }) => chooseTexts(bookingNumber, access, wanted),
    onSuccess: (answer, { access }) => keep(answer.booking, access),
  });
}
