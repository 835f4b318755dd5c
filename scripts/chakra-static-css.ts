import { runnerImport, type Plugin } from 'vite';
import { globalCssOf, type SystemGlobals } from './chakra-global-css';
import { chakraThemeSlice } from './chakra-theme-slice';

/**
 * Chakra's global CSS (the @layer order, preflight, global styles and every token's CSS
 * variable) computed at build time and written into index.html, instead of in the browser.
 *
 * Chakra builds that CSS inside createSystem and ChakraProvider inserts it with emotion's
 * Global, all before the first render: at 4x CPU slowdown, dropping it cut the home page's
 * long-task time by about a sixth. The build imports the app's own
 * theme (src/web/app/theme.ts), so the CSS is exactly what the browser would have computed;
 * the two Chakra files below are rewritten so the browser no longer computes or inserts it.
 * The home page uses no Chakra component (src/web/app/chakra-scope.tsx) but reads these variables,
 * so the dev server writes the CSS into index.html too; only the build rewrites Chakra's files.
 * The jsdom tests keep Chakra's runtime path.
 */
const SYSTEM_FILE = /@chakra-ui\/react\/dist\/esm\/styled-system\/system\.js$/;
const PROVIDER_FILE = /@chakra-ui\/react\/dist\/esm\/styled-system\/provider\.js$/;
const THEME_MODULE = '/src/web/app/theme.ts';

/** Replaces `from` once, or stops the build: a Chakra upgrade must not silently undo this. */
function rewrite(code: string, file: string, from: string, to: string): string {
  if (!code.includes(from)) {
    throw new Error(
      `chakra-static-css: ${file} no longer contains ${JSON.stringify(from)}; ` +
        'check scripts/chakra-static-css.ts against this Chakra version',
    );
  }
  return code.replace(from, to);
}

export function chakraStaticCss(): Plugin {
  let css = '';
  let building = false;
  return {
    name: 'chakra-static-css',
    configResolved(config) {
      building = config.command === 'build';
    },
    async buildStart() {
      const { module } = await runnerImport<{ system: SystemGlobals }>(THEME_MODULE, {
        configFile: false,
        logLevel: 'error',
        plugins: [chakraThemeSlice()],
      });
      css = globalCssOf(module.system);
    },
    transform(code, id) {
      if (!building) return undefined;
      if (SYSTEM_FILE.test(id)) {
        // Computed on first read (nothing in the app reads it once the provider below no
        // longer inserts it).
        const lazy = rewrite(
          code,
          'system.js',
          'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];',
          'let _globalCss;',
        );
        return rewrite(
          lazy,
          'system.js',
          '    _global,\n',
          '    get _global() {\n      return _globalCss ??= [getPreflightCss(), getGlobalCss(), getTokenCss()];\n    },\n',
        );
      }
      if (PROVIDER_FILE.test(id)) {
        const withoutLayers = rewrite(
          code,
          'provider.js',
          '!sys._config.disableLayers && /* @__PURE__ */ jsx(Global, { styles: sys.layers.atRule }),',
          '',
        );
        return rewrite(
          withoutLayers,
          'provider.js',
          '/* @__PURE__ */ jsx(Global, { styles: sys._global }),',
          '',
        );
      }
      return undefined;
    },
    transformIndexHtml() {
      return [
        {
          tag: 'style',
          attrs: { id: 'chakra-global-css' },
          children: css,
          injectTo: 'head-prepend',
        },
      ];
    },
  };
}
