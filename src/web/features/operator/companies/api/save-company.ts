import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  companyResponseSchema,
  type CompanyInput,
  type CompanyPatch,
  type CompanyRecord,
} from '../../../../../contract/operator-companies';
import { API_PATHS } from '../../../../../contract/paths';
import { apiRequest } from '../../../../lib/api-client';
import { fleetKeys } from '../../fleet/api/fleet-keys';

export type SaveCompany = { id: null; body: CompanyInput } | { id: number; body: CompanyPatch };

/** POST /operator/companies, or PATCH /operator/companies/{id}. */
export async function saveCompany(save: SaveCompany): Promise<CompanyRecord> {
  const path =
    save.id === null
      ? API_PATHS.operatorCompanies
      : API_PATHS.operatorCompany.replace(':id', String(save.id));
  const answer = await apiRequest(path, {
    method: save.id === null ? 'POST' : 'PATCH',
    body: save.body,
    schema: companyResponseSchema,
  });
  return answer.data;
}

export function useSaveCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: fleetKeys.saveCompany(),
    mutationFn: saveCompany,
    onSuccess: async () => {
      // A company's name shows in the fleet's offerings too.
      await queryClient.invalidateQueries({ queryKey: fleetKeys.companies() });
      await queryClient.invalidateQueries({ queryKey: fleetKeys.fleet() });
    },
    networkMode: 'always',
  });
}
