import type { preHandlerHookHandler } from 'fastify';
import {
  requestPatchSchema,
  requestPathSchema,
  requestReplyRequestSchema,
  requestResponseSchema,
  requestsQuerySchema,
  requestsResponseSchema,
  type RequestResponse,
  type RequestsResponse,
} from '../../contract/operator-requests';
import {
  mailListResponseSchema,
  mailPathSchema,
  mailQuerySchema,
  mailResendResponseSchema,
  type MailListResponse,
  type MailResendResponse,
} from '../../contract/operator-mail';
import { API_PATHS } from '../../contract/paths';
import type { ContractApp } from '../http/contract-validation';
import { allowRoles } from '../http/operator-roles';
import { idempotencyKeyOf } from '../lib/idempotency';
import { responseSchema } from '../lib/response-schema';
import type { ConsoleSetupServices } from '../console-setup-services';

interface Options {
  setup: Pick<ConsoleSetupServices, 'requests' | 'mailLog'>;
  signedIn: preHandlerHookHandler;
}

/**
 * The console's Requests (admin and manager; a manager's are its company's, see
 * requestScopeOf) and Mail (admin alone) pages' calls (issue 33; API.md, Requests and mail).
 */
export function operatorRequestRoutes(app: ContractApp, { setup, signedIn }: Options) {
  const { requests } = setup;
  const managers = [signedIn, allowRoles('admin', 'manager')];
  const requestReply = { 200: responseSchema(requestResponseSchema) };

  app.get(
    API_PATHS.operatorRequests,
    {
      preValidation: managers,
      schema: {
        querystring: requestsQuerySchema,
        response: { 200: responseSchema(requestsResponseSchema) },
      },
    },
    async (request): Promise<RequestsResponse> => requests.list(request.operator!, request.query),
  );

  app.get(
    API_PATHS.operatorRequest,
    { preValidation: managers, schema: { params: requestPathSchema, response: requestReply } },
    async (request): Promise<RequestResponse> => ({
      success: true,
      data: await requests.detail(request.operator!, request.params.id),
    }),
  );

  app.patch(
    API_PATHS.operatorRequest,
    {
      preValidation: managers,
      schema: { params: requestPathSchema, body: requestPatchSchema, response: requestReply },
    },
    async (request): Promise<RequestResponse> => ({
      success: true,
      data: await requests.setState(request.operator!, request.params.id, request.body),
    }),
  );

  app.post(
    API_PATHS.operatorRequestReply,
    {
      preValidation: managers,
      schema: {
        params: requestPathSchema,
        body: requestReplyRequestSchema,
        response: requestReply,
      },
    },
    async (request): Promise<RequestResponse> => {
      const key = idempotencyKeyOf(request);
      const { id } = request.params;
      const data = await requests.reply(request.operator!, id, request.body.message, key);
      return { success: true, data };
    },
  );
}

/** The Mail page: the outbox, newest first, and Send again. */
export function operatorMailRoutes(app: ContractApp, { setup, signedIn }: Options) {
  const { mailLog } = setup;
  const admins = [signedIn, allowRoles('admin')];

  app.get(
    API_PATHS.operatorMail,
    {
      preValidation: admins,
      schema: {
        querystring: mailQuerySchema,
        response: { 200: responseSchema(mailListResponseSchema) },
      },
    },
    async (request): Promise<MailListResponse> => mailLog.list(request.query),
  );

  app.post(
    API_PATHS.operatorMailResend,
    {
      preValidation: admins,
      schema: {
        params: mailPathSchema,
        response: { 201: responseSchema(mailResendResponseSchema) },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request);
      const data = await mailLog.resend(request.operator!, request.params.id, key);
      const answer: MailResendResponse = { success: true, data };
      return reply.code(201).send(answer);
    },
  );
}
