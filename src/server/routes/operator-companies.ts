import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import {
  companiesResponseSchema,
  companyInputSchema,
  companyPatchSchema,
  companyPathSchema,
  companyResponseSchema,
} from '../../contract/operator-companies';
import { API_PATHS } from '../../contract/paths';
import { RequestValidationError } from '../errors';
import { withContractSchemas } from '../http/contract-validation';
import { allowRoles } from '../http/operator-roles';
import { responseSchema } from '../lib/response-schema';
import type { CompaniesService } from '../services/companies/companies-service';

/** The console's Companies (API.md, Operator console: Companies): the admin's alone. */
export async function operatorCompanyRoutes(
  fastify: FastifyInstance,
  options: { companies: CompaniesService; signedIn: preHandlerHookHandler },
) {
  const { companies, signedIn } = options;
  const app = withContractSchemas(fastify);
  const adminOnly = [signedIn, allowRoles('admin')];
  const companyReply = responseSchema(companyResponseSchema);

  app.get(
    API_PATHS.operatorCompanies,
    {
      preValidation: adminOnly,
      schema: { response: { 200: responseSchema(companiesResponseSchema) } },
    },
    async () => ({ success: true as const, data: await companies.list() }),
  );

  app.post(
    API_PATHS.operatorCompanies,
    {
      preValidation: adminOnly,
      schema: { body: companyInputSchema, response: { 201: companyReply } },
    },
    async (request, reply) => {
      const data = await companies.add(request.operator!, request.body);
      return reply.code(201).send({ success: true, data });
    },
  );

  app.patch(
    API_PATHS.operatorCompany,
    {
      preValidation: adminOnly,
      schema: {
        params: companyPathSchema,
        body: companyPatchSchema,
        response: { 200: companyReply },
      },
    },
    async (request) => {
      if (Object.keys(request.body).length === 0) {
        throw new RequestValidationError([{ path: '', message: 'Nothing to change' }]);
      }
      const data = await companies.change(request.operator!, request.params.id, request.body);
      return { success: true as const, data };
    },
  );
}
