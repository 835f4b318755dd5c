import { readFileSync } from 'node:fs';
import { ChakraProvider } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import { beforeAll, expect, it } from 'vitest';
import { system } from '../../src/web/components/chakra/theme';
import { builtPwa } from '../support/built-pwa';

/** The global CSS the build wrote into dist/index.html. */
function builtGlobalCss(): string | undefined {
  const html = readFileSync('dist/index.html', 'utf8');
  return /<style id="chakra-global-css">([^<]*)<\/style>/.exec(html)?.[1];
}

// The build writes Chakra's global CSS into index.html for the screens that run without Chakra
// (build/chakra-static-css.ts). What it wrote must be exactly what ChakraProvider inserts at
// run time, so the page looks the same before and after Chakra loads, and a Chakra upgrade that
// changes either fails here. `npm test` builds beside the tests; this waits for the build.
beforeAll(builtPwa, 600_000);

it('ships in index.html exactly the global CSS that ChakraProvider inserts at run time', () => {
  const built = builtGlobalCss();
  render(
    <ChakraProvider value={system}>
      <p>styled</p>
    </ChakraProvider>,
  );
  const inserted = [...document.querySelectorAll('style[data-emotion^="css-global"]')]
    .map((style) => style.textContent)
    .join('');
  expect(inserted).toContain('--chakra-colors-brand-600:#0b3d91');
  expect(inserted).toContain('@layer reset');
  expect(built === inserted, 'the CSS in dist/index.html differs from the run-time CSS').toBe(true);
});

// A rule that sets custom properties on every element makes each element keep its own copy of
// them instead of sharing its parent's (src/web/components/chakra/theme.ts): they belong on the root alone.
it('sets custom properties on the root, not on every element', () => {
  const built = builtGlobalCss() ?? '';
  const everyElement = [...built.matchAll(/(?:^|[{}])\s*\*\s*\{([^}]*)\}/g)].map(
    (rule) => rule[1] ?? '',
  );
  expect(everyElement.join('')).toContain('font-feature-settings');
  expect(everyElement.filter((body) => body.includes('--'))).toEqual([]);
  expect(built).toMatch(/:root\s*\{[^}]*--global-color-border:/);
});
