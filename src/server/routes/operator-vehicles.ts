import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import {
  vehicleInputSchema,
  vehiclePatchSchema,
  vehiclePathSchema,
  vehicleResponseSchema,
  vehiclesResponseSchema,
} from '../../contract/operator-vehicles';
import { API_PATHS } from '../../contract/paths';
import { RequestValidationError } from '../errors';
import { withContractSchemas } from '../http/contract-validation';
import { allowRoles } from '../http/operator-roles';
import { responseSchema } from '../lib/response-schema';
import type { VehiclesService } from '../services/vehicles/vehicles-service';

/**
 * The console's Vehicles (API.md, Operator console: Vehicles; issue 34). Every role lists them
 * (a dispatcher chooses one to assign); only the admin and a manager add or change them.
 */
export async function operatorVehicleRoutes(
  fastify: FastifyInstance,
  options: { vehicles: VehiclesService; signedIn: preHandlerHookHandler },
) {
  const { vehicles, signedIn } = options;
  const app = withContractSchemas(fastify);
  const managers = [signedIn, allowRoles('admin', 'manager')];
  const vehicleReply = responseSchema(vehicleResponseSchema);

  app.get(
    API_PATHS.operatorVehicles,
    {
      preValidation: signedIn,
      schema: { response: { 200: responseSchema(vehiclesResponseSchema) } },
    },
    async (request) => ({ success: true as const, data: await vehicles.list(request.operator!) }),
  );

  app.get(
    API_PATHS.operatorVehicle,
    {
      preValidation: signedIn,
      schema: { params: vehiclePathSchema, response: { 200: vehicleReply } },
    },
    async (request) => ({
      success: true as const,
      data: await vehicles.get(request.operator!, request.params.id),
    }),
  );

  app.post(
    API_PATHS.operatorVehicles,
    {
      preValidation: managers,
      schema: { body: vehicleInputSchema, response: { 201: vehicleReply } },
    },
    async (request, reply) => {
      const data = await vehicles.add(request.operator!, request.body);
      return reply.code(201).send({ success: true, data });
    },
  );

  app.patch(
    API_PATHS.operatorVehicle,
    {
      preValidation: managers,
      schema: {
        params: vehiclePathSchema,
        body: vehiclePatchSchema,
        response: { 200: vehicleReply },
      },
    },
    async (request) => {
      if (Object.keys(request.body).length === 0) {
        throw new RequestValidationError([{ path: '', message: 'Nothing to change' }]);
      }
      const data = await vehicles.change(request.operator!, request.params.id, request.body);
      return { success: true as const, data };
    },
  );
}
