/** Defined by vite.config.ts at build time; read through config/env.ts. */
declare const __APP_VERSION__: string;

/** Chakra's default tokens cut to this site's palettes, light mode only (build/chakra-theme-slice.ts). */
declare module 'virtual:chakra-tokens' {
  import type {
    tokens as chakraTokens,
    semanticTokens as chakraSemanticTokens,
  } from '@chakra-ui/react/theme';
  export const tokens: typeof chakraTokens;
  export const semanticTokens: typeof chakraSemanticTokens;
}
