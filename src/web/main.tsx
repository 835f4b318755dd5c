import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/router';
import { env } from './config/env';
import { IS_EMBEDDED } from './lib/embedded';
import { DB_NAME } from './offline/db-name';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks the #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>,
);

// Inside an operator's page (public/embed.js): report height and address to the parent. Loaded
// only when framed, so a normal visit downloads none of it.
if (IS_EMBEDDED) {
  void import('./offline/embed-bridge').then(({ startEmbedBridge }) => startEmbedBridge());
}

if (env.isProduction) {
  // After the page has loaded, so installing the worker never competes with the first paint.
  window.addEventListener('load', () => {
    void import('./pwa/register-sw').then(({ registerServiceWorker }) => registerServiceWorker());
  });
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
