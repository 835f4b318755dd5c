import {
  corporateBookingsResponseSchema,
  type CorporateBooking,
} from '../../../../contract/corporate';
import { API_PATHS } from '../../../../contract/paths';
import { apiRequest } from '../../../lib/api-client';

/** GET /get_booking/{passenger_id} with the bearer token: newest first. */
export async function getBookings(
  passengerId: number,
  token: string,
  signal?: AbortSignal,
): Promise<CorporateBooking[]> {
  const path = API_PATHS.getBooking.replace(':passenger_id', String(passengerId));
  const answer = await apiRequest(path, { token, signal, schema: corporateBookingsResponseSchema });
  return answer.data;
}
