import type { QueryClient } from '@tanstack/react-query';
import { StrictMode, type ComponentType, type ReactNode } from 'react';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

/**
 * The whole app under a router: BrowserRouter in the browser (main.tsx), a StaticRouter at
 * build time (prerender.tsx). One tree for both, so the HTML the build writes is the HTML the
 * browser's first render hydrates.
 */
export function App({
  router: Router,
  queryClient,
}: {
  router: ComponentType<{ children: ReactNode }>;
  /** The build passes its own, to clear it once rendered; the browser makes one. */
  queryClient?: QueryClient;
}) {
  return (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <Router>
          <AppRoutes />
        </Router>
      </AppProviders>
    </StrictMode>
  );
}
