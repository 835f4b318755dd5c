import axe from 'axe-core';

/**
 * axe-core's WCAG 2.1 A and AA rules and best practices on a part of the page in jsdom, as
 * tests/e2e/axe.ts runs them in Chromium: the list of what failed. jsdom paints nothing, so
 * colour contrast is left to the browser tests.
 */
export async function axeViolations(context: Element): Promise<string[]> {
  const results = await axe.run(context, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  return results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
}
