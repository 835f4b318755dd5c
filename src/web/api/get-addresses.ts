import { queryOptions, useQuery } from '@tanstack/react-query';
import { aiAddressesResponseSchema } from '../../contract/catalogue';
import { API_PATHS } from '../../contract/paths';
import type { AddressSuggestion } from '../../domain/fleet';
import { apiRequest } from '../lib/api-client';
import { queryKeys } from '../lib/query-keys';

export type AddressesParams = {
  /** Text to match; without it the server lists popular places. */
  q?: string;
  limit?: number;
  /** The journey's other end as typed: places nearer it come first (API.md). */
  near?: string;
};

/** GET /ai-addresses: address suggestions, or popular places when `q` is empty. */
export async function getAddresses(
  params: AddressesParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<AddressSuggestion[]> {
  const q = params.q?.trim();
  const near = params.near?.trim().slice(0, 200);
  const response = await apiRequest(API_PATHS.aiAddresses, {
    query: { q: q || undefined, limit: params.limit, near: (q && near) || undefined },
    schema: aiAddressesResponseSchema,
    signal,
  });
  return response.data;
}

export const addressesQueryOptions = (params: AddressesParams) => {
  const q = params.q?.trim() ?? '';
  const near = (q && params.near?.trim()) || undefined;
  return queryOptions({
    queryKey: queryKeys.catalogue.addresses({ q, limit: params.limit, near }),
    queryFn: ({ signal }) => getAddresses({ q, limit: params.limit, near }, { signal }),
    staleTime: q ? 60_000 : 30 * 60_000,
    // Popular places are worth keeping offline; typed searches are not.
    meta: { persist: !q },
  });
};

/** Popular places: the /ai-addresses list without a query. */
export function usePopularPlaces({ limit }: { limit?: number }) {
  return useQuery(addressesQueryOptions({ limit }));
}

/** Suggestions for typed text; the caller debounces and decides when the text is long enough. */
export function useAddressSuggestions(
  q: string,
  { enabled = true, near }: { enabled?: boolean; near?: string | undefined } = {},
) {
  return useQuery({
    ...addressesQueryOptions({ q, ...(near ? { near } : {}) }),
    enabled: enabled && q.trim().length > 0,
  });
}
