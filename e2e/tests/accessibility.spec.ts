import { expect, test } from '@playwright/test';
import { DEMO_USERS } from './demo-users';
import { expectNoSeriousAxe, WCAG_21_AA } from './page-checks';
import { signInAs } from './sign-in-as';

// axe-core on every page and the main dialogs: no serious or critical violations.
test.describe('accessibility (axe-core)', () => {
  test('the sign-in page, with and without an error', async ({ page }) => {
    await page.goto('/auth/login');
    await expectNoSeriousAxe(page, { what: 'sign-in', tags: WCAG_21_AA });
    await page.getByLabel('Email').fill(DEMO_USERS.owner.email);
    await page.getByLabel('Password').fill('wrong');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expectNoSeriousAxe(page, { what: 'sign-in with an error', tags: WCAG_21_AA });
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
      await expectNoSeriousAxe(page, { what: path, tags: WCAG_21_AA });
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
    await expectNoSeriousAxe(page, { what: 'customer detail', tags: WCAG_21_AA });
    await page.getByRole('button', { name: /^Edit/ }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoSeriousAxe(page, { what: 'edit customer dialog', tags: WCAG_21_AA });
  });

  test('the Outbound Call dialog, the account switcher and the user menu', async ({ page }) => {
    await signInAs(page, DEMO_USERS.owner.email);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('button', { name: 'Outbound call' })
      .click();
    await expect(page.getByRole('dialog', { name: 'Outbound Call' })).toBeVisible();
    await expectNoSeriousAxe(page, { what: 'Outbound Call dialog', tags: WCAG_21_AA });
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Switch account' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectNoSeriousAxe(page, { what: 'account switcher', tags: WCAG_21_AA });
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /Olivia Owner/ }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectNoSeriousAxe(page, { what: 'user menu', tags: WCAG_21_AA });
  });

  test('the mobile navigation sheet', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, DEMO_USERS.owner.email);
    await page
      .getByRole('button', { name: /sidebar|menu|navigation/i })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoSeriousAxe(page, { what: 'mobile sheet', tags: WCAG_21_AA });
  });
});
