import { useSyncExternalStore } from 'react';

/** The spec's mobile breakpoint (section 9): 768px window width or less. */
const SMALL_SCREEN = '(max-width: 768px)';

function subscribe(listener: () => void): () => void {
  const query = window.matchMedia(SMALL_SCREEN);
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
}

const matches = () => window.matchMedia(SMALL_SCREEN).matches;

/** True on small screens; re-renders when the window crosses the breakpoint. */
export function useSmallScreen(): boolean {
  return useSyncExternalStore(subscribe, matches, () => false);
}
