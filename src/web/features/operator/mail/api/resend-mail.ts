import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mailResendResponseSchema, type MailEntry } from '../../../../../contract/operator-mail';
import { API_PATHS } from '../../../../../contract/paths';
import { apiRequest } from '../../../../lib/api-client';
import { requestKeys } from '../../requests/api/request-keys';

/** POST /operator/mail/{id}/resend: one fresh copy per press (the press's Idempotency-Key). */
export async function resendMail(id: number, idempotencyKey: string): Promise<MailEntry> {
  const answer = await apiRequest(API_PATHS.operatorMailResend.replace(':id', String(id)), {
    method: 'POST',
    idempotencyKey,
    schema: mailResendResponseSchema,
  });
  return answer.data;
}

export function useResendMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: requestKeys.resend(),
    mutationFn: (press: { id: number; idempotencyKey: string }) =>
      resendMail(press.id, press.idempotencyKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: requestKeys.mail() }),
    networkMode: 'always',
  });
}
