import {
  getPaymentIdResponseSchema,
  type GetPaymentIdResponse,
} from '../../../../contract/bookings';
import { API_PATHS } from '../../../../contract/paths';
import { apiRequest } from '../../../lib/api-client';

/** GET /get-payment-id?session_id=: the card payment a finished checkout session made. */
export async function getPaymentId(
  sessionId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<GetPaymentIdResponse> {
  return apiRequest(API_PATHS.getPaymentId, {
    query: { session_id: sessionId },
    schema: getPaymentIdResponseSchema,
    signal,
  });
}
