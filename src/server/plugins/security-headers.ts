import helmet from '@fastify/helmet';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { isEmbeddableRoute } from '../../contract/app-routes';

/** Hosts Google's Maps JavaScript API loads scripts, tiles, fonts and data from. */
const GOOGLE_MAPS = {
  script: ['https://maps.googleapis.com', 'https://maps.gstatic.com'],
  // Google's CSP guide for Maps: tiles, markers and Street View come from these families.
  img: [
    'https://*.googleapis.com',
    'https://*.gstatic.com',
    'https://*.google.com',
    'https://*.ggpht.com',
    'https://*.googleusercontent.com',
  ],
  connect: ['https://*.googleapis.com', 'https://*.google.com', 'https://*.gstatic.com'],
  style: ['https://fonts.googleapis.com'],
  font: ['https://fonts.gstatic.com'],
};

/** Stripe.js and Checkout (https://docs.stripe.com/security/guide#content-security-policy). */
const STRIPE = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com', 'https://checkout.stripe.com'],
  connect: ['https://api.stripe.com', 'https://checkout.stripe.com'],
  img: ['https://*.stripe.com'],
};

/** The headers helmet sets, with the casing it gives them, in the order it sets them. */
type HeaderList = [name: string, value: string | number | string[]][];

/**
 * Runs @fastify/helmet once, in a throwaway Fastify instance, and records the headers it sets
 * on a response. With these options (no CSP nonces) they are the same for every request, and
 * registering the plugin on the app would build helmet's middleware again, CSP parsing and
 * all, on every request.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<HeaderList> {
  const probe = Fastify({ logger: false });
  try {
    // Before helmet's own hooks: notes each header name as helmet spells it.
    const names: string[] = [];
    probe.addHook('onRequest', (_request, reply, done) => {
      const raw = reply.raw;
      const setHeader = raw.setHeader.bind(raw);
      raw.setHeader = (name: string, value: string | number | readonly string[]) => {
        if (!names.some((known) => known.toLowerCase() === name.toLowerCase())) names.push(name);
        return setHeader(name, value);
      };
      done();
    });
    await probe.register(helmet, options);
    let recorded: HeaderList = [];
    probe.get('/', async (_request, reply) => {
      // What is left once helmet is done (it may remove as well as set).
      recorded = names
        .filter((name) => reply.raw.hasHeader(name))
        .map((name) => [name, reply.raw.getHeader(name) as string | number | string[]]);
      return '';
    });
    const res = await probe.inject({ method: 'GET', url: '/' });
    if (res.statusCode !== 200) throw new Error(`helmet probe answered ${res.statusCode}`);
    return recorded;
  } finally {
    await probe.close();
  }
}

/**
 * What JSON answers keep of helmet's headers; the rest only mean something for a document a
 * browser renders (CSP's fetch directives, X-Frame-Options, Cross-Origin-Opener-Policy,
 * Origin-Agent-Cluster, X-DNS-Prefetch-Control, X-Download-Options, X-XSS-Protection) or for
 * Flash and PDF readers (X-Permitted-Cross-Domain-Policies). These four hold for any response:
 * no sniffing a JSON body into a script or a page, no cross-origin no-cors reads, HTTPS only,
 * and no full URL in the Referer of a redirect's next request.
 */
const API_HEADER_NAMES = new Set([
  'x-content-type-options',
  'cross-origin-resource-policy',
  'strict-transport-security',
  'referrer-policy',
]);

/**
 * In place of the page policy (~800 bytes) on JSON: nothing may load and nothing may frame it.
 * Should anything under /api ever be rendered as a document (a mistaken route, a path that
 * resolves to a file), it is inert and unframeable rather than without a policy.
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** The API's own paths: '/api', '/api/…', '/api?…' (as the web app's 404 handler sees them). */
const API_URL = /^\/api(?:[/?#]|$)/;

/** A request URL's path, without its query or fragment. */
function pathOf(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

/**
 * Every response gets the headers @fastify/helmet would set with securityHeaderOptions,
 * worked out once at start (helmetHeaders) rather than by helmet on each request, except that
 * the API's answers (JSON, under /api) get only those that mean something for them
 * (API_HEADER_NAMES, and API_CONTENT_SECURITY_POLICY): about 250 bytes instead of 1.2 kB.
 * Only the booking pages (contract/app-routes.ts EMBEDDABLE_ROUTES) may be framed by the
 * EMBED_PARENT_ORIGINS; every other page, the console and a passenger's booking among them,
 * by this site alone.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { embedParentOrigins: string[] },
): Promise<void> {
  const headers = await helmetHeaders(securityHeaderOptions({ embedParentOrigins: [] }));
  if (!headers.some(([name]) => name.toLowerCase() === 'content-security-policy')) {
    throw new Error('helmet set no Content-Security-Policy');
  }
  const framable =
    options.embedParentOrigins.length === 0
      ? headers
      : await helmetHeaders(securityHeaderOptions(options));
  const apiHeaders: HeaderList = headers
    .filter(([name]) => API_HEADER_NAMES.has(name.toLowerCase()))
    .concat([['Content-Security-Policy', API_CONTENT_SECURITY_POLICY]]);
  if (apiHeaders.length !== API_HEADER_NAMES.size + 1) {
    throw new Error(`helmet set only ${apiHeaders.length - 1} of ${[...API_HEADER_NAMES]}`);
  }
  const headersFor = (url: string): HeaderList => {
    if (API_URL.test(url)) return apiHeaders;
    return framable !== headers && isEmbeddableRoute(pathOf(url)) ? framable : headers;
  };
  // Where helmet sets them, on the raw response before anything else, so a route or the error
  // handler can still override one; nothing helmet removes (X-Powered-By) is ever set here.
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of headersFor(request.url)) reply.raw.setHeader(name, value);
    done();
  });
}

/**
 * Helmet with a Content Security Policy that allows only this origin, Google Maps and Stripe.
 * `frame-ancestors` lists the sites allowed to frame the page (EMBED_PARENT_ORIGINS on the
 * booking pages, none on the others).
 */
export function securityHeaderOptions(options: {
  embedParentOrigins: string[];
}): FastifyHelmetOptions {
  const embedding = options.embedParentOrigins.length > 0;
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        scriptSrc: ["'self'", ...GOOGLE_MAPS.script, ...STRIPE.script],
        scriptSrcAttr: ["'none'"],
        // Chakra (Emotion) injects style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'", ...GOOGLE_MAPS.style],
        imgSrc: ["'self'", 'data:', 'blob:', ...GOOGLE_MAPS.img, ...STRIPE.img],
        fontSrc: ["'self'", 'data:', ...GOOGLE_MAPS.font],
        connectSrc: ["'self'", ...GOOGLE_MAPS.connect, ...STRIPE.connect],
        frameSrc: ["'self'", ...STRIPE.frame],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        formAction: ["'self'", 'https://checkout.stripe.com'],
        frameAncestors: ["'self'", ...options.embedParentOrigins],
      },
    },
    // frame-ancestors decides who may frame us; X-Frame-Options would overrule it in old browsers.
    xFrameOptions: embedding ? false : { action: 'sameorigin' },
    // Stripe or a sign-in pop-up must be able to report back to the window that opened it.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // Browser Maps keys are restricted by referrer, so the origin must be sent to Google.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  };
}
