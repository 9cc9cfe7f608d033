import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { DEMO_USERS } from './demo-users';
import { signInAs } from './sign-in-as';

// axe-core on every page and the main dialogs: no serious or critical violations.
async function expectAccessible(page: Page, what: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    ),
    what,
  ).toEqual([]);
}

test.describe('accessibility (axe-core)', () => {
  test('the sign-in page, with and without an error', async ({ page }) => {
    await page.goto('/auth/login');
    await expectAccessible(page, 'sign-in');
    await page.getByLabel('Email').fill(DEMO_USERS.owner.email);
    await page.getByLabel('Password').fill('wrong');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expectAccessible(page, 'sign-in with an error');
  });

  const pages: [string, string][] = [
    ['/', 'Dashboard'],
    ['/customers', 'Customers'],
    ['/customers/new', 'New Customer'],
    ['/phone', 'Reach'],
    ['/account?tab=voice', 'Account'],
    ['/orders', 'Orders'],
    ['/products', 'Products'],
    ['/products/new', 'New Product'],
    ['/categories', 'Categories'],
    ['/surface', 'Setup Surface'],
    ['/website', 'Website Builder'],
  ];
  for (const [path, name] of pages) {
    test(`the ${name} page`, async ({ page }) => {
      await signInAs(page, DEMO_USERS.owner.email, path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectAccessible(page, path);
    });
  }

  test("a customer's page and its edit dialog", async ({ page }) => {
    await signInAs(page, DEMO_USERS.owner.email, '/customers');
    await page
      .getByRole('link')
      .filter({ hasText: /\w+ \w+/ })
      .nth(0)
      .waitFor();
    const first = page.locator('a[href^="/customers/"]').filter({ hasNotText: 'New' }).first();
    await first.click();
    await expect(page).toHaveURL(/\/customers\/[0-9a-f-]{36}/);
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, 'customer detail');
    await page.getByRole('button', { name: /^Edit/ }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAccessible(page, 'edit customer dialog');
  });

  test('the Outbound Call dialog, the account switcher and the user menu', async ({ page }) => {
    await signInAs(page, DEMO_USERS.owner.email);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('button', { name: 'Outbound call' })
      .click();
    await expect(page.getByRole('dialog', { name: 'Outbound Call' })).toBeVisible();
    await expectAccessible(page, 'Outbound Call dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Switch account' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectAccessible(page, 'account switcher');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /Olivia Owner/ }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectAccessible(page, 'user menu');
  });

  test('the mobile navigation sheet', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, DEMO_USERS.owner.email);
    await page
      .getByRole('button', { name: /sidebar|menu|navigation/i })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAccessible(page, 'mobile sheet');
  });
});
