import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False while React hydrates the build's HTML (index.html, src/web/prerender.tsx), true in
 * every other render. React hydrates a Suspense boundary after the frame around it, and data
 * that arrives in between (a fast settings answer, the saved cache restored) must not reach it
 * before it has matched the build's HTML; React renders again with `true` once it has.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
