import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The page scrolls no wider than the viewport (nothing overflows at a phone's width). */
export async function fitsWidth(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );
}

/** axe finds nothing serious or critical in `selector` (the whole page by default). */
export async function noSeriousAxe(page: Page, selector?: string) {
  const builder = new AxeBuilder({ page });
  const result = await (selector ? builder.include(selector) : builder).analyze();
  expect(
    result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}
