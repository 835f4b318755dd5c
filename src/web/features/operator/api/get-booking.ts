import { queryOptions, useQuery } from '@tanstack/react-query';
import { operatorBookingResponseSchema, type OperatorBooking } from '../../../../contract/operator';
import { API_PATHS } from '../../../../contract/paths';
import { apiRequest } from '../../../lib/api-client';
import { operatorKeys } from './operator-keys';

export function bookingPath(template: string, bookingNumber: string): string {
  return template.replace(':booking_number', encodeURIComponent(bookingNumber));
}

/** GET /operator/bookings/{n}: 404 for an unknown number and for another company's booking. */
export async function getBooking(
  bookingNumber: string,
  signal?: AbortSignal,
): Promise<OperatorBooking> {
  const answer = await apiRequest(bookingPath(API_PATHS.operatorBooking, bookingNumber), {
    schema: operatorBookingResponseSchema,
    signal,
  });
  return answer.data;
}

export const bookingQueryOptions = (bookingNumber: string) =>
  queryOptions({
    queryKey: operatorKeys.booking(bookingNumber),
    queryFn: ({ signal }) => getBooking(bookingNumber, signal),
    staleTime: 0,
    meta: { persist: false },
  });

export function useOperatorBooking(bookingNumber: string) {
  return useQuery(bookingQueryOptions(bookingNumber));
}
