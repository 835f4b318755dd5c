import { env } from '../config/env';

let started = false;

/**
 * Registers the service worker (production builds only) once the page is usable and loaded:
 * its code and the worker's install never compete with the first visit's scripts, settings or
 * paint on a slow link. Called by the layout when the settings are known; later calls do
 * nothing.
 */
export function startServiceWorkerWhenLoaded(): void {
  if (started || !env.isProduction) return;
  started = true;
  const register = () =>
    void import('./register-sw').then(({ registerServiceWorker }) => registerServiceWorker());
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
