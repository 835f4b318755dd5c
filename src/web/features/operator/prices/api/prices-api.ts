import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  chargesResponseSchema,
  fixedFaresResponseSchema,
  pricePreviewResponseSchema,
  priceVersionResponseSchema,
  priceVersionsResponseSchema,
  rateCardResponseSchema,
  rateCardsResponseSchema,
  type ChargesInput,
  type FixedFaresInput,
  type PricePreviewRequestInput,
  type RateCardInput,
} from '../../../../../contract/operator-prices';
import { API_PATHS } from '../../../../../contract/paths';
import { apiRequest } from '../../../../lib/api-client';
import { operatorKeys } from '../../api/operator-keys';

/**
 * The Prices page's calls (API.md, Operator console, Prices) with their query options; every
 * save invalidates the company's prices, History included, through one key.
 */
export const priceKeys = {
  all: () => [...operatorKeys.all, 'prices'] as const,
  cards: (companyId: number | null) => [...priceKeys.all(), 'cards', companyId] as const,
  fares: (companyId: number) => [...priceKeys.all(), 'fares', companyId] as const,
  charges: (companyId: number) => [...priceKeys.all(), 'charges', companyId] as const,
  versions: (companyId: number) => [...priceKeys.all(), 'versions', companyId] as const,
  save: () => [...priceKeys.all(), 'save'] as const,
  preview: () => [...priceKeys.all(), 'preview'] as const,
};

const companyQuery = (companyId: number | null) =>
  companyId === null ? '' : `?company_id=${companyId}`;

const live = { staleTime: 0, meta: { persist: false } } as const;

/** GET /operator/rate-cards: the admin's every company's (null), or one company's. */
export const rateCardsQuery = (companyId: number | null) =>
  queryOptions({
    queryKey: priceKeys.cards(companyId),
    queryFn: async ({ signal }) =>
      (
        await apiRequest(`${API_PATHS.operatorRateCards}${companyQuery(companyId)}`, {
          schema: rateCardsResponseSchema,
          signal,
        })
      ).rate_cards,
    ...live,
  });

export const fixedFaresQuery = (companyId: number) =>
  queryOptions({
    queryKey: priceKeys.fares(companyId),
    queryFn: ({ signal }) =>
      apiRequest(`${API_PATHS.operatorFixedFares}${companyQuery(companyId)}`, {
        schema: fixedFaresResponseSchema,
        signal,
      }),
    ...live,
  });

export const chargesQuery = (companyId: number) =>
  queryOptions({
    queryKey: priceKeys.charges(companyId),
    queryFn: async ({ signal }) =>
      (
        await apiRequest(`${API_PATHS.operatorCharges}${companyQuery(companyId)}`, {
          schema: chargesResponseSchema,
          signal,
        })
      ).charges,
    ...live,
  });

export const versionsQuery = (companyId: number) =>
  queryOptions({
    queryKey: priceKeys.versions(companyId),
    queryFn: async ({ signal }) =>
      (
        await apiRequest(`${API_PATHS.operatorPriceVersions}${companyQuery(companyId)}`, {
          schema: priceVersionsResponseSchema,
          signal,
        })
      ).versions,
    ...live,
  });

export const useRateCards = (companyId: number | null) => useQuery(rateCardsQuery(companyId));
export const useFixedFares = (companyId: number | null) =>
  useQuery({ ...fixedFaresQuery(companyId ?? 0), enabled: companyId !== null });
export const useCharges = (companyId: number | null) =>
  useQuery({ ...chargesQuery(companyId ?? 0), enabled: companyId !== null });
export const useVersions = (companyId: number | null) =>
  useQuery({ ...versionsQuery(companyId ?? 0), enabled: companyId !== null });

/** One save of the page: a card, the fixed fares, the charges, or a restore. */
export type PriceSave =
  | { kind: 'card'; id: number; body: RateCardInput }
  | { kind: 'fares'; body: FixedFaresInput }
  | { kind: 'charges'; body: ChargesInput }
  | { kind: 'restore'; id: number };

function save(change: PriceSave): Promise<unknown> {
  switch (change.kind) {
    case 'card':
      return apiRequest(API_PATHS.operatorRateCard.replace(':id', String(change.id)), {
        method: 'PUT',
        body: change.body,
        schema: rateCardResponseSchema,
      });
    case 'fares':
      return apiRequest(API_PATHS.operatorFixedFares, {
        method: 'PUT',
        body: change.body,
        schema: fixedFaresResponseSchema,
      });
    case 'charges':
      return apiRequest(API_PATHS.operatorCharges, {
        method: 'PUT',
        body: change.body,
        schema: chargesResponseSchema,
      });
    case 'restore':
      return apiRequest(API_PATHS.operatorPriceVersionRestore.replace(':id', String(change.id)), {
        method: 'POST',
        body: {},
        schema: priceVersionResponseSchema,
      });
  }
}

export function useSavePrices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: priceKeys.save(),
    mutationFn: save,
    onSettled: () => queryClient.invalidateQueries({ queryKey: priceKeys.all() }),
    networkMode: 'always',
  });
}

/**
 * POST /operator/price-preview: nothing is saved. The journey is the public form's fields as
 * typed; the server reads them as the results page's call does, and names any it refuses.
 */
export type PreviewBody = Omit<PricePreviewRequestInput, 'journey'> & {
  journey: Record<string, string>;
};

export function usePricePreview() {
  return useMutation({
    mutationKey: priceKeys.preview(),
    mutationFn: (body: PreviewBody) =>
      apiRequest(API_PATHS.operatorPricePreview, {
        method: 'POST',
        body,
        schema: pricePreviewResponseSchema,
      }),
    networkMode: 'always',
  });
}
