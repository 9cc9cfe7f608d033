import { expect, type Page, test } from '@playwright/test';
import { DEMO_USERS } from './demo-users';
import { expectNoSeriousAxe, WCAG_21_AA } from './page-checks';
import { signInAs } from './sign-in-as';
import { timeLimit } from './test-time';

// Issue 16: an owner sets up inventory end to end, at a desktop and a phone width: a category,
// a product with a surface rule, a bundle of it; its month of availability; a downtime that
// takes a unit away.
const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const;
const screenshots = 'e2e/.artifacts/screenshots';

async function pageWidth(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

/** yyyy-mm-ddThh:mm, `days` from now, as a datetime-local input wants it. */
function localInput(days: number) {
  const at = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

for (const { width, height } of WIDTHS) {
  test(`an owner sets up a category, a product with a surface rule and a bundle; a downtime takes a unit away (${width}px)`, async ({
    page,
  }) => {
    test.setTimeout(timeLimit(120_000));
    await page.setViewportSize({ width, height });
    const stamp = `${width}-${Date.now().toString(36)}`;
    const category = `E2E Inflatables ${stamp}`;
    const castle = `E2E Castle ${stamp} 🏰`;
    const bundle = `E2E Party Package ${stamp}`;

    // A category.
    await signInAs(page, DEMO_USERS.owner.email, '/categories');
    await page.getByRole('button', { name: 'New Category' }).click();
    const categoryDialog = page.getByRole('dialog', { name: 'New category' });
    await categoryDialog.getByLabel('Name').fill(category);
    await categoryDialog.getByRole('button', { name: 'Create category' }).click();
    await expect(categoryDialog).toBeHidden();
    await expect(page.getByText(category).first()).toBeVisible();
    expect(await pageWidth(page)).toBeLessThanOrEqual(width);

    // A product in it: two units, $150 a day, four anchor points.
    await page.goto('/products/new');
    await page.getByLabel('Name', { exact: true }).fill(castle);
    await page.getByLabel('Category').selectOption({ label: category });
    await page.getByLabel('Quantity owned').fill('2');
    await page.getByLabel('Tier 1: price').fill('150');
    await page.getByLabel('Anchor points').fill('4');
    await page.getByRole('button', { name: 'Create Product' }).click();
    await expect(page.getByRole('heading', { name: castle, level: 1 })).toBeVisible();
    const castleUrl = page.url();

    // A bundle of it.
    await page.goto('/products/new');
    await page.getByLabel('Name', { exact: true }).fill(bundle);
    await page.getByLabel('Tier 1: price').fill('225');
    await page.getByRole('button', { name: 'Add component' }).click();
    await page.getByLabel('Component 1', { exact: true }).selectOption({ label: castle });
    await page.getByRole('button', { name: 'Create Product' }).click();
    await expect(page.getByRole('heading', { name: bundle, level: 1 })).toBeVisible();
    await expect(
      page.getByRole('link', { name: castle }).or(page.getByText(castle)).first(),
    ).toBeVisible();

    // Its rule on grass, in the grid.
    await page.goto('/surface');
    const cell = page.getByLabel(`${castle} on Grass`);
    await cell.selectOption({ label: 'Allowed' });
    await page.getByRole('button', { name: `Save ${castle}` }).click();
    await expect(page.getByRole('button', { name: `Save ${castle}` })).toBeDisabled();
    await page.reload();
    await expect(page.getByLabel(`${castle} on Grass`)).toHaveValue('yes');
    expect(await pageWidth(page)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `${screenshots}/inventory-surface-${width}.png` });

    // Its month: both units free every day, until a hard downtime takes one away.
    await page.goto(castleUrl);
    const month = page.getByRole('table').filter({ hasText: 'free' });
    await expect(month.getByText('2 free').first()).toBeVisible();
    await expect(month.getByText('1 free')).toHaveCount(0);
    await page.getByRole('button', { name: 'Open downtime' }).click();
    const downtime = page.getByRole('dialog', { name: 'Open downtime' });
    await downtime.getByLabel('Quantity').fill('1');
    await downtime.getByLabel('Reason').selectOption({ label: 'Repair' });
    await downtime.getByLabel('From').fill(localInput(-1));
    await downtime.getByRole('button', { name: 'Open downtime' }).click();
    await expect(downtime).toBeHidden();
    await expect(month.getByText('1 free').first()).toBeVisible();
    expect(await pageWidth(page)).toBeLessThanOrEqual(width);
    await page.screenshot({
      path: `${screenshots}/inventory-product-${width}.png`,
      fullPage: true,
    });
    await expectNoSeriousAxe(page, { what: 'product page', tags: WCAG_21_AA });
  });
}
