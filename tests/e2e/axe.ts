import AxeBuilder from '@axe-core/playwright';
import { expect } from 'vitest';
import type { Page } from './harness';

/** WCAG 2.1 A and AA rules plus axe's best practices; the list of what failed, if anything. */
export async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`,
  );
}

/** Lets opening dialogs, drawers and fades finish: contrast is measured on what is painted. */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      // A cancelled animation (its element re-rendered or removed) rejects `finished`; it paints
      // nothing, so it is simply not waited for.
      document.getAnimations().map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/** Once the page has settled, no axe violations: the browser tests' one accessibility check. */
export async function noViolations(page: Page): Promise<void> {
  await settle(page);
  expect(await violations(page)).toEqual([]);
}
