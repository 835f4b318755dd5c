import { act, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router-dom';
import type { ReactNode } from 'react';
import { expect, it, vi } from 'vitest';
import { MESSAGES } from '../../src/domain/messages';
import { App } from '../../src/web/app/app';
import { renderToString } from 'react-dom/server';
import { createQueryClient } from '../../src/web/lib/query-client';
import { FirstScreen } from '../../src/web/prerender';
import { answerCatalogueCalls } from './helpers';

function HomeRouter({ children }: { children: ReactNode }) {
  return <MemoryRouter initialEntries={['/']}>{children}</MemoryRouter>;
}

// The build writes the first screen's HTML into index.html (build/prerender-home.ts) and
// main.tsx hydrates it. React's development build, which these tests run, reports any text or
// attribute that differs between that HTML and the browser's first render.
it('hydrates the build-time first screen without a mismatch, then shows the home page', async () => {
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
  answerCatalogueCalls();
  const root = await act(async () =>
    hydrateRoot(container, <App router={HomeRouter} />, { onRecoverableError: recoverable }),
  );
  expect(await screen.findByRole('tab', { name: 'Hourly Rate' })).toBeTruthy();
  expect(container.querySelector('header')).toBe(header);
  expect(recoverable).not.toHaveBeenCalled();
  expect(errors).not.toHaveBeenCalled();
  act(() => root.unmount());
  container.remove();
});
