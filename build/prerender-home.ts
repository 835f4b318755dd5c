import { createServer, type Plugin, type ResolvedConfig } from 'vite';

const PRERENDER_MODULE = '/src/web/prerender.tsx';
/** Where index.html takes the first screen: its root element, empty in the source. */
const ROOT = '<div id="root"></div>';

/**
 * Writes the home page's first screen, rendered by React at build time (src/web/prerender.tsx),
 * into index.html's root element; main.tsx hydrates it. A first visit on a slow link paints the
 * real header and loading cover before any script arrives. The module is loaded through Vite's
 * server-side rendering with the build's own config file, root and mode, so its CSS module
 * class names are the build's. Build only: the dev server renders in the browser.
 */
export function prerenderHome(): Plugin {
  let body = '';
  let build: ResolvedConfig;
  return {
    name: 'ridebook:prerender-home',
    apply: 'build',
    configResolved(config) {
      build = config;
    },
    async buildStart() {
      const server = await createServer({
        configFile: build.configFile ?? false,
        root: build.root,
        mode: build.mode,
        logLevel: 'error',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false, watch: null },
        // Only modules the first screen imports are loaded: nothing to pre-bundle.
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      try {
        const module = (await server.ssrLoadModule(PRERENDER_MODULE)) as {
          renderFirstScreen: () => Promise<string>;
        };
        body = await module.renderFirstScreen();
      } finally {
        await server.close();
      }
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (!html.includes(ROOT)) throw new Error(`prerender-home: index.html lacks ${ROOT}`);
        return html.replace(ROOT, () => `<div id="root">${body}</div>`);
      },
    },
  };
}
