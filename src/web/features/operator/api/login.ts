import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  operatorResponseSchema,
  type Operator,
  type OperatorLoginRequest,
} from '../../../../contract/operator';
import { API_PATHS } from '../../../../contract/paths';
import { apiRequest } from '../../../lib/api-client';
import { operatorKeys } from './operator-keys';

/** POST /operator/login: sets the session cookie; 401 for a wrong pair, 429 when throttled. */
export async function login(body: OperatorLoginRequest): Promise<Operator> {
  const answer = await apiRequest(API_PATHS.operatorLogin, {
    method: 'POST',
    body,
    schema: operatorResponseSchema,
  });
  return answer.operator;
}

/** Signs in and keeps the operator as GET /operator/me's answer, so the console shows at once. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: operatorKeys.login(),
    mutationFn: login,
    onSuccess: (operator) => queryClient.setQueryData(operatorKeys.me(), operator),
    // Fails at once offline instead of pausing: a paused mutation would be persisted to
    // localStorage with its variables, here a password.
    networkMode: 'always',
  });
}
