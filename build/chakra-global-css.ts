import createCache from '@emotion/cache';
import { serializeStyles } from '@emotion/serialize';

/** The public parts of a Chakra system that ChakraProvider inserts as global CSS. */
export interface SystemGlobals {
  layers: { atRule: string };
  getPreflightCss(): unknown;
  getGlobalCss(): unknown;
  getTokenCss(): unknown;
}

/**
 * The CSS that ChakraProvider inserts with emotion's Global: the @layer order, then preflight,
 * global styles and every token's CSS variable. Run in Node (no document), where emotion's
 * cache returns the rules it would insert (its server rendering path), through the same stylis
 * plugins as in the browser. This site keeps Chakra's cascade layers (src/web/components/chakra/theme.ts sets
 * no `disableLayers`), so the layer order always comes first, as ChakraProvider inserts it;
 * tests/web/chakra-global-css.test.tsx fails if the two ever differ.
 */
export function globalCssOf(system: SystemGlobals): string {
  if (typeof document !== 'undefined') throw new Error('globalCssOf runs in Node, at build time');
  const cache = createCache({ key: 'css' });
  const rules = (styles: unknown) =>
    cache.insert('', serializeStyles([styles as never]), cache.sheet, false) as unknown as string;
  return (
    rules(system.layers.atRule) +
    rules([system.getPreflightCss(), system.getGlobalCss(), system.getTokenCss()])
  );
}
