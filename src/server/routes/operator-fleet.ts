import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import {
  fleetCategoryInputSchema,
  fleetCategoryPatchSchema,
  fleetCategoryResponseSchema,
  fleetOfferingInputSchema,
  fleetOfferingPathSchema,
  fleetOfferingResponseSchema,
  fleetPathSchema,
  fleetPictureQuerySchema,
  fleetPictureResponseSchema,
  fleetResponseSchema,
  MAX_PICTURE_BYTES,
  PICTURE_FIELD,
} from '../../contract/operator-fleet';
import { API_PATHS } from '../../contract/paths';
import { FLEET_MESSAGES } from '../../domain/fleet-company-messages';
import { RequestValidationError } from '../errors';
import { withContractSchemas, type ContractApp } from '../http/contract-validation';
import { allowRoles } from '../http/operator-roles';
import { responseSchema } from '../lib/response-schema';
import type { FleetSetupService } from '../services/fleet/fleet-setup-service';
import { pictureTooLarge } from '../services/fleet/picture-store';

const nothingToChange = () =>
  new RequestValidationError([{ path: '', message: 'Nothing to change' }]);
const noPicture = () =>
  new RequestValidationError([{ path: PICTURE_FIELD, message: FLEET_MESSAGES.noPicture }]);

/**
 * The picture of a multipart upload (field `picture`), read whole but never past
 * MAX_PICTURE_BYTES: a bigger file is refused as soon as it passes the limit.
 */
async function uploadedPicture(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw noPicture();
  try {
    const file = await request.file({
      limits: { fileSize: MAX_PICTURE_BYTES, files: 1, fields: 4 },
    });
    if (!file || file.fieldname !== PICTURE_FIELD) throw noPicture();
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof RequestValidationError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw pictureTooLarge();
    // A body that is no multipart form (no boundary, cut short): the same 400 as no file.
    request.log.info({ err: error }, 'unreadable picture upload');
    throw noPicture();
  }
}

interface FleetRouteOptions {
  fleet: FleetSetupService;
  signedIn: preHandlerHookHandler;
}

/**
 * The console's Fleet (API.md, Operator console: Fleet): the admin edits categories and their
 * pictures; a manager its own company's offer and pictures, the admin any company's.
 */
export async function operatorFleetRoutes(fastify: FastifyInstance, options: FleetRouteOptions) {
  const app = withContractSchemas(fastify);
  await app.register(multipart, {
    limits: { fileSize: MAX_PICTURE_BYTES, files: 1, fields: 4, parts: 5 },
  });
  categoryRoutes(app, options);
  offeringRoutes(app, options);
}

/** The list, and the admin's categories. */
function categoryRoutes(app: ContractApp, { fleet, signedIn }: FleetRouteOptions) {
  const adminOnly = [signedIn, allowRoles('admin')];
  const categoryReply = responseSchema(fleetCategoryResponseSchema);

  app.get(
    API_PATHS.operatorFleet,
    {
      preValidation: [signedIn, allowRoles('admin', 'manager')],
      schema: { response: { 200: responseSchema(fleetResponseSchema) } },
    },
    async (request) => ({ success: true as const, data: await fleet.view(request.operator!) }),
  );

  app.post(
    API_PATHS.operatorFleet,
    {
      preValidation: adminOnly,
      schema: { body: fleetCategoryInputSchema, response: { 201: categoryReply } },
    },
    async (request, reply) => {
      const data = await fleet.addCategory(request.operator!, request.body);
      return reply.code(201).send({ success: true, data });
    },
  );

  app.patch(
    API_PATHS.operatorFleetCategory,
    {
      preValidation: adminOnly,
      schema: {
        params: fleetPathSchema,
        body: fleetCategoryPatchSchema,
        response: { 200: categoryReply },
      },
    },
    async (request) => {
      if (Object.keys(request.body).length === 0) throw nothingToChange();
      const data = await fleet.changeCategory(request.operator!, request.params.id, request.body);
      return { success: true as const, data };
    },
  );
}

/** A company's offer of a category and its pictures: its manager's, or the admin's. */
function offeringRoutes(app: ContractApp, { fleet, signedIn }: FleetRouteOptions) {
  const adminOrManager = [signedIn, allowRoles('admin', 'manager')];

  app.patch(
    API_PATHS.operatorFleetOffering,
    {
      preValidation: adminOrManager,
      schema: {
        params: fleetOfferingPathSchema,
        body: fleetOfferingInputSchema,
        response: { 200: responseSchema(fleetOfferingResponseSchema) },
      },
    },
    async (request) => {
      const { id, company_id } = request.params;
      const data = await fleet.setOffered(request.operator!, id, company_id, request.body.offered);
      return { success: true as const, data };
    },
  );

  app.post(
    API_PATHS.operatorFleetPicture,
    {
      preValidation: adminOrManager,
      schema: {
        params: fleetPathSchema,
        querystring: fleetPictureQuerySchema,
        response: { 200: responseSchema(fleetPictureResponseSchema) },
      },
    },
    async (request) => {
      const bytes = await uploadedPicture(request);
      const { id } = request.params;
      const data = await fleet.setPicture(request.operator!, id, request.query.company_id, bytes);
      return { success: true as const, data };
    },
  );
}
