import { useSyncExternalStore } from 'react';

/** The spec's mobile breakpoint: 768px window width or less (section 9). */
export const SMALL_SCREEN_QUERY = '(max-width: 768px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(SMALL_SCREEN_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** True at 768px window width or less; follows resizes and rotation. */
export function useSmallScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(SMALL_SCREEN_QUERY).matches,
    () => false,
  );
}
