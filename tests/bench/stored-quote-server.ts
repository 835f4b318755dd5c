// The bench's ceiling for a quote: the real app (buildApp, with every plugin the server runs on
// each request: request id and log line, security headers, compression, text guard, API keys)
// plus one route that answers a quote's JSON held in memory, without validating or pricing.
// Whatever the quote code does, it cannot answer faster than this. Started by spawnServer.
import { pathToFileURL } from 'node:url';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { apiKeyCheck } from '../../src/server/http/api-key';

/** Where the bench POSTs; outside API_PATHS, since the product has no such call. */
export const STORED_QUOTE_PATH = '/bench/stored-quote';

async function main(): Promise<void> {
  const answer = process.env.STORED_QUOTE_JSON;
  if (!answer) throw new Error('STORED_QUOTE_JSON must hold the quote to answer');
  const config = loadConfig();
  const app = await buildApp({ config, logger: { level: config.LOG_LEVEL } });
  // In a scope of its own, as the API's: the key check, then no-store as the quote routes add it.
  await app.register(async (scope) => {
    scope.addHook(
      'onRequest',
      apiKeyCheck({ publicKey: config.PUBLIC_API_KEY, secretKey: config.SECRET_API_KEY }),
    );
    scope.addHook('onRequest', (_request, reply, done) => {
      reply.header('cache-control', 'no-store');
      done();
    });
    scope.post(STORED_QUOTE_PATH, async (_request, reply) => {
      reply.type('application/json; charset=utf-8');
      return answer;
    });
  });
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info('ready');
}

// Run as a process by the bench; imported only for STORED_QUOTE_PATH.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
