import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

const STORE_KEY = 'scroll-positions';
/** Positions kept per history entry; bounded so a long session never fills sessionStorage. */
const MAX_ENTRIES = 50;
/** How long a restore keeps trying while a returning screen's content is still arriving. */
const RESTORE_WINDOW_MS = 1000;

function readPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

/**
 * True when this document was opened afresh (a typed address, a link from elsewhere) rather
 * than reloaded or reached by Back or Forward. Its first screen then has nothing saved to
 * restore: a position kept under the same entry key ('default') belongs to an earlier visit in
 * this tab. Not reading the store then also spares a first visit its first sessionStorage read.
 */
function openedAfresh(): boolean {
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return entry?.type === 'navigate';
}

function savePosition(key: string, y: number): void {
  const positions = readPositions();
  delete positions[key];
  positions[key] = y;
  const keys = Object.keys(positions);
  for (const old of keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES))) delete positions[old];
  try {
    sessionStorage.setItem(STORE_KEY, JSON.stringify(positions));
  } catch {
    // Storage full or blocked: Back then starts at the top, which is harmless.
  }
}

/**
 * Each navigation starts at the top of the page; Back and Forward (POP) return to the position
 * the visitor left that entry at (spec section 2).
 */
export function ScrollToTop() {
  const { key } = useLocation();
  const navigationType = useNavigationType();
  // Tracked as the visitor scrolls: by the time a navigation commits, the new screen is in
  // the DOM and the browser may already have clamped scrollY to its (shorter) height.
  const lastY = useRef(0);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const record = (event: Event) => {
      // Capturing on window also hears every inner scroll (a suggestion list): only the page's
      // own scroll, whose target is the document, moves scrollY.
      if (event.type === 'scroll' && event.target !== document) return;
      lastY.current = window.scrollY;
    };
    // A scroll event comes with the next frame, so a click (or Back) in the frame the page was
    // scrolled in would save a stale position. Click and popstate are read too, in the capture
    // phase on window: before the router's own listeners change the screen.
    const events = ['scroll', 'click', 'popstate'] as const;
    for (const type of events)
      window.addEventListener(type, record, { capture: true, passive: true });
    return () => {
      for (const type of events) window.removeEventListener(type, record, { capture: true });
    };
  }, []);

  const isFirstScreen = useRef(true);

  useLayoutEffect(() => {
    const firstScreen = isFirstScreen.current;
    isFirstScreen.current = false;
    const restores = navigationType === 'POP' && !(firstScreen && openedAfresh());
    const saved = restores ? readPositions()[key] : undefined;
    let frame = 0;
    if (saved === undefined) {
      // A page that has just loaded is already at the top: scrolling (and reading the position
      // back) there would force a layout of the whole page in the middle of its first render.
      if (!firstScreen) window.scrollTo(0, 0);
    } else {
      const until = performance.now() + RESTORE_WINDOW_MS;
      const restore = () => {
        window.scrollTo(0, saved);
        if (Math.abs(window.scrollY - saved) > 1 && performance.now() < until) {
          frame = requestAnimationFrame(restore);
        }
      };
      restore();
    }
    if (!firstScreen || saved !== undefined) lastY.current = window.scrollY;
    return () => {
      cancelAnimationFrame(frame);
      savePosition(key, lastY.current);
    };
  }, [key, navigationType]);

  return null;
}
