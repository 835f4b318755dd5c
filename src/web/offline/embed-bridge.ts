import { embedConfigResponseSchema, type EmbedMessage } from '../../contract/embed';
import { API_PATHS } from '../../contract/paths';
import { apiRequest } from '../lib/api-client';
import { IS_EMBEDDED } from '../lib/embedded';

/**
 * When the app runs inside an operator's page (public/embed.js), it tells the parent its height
 * and address every 500 ms (spec section 1 and 9), and at once when either changes, so the
 * frame grows with the page and the host can follow the visitor's step. Messages go only to
 * the parent's own origin, and only when EMBED_PARENT_ORIGINS (or this site) names it: never '*'.
 */

/** Spec section 9: the height is re-sent every 500 ms. */
export const EMBED_INTERVAL_MS = 500;

/** The framing page's origin, as the browser reports it; undefined when unknown. */
function parentOrigin(): string | undefined {
  const ancestors = window.location.ancestorOrigins;
  if (ancestors && ancestors.length > 0) return ancestors[0];
  try {
    return document.referrer ? new URL(document.referrer).origin : undefined;
  } catch {
    return undefined;
  }
}

/** The app's root element: its box is the content's height. */
function appRoot(): HTMLElement {
  return document.getElementById('root') ?? document.body;
}

/**
 * The content's height in CSS pixels: the app root's box, not the document's scroll height
 * (never less than the frame itself, so the frame could never shrink) nor the body's (which
 * the CSS reset stretches to the frame).
 */
function pageHeight(): number {
  return Math.ceil(appRoot().getBoundingClientRect().height);
}

/** Starts posting to the parent; returns a stop function (a no-op when not framed). */
export async function startEmbedBridge(): Promise<() => void> {
  if (!IS_EMBEDDED) return () => undefined;
  const origin = parentOrigin();
  if (!origin) return () => undefined;
  let allowed = origin === window.location.origin;
  if (!allowed) {
    try {
      const config = await apiRequest(API_PATHS.embedConfig, { schema: embedConfigResponseSchema });
      allowed = config.parent_origins.includes(origin);
    } catch (error) {
      console.error('Could not read the embedding configuration', error);
    }
  }
  if (!allowed) return () => undefined;

  const post = (message: EmbedMessage) => window.parent.postMessage(message, origin);
  let lastHeight = -1;
  let lastHref = '';
  const send = (force: boolean) => {
    const height = pageHeight();
    if (force || height !== lastHeight) post({ type: 'height', height });
    if (force || window.location.href !== lastHref) {
      post({ type: 'location', href: window.location.href, path: window.location.pathname });
    }
    lastHeight = height;
    lastHref = window.location.href;
  };
  send(true);
  const timer = window.setInterval(() => send(true), EMBED_INTERVAL_MS);
  // Between ticks, a change of size or route goes out at once.
  const resize = new ResizeObserver(() => send(false));
  resize.observe(appRoot());
  const onNavigate = () => send(false);
  window.addEventListener('popstate', onNavigate);
  // The router's pushState fires no event; a cheap string compare catches a new step quickly.
  const routeCheck = window.setInterval(onNavigate, 100);
  return () => {
    window.clearInterval(timer);
    window.clearInterval(routeCheck);
    resize.disconnect();
    window.removeEventListener('popstate', onNavigate);
  };
}
