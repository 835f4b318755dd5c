import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

/**
 * Fastify's trustProxy from TRUST_PROXY. A list of proxy addresses is passed as is. Fastify 5
 * ignores a bare hop count (it cannot tell a proxy from a client that sends the header
 * itself), so a count becomes proxy-addr's trust function: the first `hops` addresses back
 * from the socket are proxies. That is only safe when every request comes through them,
 * which README says.
 */
export function trustProxyOption(
  setting: Config['TRUST_PROXY'],
): FastifyServerOptions['trustProxy'] {
  if (typeof setting !== 'number') return setting;
  return (_address: string, hop: number) => hop < setting;
}
