import type { preHandlerHookHandler } from 'fastify';
import {
  driverInputSchema,
  driverPatchSchema,
  driverResponseSchema,
  driversResponseSchema,
} from '../../contract/operator-drivers';
import { driverPathSchema } from '../../contract/path-params';
import { API_PATHS } from '../../contract/paths';
import { RequestValidationError } from '../errors';
import type { ContractApp } from '../http/contract-validation';
import { responseSchema } from '../lib/response-schema';
import type { DriversService } from '../services/operator/drivers-service';

/** The console's drivers (API.md, Operator console): listed, added and changed. */
export function operatorDriverRoutes(
  app: ContractApp,
  { drivers, signedIn }: { drivers: DriversService; signedIn: preHandlerHookHandler },
) {
  const driverReply = responseSchema(driverResponseSchema);

  app.get(
    API_PATHS.operatorDrivers,
    {
      preValidation: signedIn,
      schema: { response: { 200: responseSchema(driversResponseSchema) } },
    },
    async (request) => ({ success: true as const, data: await drivers.list(request.operator!) }),
  );

  app.post(
    API_PATHS.operatorDrivers,
    {
      preValidation: signedIn,
      schema: { body: driverInputSchema, response: { 201: driverReply } },
    },
    async (request, reply) => {
      const data = await drivers.add(request.operator!, request.body);
      return reply.code(201).send({ success: true, data });
    },
  );

  app.patch(
    API_PATHS.operatorDriver,
    {
      preValidation: signedIn,
      schema: { params: driverPathSchema, body: driverPatchSchema, response: { 200: driverReply } },
    },
    async (request) => {
      if (Object.keys(request.body).length === 0) {
        throw new RequestValidationError([{ path: '', message: 'Nothing to change' }]);
      }
      const data = await drivers.update(request.operator!, request.params.id, request.body);
      return { success: true as const, data };
    },
  );
}
