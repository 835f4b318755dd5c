import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  requestResponseSchema,
  type ConsoleRequest,
  type RequestPatch,
} from '../../../../../contract/operator-requests';
import { API_PATHS } from '../../../../../contract/paths';
import { apiRequest } from '../../../../lib/api-client';
import { requestPath } from './get-requests';
import { requestKeys } from './request-keys';

/** POST /operator/requests/{id}/reply: mailed, kept on the request, which becomes Replied. */
export async function replyToRequest(
  id: number,
  message: string,
  idempotencyKey: string,
): Promise<ConsoleRequest> {
  const answer = await apiRequest(requestPath(API_PATHS.operatorRequestReply, id), {
    method: 'POST',
    body: { message },
    idempotencyKey,
    schema: requestResponseSchema,
  });
  return answer.data;
}

/** PATCH /operator/requests/{id}: Close or Reopen. */
export async function setRequestState(id: number, body: RequestPatch): Promise<ConsoleRequest> {
  const answer = await apiRequest(requestPath(API_PATHS.operatorRequest, id), {
    method: 'PATCH',
    body,
    schema: requestResponseSchema,
  });
  return answer.data;
}

/** After a change the lists ask again (a state filter may no longer hold it) and the mail too. */
function useAfterChange() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: requestKeys.all() });
    await queryClient.invalidateQueries({ queryKey: requestKeys.mail() });
  };
}

export function useReplyToRequest() {
  const after = useAfterChange();
  return useMutation({
    mutationKey: requestKeys.reply(),
    mutationFn: (reply: { id: number; message: string; idempotencyKey: string }) =>
      replyToRequest(reply.id, reply.message, reply.idempotencyKey),
    onSuccess: after,
    networkMode: 'always',
  });
}

export function useSetRequestState() {
  const after = useAfterChange();
  return useMutation({
    mutationKey: requestKeys.setState(),
    mutationFn: (change: { id: number; body: RequestPatch }) =>
      setRequestState(change.id, change.body),
    onSuccess: after,
    networkMode: 'always',
  });
}
