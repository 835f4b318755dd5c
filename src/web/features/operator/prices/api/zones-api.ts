import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import {
  bankHolidaysResponseSchema,
  zoneResponseSchema,
  zonesResponseSchema,
  type BankHolidayWire,
  type zoneInputSchema,
} from '../../../../../contract/operator-zones';
import { API_PATHS } from '../../../../../contract/paths';
import { apiRequest } from '../../../../lib/api-client';
import { priceKeys } from './prices-api';

/** The admin's zones and bank holidays (API.md, Operator console, Prices). */
const zoneKeys = {
  zones: () => [...priceKeys.all(), 'zones'] as const,
  holidays: () => [...priceKeys.all(), 'bank-holidays'] as const,
  save: () => [...priceKeys.all(), 'save-zones'] as const,
};

const ok = z.object({ success: z.literal(true) });

export const zonesQuery = () =>
  queryOptions({
    queryKey: zoneKeys.zones(),
    queryFn: async ({ signal }) =>
      (await apiRequest(API_PATHS.operatorZones, { schema: zonesResponseSchema, signal })).zones,
    meta: { persist: false },
  });

export const holidaysQuery = () =>
  queryOptions({
    queryKey: zoneKeys.holidays(),
    queryFn: async ({ signal }) =>
      (
        await apiRequest(API_PATHS.operatorBankHolidays, {
          schema: bankHolidaysResponseSchema,
          signal,
        })
      ).bank_holidays,
    meta: { persist: false },
  });

export const useZones = () => useQuery(zonesQuery());
export const useBankHolidays = () => useQuery(holidaysQuery());

/** A zone as POST and PUT take it; a number the form could not read goes as NaN (JSON null). */
export type ZoneBody = z.input<typeof zoneInputSchema>;

export type ZoneChange =
  | { kind: 'add-zone'; body: ZoneBody }
  | { kind: 'edit-zone'; id: number; body: ZoneBody }
  | { kind: 'remove-zone'; id: number }
  | { kind: 'add-holiday'; body: BankHolidayWire }
  | { kind: 'remove-holiday'; date: string; region: string };

function send(change: ZoneChange): Promise<unknown> {
  switch (change.kind) {
    case 'add-zone':
      return apiRequest(API_PATHS.operatorZones, {
        method: 'POST',
        body: change.body,
        schema: zoneResponseSchema,
      });
    case 'edit-zone':
      return apiRequest(API_PATHS.operatorZone.replace(':id', String(change.id)), {
        method: 'PUT',
        body: change.body,
        schema: zoneResponseSchema,
      });
    case 'remove-zone':
      return apiRequest(API_PATHS.operatorZone.replace(':id', String(change.id)), {
        method: 'DELETE',
        schema: ok,
      });
    case 'add-holiday':
      return apiRequest(API_PATHS.operatorBankHolidays, {
        method: 'PUT',
        body: change.body,
        schema: ok,
      });
    case 'remove-holiday':
      return apiRequest(
        API_PATHS.operatorBankHoliday
          .replace(':region', change.region)
          .replace(':date', change.date),
        { method: 'DELETE', schema: ok },
      );
  }
}

export function useSaveZones() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: zoneKeys.save(),
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: priceKeys.all() }),
    networkMode: 'always',
  });
}
