import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

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
 * Helmet with a Content Security Policy that allows only this origin, Google Maps and Stripe.
 * `frame-ancestors` lists the sites allowed to embed the app (EMBED_PARENT_ORIGINS).
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { embedParentOrigins: string[] },
): Promise<void> {
  const embedding = options.embedParentOrigins.length > 0;
  await app.register(helmet, {
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
  });
}
