import type { FastifyInstance } from 'fastify';
import type { EmbedConfigResponse } from '../../contract/embed';
import { API_PATHS } from '../../contract/paths';

/**
 * The framed app asks which parents it may post its height and location to. The same list
 * is the CSP's frame-ancestors, so a parent that is not on it could not have framed us anyway;
 * the app checks again so it never posts to an origin the operator did not name.
 */
export async function embedRoutes(
  app: FastifyInstance,
  options: { parentOrigins: string[] },
): Promise<void> {
  const body: EmbedConfigResponse = { success: true, parent_origins: options.parentOrigins };
  app.get(API_PATHS.embedConfig, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return body;
  });
}
