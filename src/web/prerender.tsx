import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { App } from './app/app';
import { ROUTES } from './config/routes';
import { createQueryClient } from './lib/query-client';

const PRERENDER_TIMEOUT_MS = 30_000;

function HomeRouter({ children }: { children: ReactNode }) {
  return <StaticRouter location={ROUTES.home}>{children}</StaticRouter>;
}

/** The app as the build renders it: at the home page, with a query client of its own. */
export function FirstScreen({ queryClient }: { queryClient: QueryClient }) {
  return <App router={HomeRouter} queryClient={queryClient} />;
}

/**
 * The home page's first screen as HTML, rendered at build time into index.html
 * (build/prerender-home.ts) and hydrated by main.tsx. It is what a first visit shows while the
 * operator's settings load: the header and the loading cover, with nothing that depends on
 * the settings, the visitor's storage or the frame around the page.
 */
export async function renderFirstScreen(): Promise<string> {
  const queryClient = createQueryClient();
  try {
    // A screen that never finished (a promise that never settles) fails the build, not hangs it.
    const { prelude } = await prerender(<FirstScreen queryClient={queryClient} />, {
      signal: AbortSignal.timeout(PRERENDER_TIMEOUT_MS),
    });
    return await new Response(prelude).text();
  } finally {
    // Its queries' garbage-collection timers would keep the build's process running for days.
    queryClient.clear();
  }
}
