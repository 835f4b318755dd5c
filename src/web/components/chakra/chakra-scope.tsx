import { lazy, Suspense, type ReactNode } from 'react';

/** Chakra, its theme and its provider: a chunk of their own, fetched by the first scope. */
export const loadChakraTheme = () => import('./chakra-theme');

const ChakraTheme = lazy(loadChakraTheme);

/**
 * Where Chakra's components may be used. The frame and the home page are styled by static CSS
 * and use none, so a first visit neither downloads Chakra nor builds its theme in the browser
 * (most of the home page's main-thread work on a slow phone). Every other screen, the drawer
 * and the dialogs render inside one of these; `fallback` shows while Chakra loads.
 */
export function ChakraScope({
  children,
  fallback = null,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return (
    <Suspense fallback={fallback}>
      <ChakraTheme>{children}</ChakraTheme>
    </Suspense>
  );
}
