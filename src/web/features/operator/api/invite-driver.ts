import { useMutation } from '@tanstack/react-query';
import { driverInvitationResponseSchema } from '../../../../contract/operator-driver-invitation';
import { API_PATHS } from '../../../../contract/paths';
import { apiRequest } from '../../../lib/api-client';
import { operatorKeys } from './operator-keys';

/**
 * POST /operator/drivers/{id}/invitation: the driver app's single-use link mailed to the
 * driver's email. Answers where it was sent.
 */
export async function inviteDriver(id: number): Promise<string> {
  const answer = await apiRequest(API_PATHS.operatorDriverInvitation.replace(':id', String(id)), {
    method: 'POST',
    body: {},
    schema: driverInvitationResponseSchema,
  });
  return answer.data.sent_to;
}

export function useInviteDriver() {
  return useMutation({
    mutationKey: operatorKeys.inviteDriver(),
    mutationFn: inviteDriver,
    networkMode: 'always',
  });
}
