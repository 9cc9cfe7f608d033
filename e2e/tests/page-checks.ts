import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The page scrolls no wider than the viewport (nothing overflows at a phone's width). */
export async function fitsWidth(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );
}

/** axe's WCAG 2.0 A and AA rules. */
export const WCAG_2_AA = ['wcag2a', 'wcag2aa'] as const;
/** axe's WCAG 2.0 and 2.1 A and AA rules. */
export const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

export interface AxeCheck {
  /** What is being checked, the message shown when the check fails. */
  what?: string;
  /** Only the rules with these tags; every rule when absent. */
  tags?: readonly string[];
  /** Only this part of the page (a CSS selector); the whole page when absent. */
  include?: string;
  /** Leave this part of the page out (a CSS selector). */
  exclude?: string;
}

/**
 * axe-core finds nothing serious or critical on the page as it is. axe returns violations
 * only: collecting and serialising every passing node would cost CPU for results no test reads.
 */
export async function expectNoSeriousAxe(page: Page, options: AxeCheck = {}) {
  const { what, tags, include, exclude } = options;
  // `options` replaces the run options, `withTags` adds to them: options first.
  let builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  if (tags) builder = builder.withTags([...tags]);
  if (include) builder = builder.include(include);
  if (exclude) builder = builder.exclude(exclude);
  const { violations } = await builder.analyze();
  expect(
    violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id} (${v.impact}): ${v.help} — ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(', ')}`,
      ),
    what,
  ).toEqual([]);
}
