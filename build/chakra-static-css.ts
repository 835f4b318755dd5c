import { runnerImport, type Plugin } from 'vite';
import { globalCssOf, type SystemGlobals } from './chakra-global-css';
import { chakraThemeSlice } from './chakra-theme-slice';

const THEME_MODULE = '/src/web/components/chakra/theme.ts';

/**
 * Chakra's global CSS (the @layer order, preflight, global styles and every token's CSS
 * variable) written into index.html. The frame and the home page use no Chakra component
 * (src/web/components/chakra/chakra-scope.tsx) but are styled with its tokens, so they need the variables
 * without Chakra's runtime: a first visit downloads none of Chakra. The CSS comes from the
 * app's own system (src/web/components/chakra/theme.ts) through Chakra's public getters, so it is exactly
 * what ChakraProvider inserts once a Chakra screen opens (tests/web/chakra-global-css.test.tsx).
 */
export function chakraStaticCss(): Plugin {
  // Computed once, when index.html is first written: the build-time render's own server
  // (build/prerender-home.ts) loads this config too but writes no index.html, so it never pays.
  let css: Promise<string> | undefined;
  const globalCss = async () => {
    const { module } = await runnerImport<{ system: SystemGlobals }>(THEME_MODULE, {
      configFile: false,
      logLevel: 'error',
      plugins: [chakraThemeSlice()],
    });
    return globalCssOf(module.system);
  };
  return {
    name: 'ridebook:chakra-static-css',
    async transformIndexHtml() {
      css ??= globalCss();
      return [
        {
          tag: 'style',
          attrs: { id: 'chakra-global-css' },
          children: await css,
          injectTo: 'head-prepend',
        },
      ];
    },
  };
}
