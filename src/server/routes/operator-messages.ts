import type { preHandlerHookHandler } from 'fastify';
import {
  messagePathSchema,
  messagePreviewRequestSchema,
  messagePreviewSchema,
  messageResponseSchema,
  messageSaveSchema,
  messagesResponseSchema,
} from '../../contract/operator-messages';
import { API_PATHS } from '../../contract/paths';
import type { ContractApp } from '../http/contract-validation';
import { allowRoles } from '../http/operator-roles';
import { responseSchema } from '../lib/response-schema';
import type { MessagesService } from '../services/messages/messages-service';

/** The console's Messages page (issue 35; API.md, Operator console: Messages): the admin's. */
export function operatorMessageRoutes(
  app: ContractApp,
  { messages, signedIn }: { messages: MessagesService; signedIn: preHandlerHookHandler },
) {
  const preValidation = [signedIn, allowRoles('admin')];
  const templateReply = { 200: responseSchema(messageResponseSchema) };

  app.get(
    API_PATHS.operatorMessages,
    { preValidation, schema: { response: { 200: responseSchema(messagesResponseSchema) } } },
    async () => ({ success: true as const, messages: await messages.list() }),
  );

  app.put(
    API_PATHS.operatorMessage,
    {
      preValidation,
      schema: { params: messagePathSchema, body: messageSaveSchema, response: templateReply },
    },
    async (request) => ({
      success: true as const,
      template: await messages.save(request.operator!, request.params.event, request.body),
    }),
  );

  // Reset to default: the saved wording goes.
  app.delete(
    API_PATHS.operatorMessage,
    { preValidation, schema: { params: messagePathSchema, response: templateReply } },
    async (request) => ({
      success: true as const,
      template: await messages.reset(request.operator!, request.params.event),
    }),
  );

  app.post(
    API_PATHS.operatorMessagePreview,
    {
      preValidation,
      schema: {
        params: messagePathSchema,
        body: messagePreviewRequestSchema,
        response: { 200: responseSchema(messagePreviewSchema) },
      },
    },
    async (request) => messages.preview(request.params.event, request.body ?? {}),
  );
}
