import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { readFileSync } from 'node:fs';
import { chakraStaticCss } from './build/chakra-static-css';
import { compileHint } from './build/compile-hint';
import { inlineEntryCss } from './build/inline-entry-css';
import { chakraThemeSlice } from './build/chakra-theme-slice';
import { prerenderHome } from './build/prerender-home';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};
/**
 * Busts the persisted query cache (src/web/lib/persister.ts). The version alone would let a
 * release that changes data shapes without a version bump read an old cache; the build's time
 * makes every build distinct. Computed once, so every chunk of one build agrees.
 */
const appVersion = `${pkg.version}+${Date.now().toString(36)}`;
/** Where `npm run dev` runs the API; Vite proxies /api and /storage to it. */
const devApiPort = Number(process.env.DEV_API_PORT ?? 8081);

export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify(appVersion) },
  plugins: [
    react(),
    chakraThemeSlice(),
    chakraStaticCss(),
    compileHint(),
    inlineEntryCss(),
    prerenderHome(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,woff2}'],
      },
      devOptions: { enabled: process.env.SW_DEV === '1', type: 'module' },
      manifest: {
        name: 'RideBook UK — taxi and airport transfers',
        short_name: 'RideBook',
        description: 'Quote, book and pay for UK taxi, private-hire, chauffeur and airport rides.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#0b3d91',
        lang: 'en-GB',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: '/icons/icon-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
    }),
  ],
  server: {
    proxy: {
      '/api': `http://127.0.0.1:${devApiPort}`,
      '/storage': `http://127.0.0.1:${devApiPort}`,
    },
  },
  build: {
    target: 'es2022',
    // Every browser the es2022 target runs in supports <link rel="modulepreload"> itself.
    modulePreload: { polyfill: false },
    sourcemap: false,
    rolldownOptions: {
      // Chakra's theme modules build every recipe through these identity helpers at module
      // level; marked pure, the recipes this app does not register are dropped (-3 kB gzip).
      treeshake: {
        manualPureFunctions: [
          'defineConfig',
          'defineRecipe',
          'defineSlotRecipe',
          'defineTokens',
          'defineSemanticTokens',
          'defineKeyframes',
          'defineGlobalStyles',
          'defineTextStyles',
          'defineLayerStyles',
          'defineAnimationStyles',
          'createAnatomy',
        ],
      },
      output: {
        // Everything the home page loads at start in one chunk: one request on a slow link
        // instead of ~35, and one gzip dictionary (the split files gzipped ~10 kB bigger).
        codeSplitting: { groups: [{ name: 'home', tags: ['$initial'] }] },
      },
    },
  },
});
