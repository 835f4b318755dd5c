import helmet from '@fastify/helmet';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';

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

/**
 * In place of the page policy (~800 bytes) on JSON: nothing may load and nothing may frame it.
 * Should anything under /api ever be rendered as a document (a mistaken route, a path that
 * resolves to a file), it is inert and unframeable rather than without a policy.
 */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * What JSON answers keep of helmet's headers: no sniffing a JSON body into a script or a page,
 * no cross-origin no-cors reads, HTTPS only, and no full URL in the Referer of a redirect's
 * next request. The rest only mean something for a document a browser renders (CSP's fetch
 * directives, X-Frame-Options, Cross-Origin-Opener-Policy, Origin-Agent-Cluster,
 * X-DNS-Prefetch-Control, X-Download-Options, X-XSS-Protection) or for Flash and PDF readers
 * (X-Permitted-Cross-Domain-Policies). The policy is API_CONTENT_SECURITY_POLICY.
 */
const API_HELMET_OPTIONS: Parameters<FastifyReply['helmet']>[0] = {
  contentSecurityPolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

/** The API's own paths: '/api', '/api/…', '/api?…' (as the web app's 404 handler sees them). */
const API_URL = /^\/api(?:[/?#]|$)/;

/**
 * @fastify/helmet with securityHeaderOptions on every response, except that the API's answers
 * (JSON, under /api) get only the headers that mean something for them (API_HELMET_OPTIONS
 * and API_CONTENT_SECURITY_POLICY): about 250 bytes instead of 1.2 kB. Chosen by URL rather
 * than per route so a 404 under /api gets the API's set too. Set in onRequest, so a route or
 * the error handler can still override one.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { embedParentOrigins: string[] },
): Promise<void> {
  // Not global: the hook below applies helmet to each request with the set its URL needs.
  await app.register(helmet, { ...securityHeaderOptions(options), global: false });
  app.addHook('onRequest', (request, reply, done) => {
    if (API_URL.test(request.url)) {
      reply.helmet(API_HELMET_OPTIONS);
      reply.raw.setHeader('Content-Security-Policy', API_CONTENT_SECURITY_POLICY);
    } else {
      reply.helmet();
    }
    done();
  });
}

/**
 * Helmet with a Content Security Policy that allows only this origin, Google Maps and Stripe.
 * `frame-ancestors` lists the sites allowed to embed the app (EMBED_PARENT_ORIGINS).
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
