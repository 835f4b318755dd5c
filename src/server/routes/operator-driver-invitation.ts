import type { preHandlerHookHandler } from 'fastify';
import { driverInvitationResponseSchema } from '../../contract/operator-driver-invitation';
import { driverPathSchema } from '../../contract/path-params';
import { API_PATHS } from '../../contract/paths';
import type { ContractApp } from '../http/contract-validation';
import { responseSchema } from '../lib/response-schema';
import type { DriverInvitations } from '../services/driver/driver-invitations';

/**
 * The console's Invite to the driver app (issue 34; API.md, The driver's app): whoever may
 * change the company's drivers (any console role, the admin for every company) mails a driver
 * the link to set a password.
 */
export function operatorDriverInvitationRoutes(
  app: ContractApp,
  deps: { invitations: DriverInvitations; signedIn: preHandlerHookHandler },
) {
  app.post(
    API_PATHS.operatorDriverInvitation,
    {
      preValidation: deps.signedIn,
      schema: {
        params: driverPathSchema,
        response: { 200: responseSchema(driverInvitationResponseSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await deps.invitations.send(request.operator!, request.params.id),
    }),
  );
}
