import { expect, type Page, test } from '@playwright/test';
import { DEMO_USERS } from './demo-users';
import { signInAs } from './sign-in-as';

// Screenshots of the shell for a person to look at; they assert only that the screen is there.
const dir = 'e2e/.artifacts/screenshots';

async function dashboardReady(page: Page) {
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByTestId('total')).toBeVisible();
  await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
}

test.describe('shell screenshots at 1280px', () => {
  test.use({ viewport: { width: 1280, height: 860 } });

  test('desktop', async ({ page }) => {
    await signInAs(page, DEMO_USERS.owner.email);
    await dashboardReady(page);
    await page.screenshot({ path: `${dir}/desktop-dashboard.png`, fullPage: true });

    await page.getByRole('button', { name: 'Switch account' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await page.screenshot({ path: `${dir}/desktop-account-switcher.png` });
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: /User menu/ }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await page.screenshot({ path: `${dir}/desktop-user-menu.png` });
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
    await expect(page.locator('[data-slot="sidebar"]').first()).toHaveAttribute(
      'data-state',
      'collapsed',
    );
    // The sidebar's slide is finished at once for the picture.
    await page.screenshot({ path: `${dir}/desktop-collapsed-sidebar.png`, animations: 'disabled' });
    await page.getByRole('button', { name: 'Toggle Sidebar' }).click();

    await page.getByRole('button', { name: 'Switch account' }).click();
    await page.getByRole('menuitem', { name: /Sunshine/ }).click();
    await expect(page.getByRole('region', { name: 'Free trial' })).toBeVisible();
    await dashboardReady(page);
    await page.screenshot({ path: `${dir}/desktop-trial-banner.png` });

    await page.goto('/customers');
    await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
    await page.screenshot({ path: `${dir}/desktop-customers.png` });
  });
});

test.describe('shell screenshots at 390px', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('mobile', async ({ page }) => {
    await signInAs(page, DEMO_USERS.owner.email);
    await dashboardReady(page);
    await page.screenshot({ path: `${dir}/mobile-dashboard.png`, fullPage: true });

    await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    // The sheet's slide-in is finished at once for the picture.
    await page.screenshot({ path: `${dir}/mobile-sheet.png`, animations: 'disabled' });

    await page.getByRole('button', { name: 'Switch account' }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await page.screenshot({ path: `${dir}/mobile-account-switcher.png` });
    await page.getByRole('menuitem', { name: /Sunshine/ }).click();
    await expect(page.getByRole('region', { name: 'Free trial' })).toBeVisible();
    await page.screenshot({ path: `${dir}/mobile-trial-banner.png` });

    await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
    await page.getByRole('button', { name: /User menu/ }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await page.screenshot({ path: `${dir}/mobile-user-menu.png` });
  });
});
