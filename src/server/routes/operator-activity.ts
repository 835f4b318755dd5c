import type { preHandlerHookHandler } from 'fastify';
import { activityQuerySchema, activityResponseSchema } from '../../contract/operator-activity';
import { API_PATHS } from '../../contract/paths';
import type { ContractApp } from '../http/contract-validation';
import { allowRoles } from '../http/operator-roles';
import { responseSchema } from '../lib/response-schema';
import type { ActivityService } from '../services/activity/activity-service';

/** The console's activity log (API.md, Activity): read only, by the admin and managers. */
export function operatorActivityRoutes(
  app: ContractApp,
  { activity, signedIn }: { activity: ActivityService; signedIn: preHandlerHookHandler },
) {
  app.get(
    API_PATHS.operatorActivity,
    {
      preValidation: [signedIn, allowRoles('admin', 'manager')],
      schema: {
        querystring: activityQuerySchema,
        response: { 200: responseSchema(activityResponseSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      data: await activity.list(request.operator!, request.query),
    }),
  );
}
