import type {
  FastifyInstance,
  FastifySchemaCompiler,
  FastifyTypeProvider,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type * as z from 'zod/mini';
import { HttpError, parseRequest, RequestValidationError } from '../errors';

/**
 * Routes whose `schema` names the contract's zod schemas for params, query and body: Fastify
 * runs them before the handler (after the preValidation hooks, where the callers are
 * identified), and the handler gets what they output, typed.
 */
export interface ContractTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodMiniType ? z.output<this['schema']> : unknown;
  serializer: unknown;
}

/** A route plugin's Fastify, its requests typed by the contract's schemas. */
export type ContractApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyInstance['log'],
  ContractTypeProvider
>;

/**
 * Fastify's validator for the contract's schemas. A body or query that fails is the 400 naming
 * each field, as parseRequest answers it; a path that is not of its shape names nothing there,
 * so it is a 404 with its schema's message, or `notFound`, an area's one answer for anything
 * it cannot find.
 */
export function contractValidator(
  options: { notFound?: string } = {},
): FastifySchemaCompiler<z.ZodMiniType> {
  return ({ schema, httpPart }) =>
    (data: unknown) => {
      try {
        return { value: parseRequest(schema, data) };
      } catch (error) {
        if (httpPart === 'params' && error instanceof RequestValidationError) {
          return { error: new HttpError(404, options.notFound ?? error.message) };
        }
        return { error: error as Error };
      }
    };
}

/** The plugin's app with the contract's validator and typed requests. */
export function withContractSchemas(
  app: FastifyInstance,
  options: { notFound?: string } = {},
): ContractApp {
  app.setValidatorCompiler(contractValidator(options));
  return app.withTypeProvider<ContractTypeProvider>();
}
