import { isIP } from 'node:net';
import { z } from 'zod';
import { DEFAULT_PUSH_HOSTS, isPushHostPattern } from '../domain/push-hosts';

/**
 * The kinds of value an environment variable holds, each read and checked the one way
 * (config.ts puts them together into the server's configuration).
 */

/** An unset variable and an empty one mean the same: use the default (or nothing). */
export const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

/** A URL whose scheme is one of `protocols` (without the colon), e.g. ['smtp', 'smtps']. */
export const optionalUrl = (protocols: string[]) =>
  optionalText.refine(
    (value) =>
      value === undefined ||
      (URL.canParse(value) && protocols.includes(new URL(value).protocol.replace(/:$/, ''))),
    { message: `must be a URL starting ${protocols.map((p) => `${p}://`).join(' or ')}` },
  );

/** Stripe keys carry their kind in a prefix; a swapped pair fails at start, not at payment. */
export const optionalPrefixed = (prefixes: string[]) =>
  optionalText.refine(
    (value) => value === undefined || prefixes.some((prefix) => value.startsWith(prefix)),
    { message: `must start with ${prefixes.join(' or ')}` },
  );

export const textWithDefault = (fallback: string) =>
  optionalText.transform((value) => value ?? fallback);
export const wholeNumber = (fallback: string, min: number) =>
  textWithDefault(fallback).pipe(
    z.coerce.number<string>({ message: 'must be a whole number' }).int().min(min),
  );

/** How many bytes a base64url text holds, or -1 when it is not base64url. */
export function base64UrlBytes(text: string): number {
  return /^[A-Za-z0-9_-]+$/.test(text) ? Buffer.from(text, 'base64url').length : -1;
}

/** A comma list of origins such as `https://www.example.co.uk`; each must be a bare origin. */
export const originList = optionalText
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  )
  .superRefine((origins, ctx) => {
    for (const origin of origins) {
      if (!URL.canParse(origin) || new URL(origin).origin !== origin.replace(/\/$/, '')) {
        ctx.addIssue({ code: 'custom', message: `"${origin}" is not an origin like https://host` });
      }
    }
  })
  .transform((origins) => origins.map((origin) => new URL(origin).origin));

/** WEB_PUSH_HOSTS: a comma list of host patterns (`*.` any subdomain); unset, the default. */
export const pushHosts = optionalText.transform((value, ctx): string[] => {
  if (value === undefined) return [...DEFAULT_PUSH_HOSTS];
  const hosts = value
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean);
  const bad = hosts.filter((host) => !isPushHostPattern(host));
  if (bad.length > 0 || hosts.length === 0) {
    ctx.addIssue({
      code: 'custom',
      message: `must be a comma list of hosts, each may start with *. (not "${bad.join(', ')}")`,
    });
    return z.NEVER;
  }
  return hosts;
});

/** proxy-addr's names for address ranges, which Fastify's trustProxy accepts in a list. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** A proxy address as trustProxy takes it: an IP, a CIDR range, or a range name. */
function isProxyAddress(item: string): boolean {
  if (PROXY_RANGE_NAMES.includes(item)) return true;
  const [ip = '', bits, ...rest] = item.split('/');
  const family = isIP(ip);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset trusts no proxy (the connecting address is the client); a whole number
 * trusts that many proxy hops in front of the server; else a comma list of the proxies'
 * addresses or CIDR ranges. Fastify's trustProxy takes each form as is.
 */
export const trustProxy = optionalText.transform((value, ctx): false | number | string[] => {
  if (value === undefined) return false;
  if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
  const items = value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  const bad = items.filter((item) => !isProxyAddress(item));
  if (bad.length > 0 || items.length === 0) {
    ctx.addIssue({
      code: 'custom',
      message: `must be a hop count or a comma list of proxy addresses or CIDR ranges (not "${bad.join(', ')}")`,
    });
    return z.NEVER;
  }
  return items;
});
