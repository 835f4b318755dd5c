/**
 * Where the server may send a Web Push (issues 34 and 35). A subscription's endpoint comes from
 * whoever subscribes, and the server POSTs to it: any host allowed here is one a passenger or
 * driver can make the server call, so only the browsers' own push services are (no cloud
 * metadata address, no internal service).
 */

/**
 * The browsers' push services, as host patterns (`*.` any subdomain, not the domain itself):
 * Chrome, Edge on Android and other Chromium browsers use FCM (android.googleapis.com before
 * VAPID); Firefox updates.push.services.mozilla.com; Safari web.push.apple.com; Edge on Windows
 * WNS (e.g. wns2-par02p.notify.windows.com). WEB_PUSH_HOSTS replaces the list.
 */
export const DEFAULT_PUSH_HOSTS: readonly string[] = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  '*.push.services.mozilla.com',
  '*.push.apple.com',
  '*.notify.windows.com',
];

/** The 400's text for a subscription whose endpoint is on any other host. */
export const PUSH_ENDPOINT_REFUSED = 'endpoint must be the address of a browser push service';

const HOST = /^[a-z0-9-]+(\.[a-z0-9-]+)*$/;

/** Whether `pattern` is a host in lower case (`fcm.googleapis.com`, `127.0.0.1`) or `*.` one. */
export function isPushHostPattern(pattern: string): boolean {
  const host = pattern.startsWith('*.') ? pattern.slice(2) : pattern;
  // A wildcard over a bare name (`*.com`) would let in hosts anyone can register.
  return HOST.test(host) && (host === pattern || host.includes('.'));
}

/** Whether `host` (a URL's hostname) is one `pattern` names. */
function hostMatches(host: string, pattern: string): boolean {
  return pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) : host === pattern;
}

/**
 * Whether `endpoint` is an https address on one of `hosts` (patterns as above). The host is
 * the URL's own, as the sender will connect to it: `https://fcm.googleapis.com@evil.example/`
 * is evil.example's.
 */
export function isPushServiceEndpoint(endpoint: string, hosts: readonly string[]): boolean {
  if (!URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  return url.protocol === 'https:' && hosts.some((pattern) => hostMatches(url.hostname, pattern));
}
