// First: a first visit asks for the settings while the rest of the app is set up.
import './app/early-settings';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/app';
import { ROUTES } from './config/routes';
import { IS_EMBEDDED } from './lib/embedded';
import { DB_NAME } from './offline/db-name';

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks the #root element');

/**
 * index.html holds the home page's first screen, rendered at build time for a page at the top
 * level (src/web/prerender.tsx). The home page there takes it over as it is (hydration); any
 * other address, or the app inside an operator's frame, renders its own first screen in its
 * place.
 */
const prerendered =
  container.firstElementChild !== null && !IS_EMBEDDED && window.location.pathname === ROUTES.home;
const app = <App router={BrowserRouter} />;
if (prerendered) hydrateRoot(container, app);
else createRoot(container).render(app);

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
