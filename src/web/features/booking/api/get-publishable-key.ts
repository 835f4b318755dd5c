import { queryOptions } from '@tanstack/react-query';
import { secretKeyResponseSchema, type SecretKeyResponse } from '../../../../contract/bookings';
import { API_PATHS } from '../../../../contract/paths';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * GET /secret_key (the spec's name for the call): the card provider's publishable key, and
 * whether Stripe.js is needed. No secret comes to the browser.
 */
export async function getPublishableKey({
  signal,
}: { signal?: AbortSignal } = {}): Promise<SecretKeyResponse> {
  return apiRequest(API_PATHS.secretKey, { schema: secretKeyResponseSchema, signal });
}

export const publishableKeyQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.bookings.publishableKey(),
    queryFn: getPublishableKey,
    staleTime: 10 * 60_000,
    // Asked for at the moment of paying; an operator's key change must not wait for a cache.
    meta: { persist: false },
  });
