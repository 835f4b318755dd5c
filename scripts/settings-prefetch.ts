import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';
import { API_BASE, API_KEY_HEADERS, API_PATHS, DEMO_API_KEYS } from '../src/contract/paths';
import { SETTINGS_PREFETCH_GLOBAL } from '../src/web/api/settings-prefetch';
import { QUERY_CACHE_STORAGE_KEY } from '../src/web/lib/storage-keys';

/** A VITE_ key as the app reads it (src/web/config/env.ts): trimmed, the demo key when unset. */
function keyOf(value: string | undefined, demo: string): string {
  return value?.trim() || demo;
}

/**
 * A classic async script in index.html's head that asks for the settings on a first visit (no
 * saved query cache), while the app's script is still downloading. On a 300 ms airport link
 * that takes a round trip off the time to a usable form; the app takes the answer
 * (src/web/api/settings-prefetch.ts) when the keys it was sent with are the app's own, and asks
 * again otherwise. A file rather than inline code, which the Content-Security-Policy forbids.
 */
export function settingsPrefetch(): Plugin {
  let fileName = '';
  let source = '';
  return {
    name: 'ridebook:settings-prefetch',
    apply: 'build',
    configResolved(config) {
      const keys = {
        public: keyOf(config.env.VITE_PUBLIC_API_KEY as string | undefined, DEMO_API_KEYS.public),
        secret: keyOf(config.env.VITE_SECRET_API_KEY as string | undefined, DEMO_API_KEYS.secret),
      };
      const headers = {
        Accept: 'application/json',
        [API_KEY_HEADERS.public]: keys.public,
        [API_KEY_HEADERS.secret]: keys.secret,
      };
      const json = JSON.stringify;
      source =
        `(function () {\n` +
        // The app's script ran first and has asked itself (it leaves null).
        `  if (window[${json(SETTINGS_PREFETCH_GLOBAL)}] !== undefined) return;\n` +
        `  try {\n` +
        `    if (localStorage.getItem(${json(QUERY_CACHE_STORAGE_KEY)}) !== null) return;\n` +
        `  } catch (blocked) {}\n` +
        `  var response = fetch(${json(API_BASE + API_PATHS.settingsFlat)}, { headers: ${json(headers)} });\n` +
        `  response.catch(function () {});\n` +
        `  window[${json(SETTINGS_PREFETCH_GLOBAL)}] = { keys: ${json(keys)}, response: response };\n` +
        `})();\n`;
      const hash = createHash('sha256').update(source).digest('hex').slice(0, 10);
      fileName = `assets/settings-prefetch-${hash}.js`;
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source });
    },
    transformIndexHtml: {
      order: 'post',
      handler() {
        return [{ tag: 'script', attrs: { async: true, src: `/${fileName}` }, injectTo: 'head' }];
      },
    },
  };
}
