import type { Plugin } from 'vite';

/**
 * Chakra's default tokens, cut to what this light-only site uses, as the virtual module
 * `virtual:chakra-tokens` (imported by src/web/components/chakra/theme.ts).
 *
 * The full set ships sixteen colour palettes, each with a dark-mode variant of every semantic
 * colour; the browser downloads them and Chakra turns every one into CSS variables at start.
 * Computed from the installed Chakra at build time, so a Chakra upgrade brings its new values.
 */
const PALETTES = ['gray', 'red', 'orange', 'green', 'blue'] as const;
/** Base colours and the semantic groups every recipe uses, kept whole. */
const BASE_COLORS = ['transparent', 'current', 'black', 'white', 'whiteAlpha', 'blackAlpha'];
const SEMANTIC_BASE = ['bg', 'fg', 'border'];

const MODULE_ID = 'virtual:chakra-tokens';

type Tree = { [key: string]: unknown };

function pick(tree: Tree, keys: readonly string[]): Tree {
  return Object.fromEntries(keys.filter((key) => key in tree).map((key) => [key, tree[key]]));
}

/** `{ value: { _light: a, _dark: b } }` becomes `{ value: a }`: the site has no dark mode. */
function lightOnly(value: unknown): unknown {
  if (Array.isArray(value) || value === null || typeof value !== 'object') return value;
  const node = value as Tree;
  if ('_light' in node) return lightOnly(node._light);
  return Object.fromEntries(Object.entries(node).map(([key, item]) => [key, lightOnly(item)]));
}

export function chakraThemeSlice(): Plugin {
  return {
    name: 'chakra-theme-slice',
    resolveId(id) {
      return id === MODULE_ID ? `\0${MODULE_ID}` : undefined;
    },
    async load(id) {
      if (id !== `\0${MODULE_ID}`) return undefined;
      const { tokens, semanticTokens } = (await import('@chakra-ui/react/theme')) as unknown as {
        tokens: Tree & { colors: Tree };
        semanticTokens: Tree & { colors: Tree };
      };
      const slicedTokens = {
        ...tokens,
        colors: pick(tokens.colors, [...BASE_COLORS, ...PALETTES]),
      };
      const slicedSemantic = lightOnly({
        ...semanticTokens,
        colors: pick(semanticTokens.colors, [...SEMANTIC_BASE, ...PALETTES]),
      });
      // A kept token that points at a dropped palette would style nothing: fail the build.
      const json = JSON.stringify(slicedSemantic);
      const dangling = [...json.matchAll(/\{colors\.([a-zA-Z]+)\./g)]
        .map((match) => match[1] ?? '')
        .filter(
          (name) => !BASE_COLORS.includes(name) && !(PALETTES as readonly string[]).includes(name),
        );
      if (dangling.length > 0)
        throw new Error(
          `chakra-theme-slice: kept tokens use dropped palettes ${dangling.join(', ')}`,
        );
      return [
        `export const tokens = ${JSON.stringify(slicedTokens)};`,
        `export const semanticTokens = ${json};`,
      ].join('\n');
    },
  };
}
