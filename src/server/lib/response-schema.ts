import * as z from 'zod/mini';

/**
 * A contract schema as a route's response schema: Fastify compiles it with fast-json-stringify,
 * which writes the answer's properties in the schema's order and drops any the contract does
 * not name. Draft-07 is the JSON Schema version Fastify's own Ajv reads.
 */
export function responseSchema(schema: z.ZodMiniType) {
  return z.toJSONSchema(schema, { io: 'output', target: 'draft-07' });
}
