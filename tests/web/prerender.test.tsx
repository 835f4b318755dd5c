import { act, render, screen, waitFor } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import type { ReactNode } from 'react';
import { expect, it, vi } from 'vitest';
import { MESSAGES } from '../../src/domain/messages';
import { App } from '../../src/web/app/app';
import { renderToString } from 'react-dom/server';
import { QUERY_CACHE_STORAGE_KEY } from '../../src/web/lib/query-cache-key';
import { createQueryClient } from '../../src/web/lib/query-client';
import { FirstScreen } from '../../src/web/prerender';
import { answerCatalogueCalls } from './helpers';

function HomeRouter({ children }: { children: ReactNode }) {
  return <MemoryRouter initialEntries={['/']}>{children}</MemoryRouter>;
}

// The build writes the first screen's HTML into index.html (build/prerender-home.ts) and
// main.tsx hydrates it. React's development build, which these tests run, reports any text or
// attribute that differs between that HTML and the browser's first render.
/** Hydrates the build's first screen as main.tsx does, and waits for the home page. */
async function hydrateFirstScreen() {
  // What the build renders (src/web/prerender.tsx), as a string. Run first in this process,
  // react-dom/static's prerender made the hydration below throw "You cannot render a <Router>
  // inside another <Router>". This renders under jsdom, so it cannot see what differs between
  // Node and a browser: tests/e2e/prerender.test.ts compares the build's own HTML there.
  const html = renderToString(<FirstScreen queryClient={createQueryClient()} />);
  expect(html).toContain(MESSAGES.loadingContent);
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  const header = container.querySelector('header');
  const errors = vi.spyOn(console, 'error');
  const recoverable = vi.fn();
  const root = await act(async () =>
    hydrateRoot(container, <App router={HomeRouter} />, { onRecoverableError: recoverable }),
  );
  expect(await screen.findByRole('tab', { name: 'Hourly Rate' })).toBeTruthy();
  expect(container.querySelector('header')).toBe(header);
  expect(recoverable).not.toHaveBeenCalled();
  expect(errors).not.toHaveBeenCalled();
  act(() => root.unmount());
  container.remove();
}

it('hydrates the build-time first screen without a mismatch, then shows the home page', async () => {
  answerCatalogueCalls();
  await hydrateFirstScreen();
});

// A repeat visit restores the saved settings as soon as the frame is hydrated, while the
// screen inside it (a Suspense boundary) is still to be: it must still match the build's HTML.
it('hydrates it without a mismatch on a repeat visit, with the settings saved', async () => {
  answerCatalogueCalls();
  const firstVisit = render(<App router={HomeRouter} />);
  await screen.findByRole('tab', { name: 'Hourly Rate' });
  await waitFor(() => expect(localStorage.getItem(QUERY_CACHE_STORAGE_KEY)).toContain('settings'));
  firstVisit.unmount();
  await hydrateFirstScreen();
});
