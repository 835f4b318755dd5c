import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

const STORE_KEY = 'scroll-positions';
/** Positions kept per history entry; bounded so a long session never fills sessionStorage. */
const MAX_ENTRIES = 50;

function readPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
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

  useLayoutEffect(() => {
    window.history.scrollRestoration = 'manual';
  }, []);

  useLayoutEffect(() => {
    const saved = navigationType === 'POP' ? readPositions()[key] : undefined;
    window.scrollTo(0, saved ?? 0);
    return () => savePosition(key, window.scrollY);
  }, [key, navigationType]);

  return null;
}
