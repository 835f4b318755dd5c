import './app/effect-timing';
// First: a first visit asks for the settings while the rest of the app is set up.
import './app/early-settings';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/router';
import { IS_EMBEDDED } from './lib/embedded';
import { DB_NAME } from './offline/db-name';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks the #root element');

// In a task of its own: evaluating the bundle is one long task on a slow phone, and the first
// render another; apart, the page can paint and take input in between.
setTimeout(() => {
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
}, 0);

// Inside an operator's page (public/embed.js): report height and address to the parent. Loaded
// only when framed, so a normal visit downloads none of it.
if (IS_EMBEDDED) {
  void import('./offline/embed-bridge').then(({ startEmbedBridge }) => startEmbedBridge());
}

/**
 * Quote Now and Contact Us messages saved offline are sent at start, on 'online' and on a timer
 * (src/web/offline/outbox.ts). Only a browser that has stored something can have any waiting,
 * so a first visit never downloads IndexedDB code for it.
 */
async function startOutboxIfAnythingStored(): Promise<void> {
  try {
    if (typeof indexedDB === 'undefined') return;
    if (typeof indexedDB.databases === 'function') {
      const databases = await indexedDB.databases();
      if (!databases.some((database) => database.name === DB_NAME)) return;
    }
    const { startOutbox } = await import('./offline/outbox');
    startOutbox();
  } catch (error) {
    console.error('Could not start sending saved messages', error);
  }
}
void startOutboxIfAnythingStored();
