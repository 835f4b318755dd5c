import type { preHandlerHookHandler } from 'fastify';
import { settingsChangeSchema, settingsResponseSchema } from '../../contract/operator-settings';
import { API_PATHS } from '../../contract/paths';
import type { ContractApp } from '../http/contract-validation';
import { allowRoles } from '../http/operator-roles';
import { responseSchema } from '../lib/response-schema';
import type { SettingsAdmin } from '../services/config/settings-admin';

/** The console's Settings page (API.md, Operator console: Settings): the admin's alone. */
export function operatorSettingsRoutes(
  app: ContractApp,
  { settingsAdmin, signedIn }: { settingsAdmin: SettingsAdmin; signedIn: preHandlerHookHandler },
) {
  const adminOnly = allowRoles('admin');
  const reply = { 200: responseSchema(settingsResponseSchema) };

  app.get(
    API_PATHS.operatorSettings,
    { preValidation: [signedIn, adminOnly], schema: { response: reply } },
    async () => ({ success: true as const, settings: await settingsAdmin.list() }),
  );

  app.put(
    API_PATHS.operatorSettings,
    {
      preValidation: [signedIn, adminOnly],
      schema: { body: settingsChangeSchema, response: reply },
    },
    async (request) => ({
      success: true as const,
      settings: await settingsAdmin.save(request.operator!, request.body),
    }),
  );
}
