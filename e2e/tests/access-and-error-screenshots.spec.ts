import { expect, type Page, test } from '@playwright/test';
import { DEMO_USERS } from './demo-users';
import { signInAs } from './sign-in-as';

// Screenshots of the no-access page and a route's error page for a person to look at.
const dir = 'e2e/.artifacts/screenshots';

/** On /customers, number formatting throws until fixed: the customers list fails to render. */
async function breakNumberFormatOnCustomers(page: Page) {
  await page.addInitScript(() => {
    const format = Object.getOwnPropertyDescriptor(Intl.NumberFormat.prototype, 'format');
    Object.defineProperty(Intl.NumberFormat.prototype, 'format', {
      get() {
        const fixed = (window as { formatFixed?: boolean }).formatFixed;
        if (window.location.pathname === '/customers' && !fixed) {
          throw new Error('Numbers could not be formatted');
        }
        return format?.get?.call(this);
      },
    });
  });
}

for (const width of [1280, 390]) {
  test.describe(`access and error pages at ${width}px`, () => {
    test.use({ viewport: { width, height: 860 } });

    test('a page the user may not open', async ({ page }) => {
      await signInAs(page, DEMO_USERS.staff.email, '/account');
      await expect(page.getByText('You do not have access to this page')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
      await page.screenshot({ path: `${dir}/no-access-${width}.png`, fullPage: true });
      await page.getByRole('link', { name: 'Back to the dashboard' }).click();
      await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    });

    test('a page that fails to render', async ({ page }) => {
      await breakNumberFormatOnCustomers(page);
      await signInAs(page, DEMO_USERS.owner.email, '/customers');
      await expect(
        page.getByRole('heading', { name: 'Customers could not be shown' }),
      ).toBeVisible();
      await page.screenshot({ path: `${dir}/route-error-${width}.png`, fullPage: true });

      await page.evaluate(() => {
        (window as { formatFixed?: boolean }).formatFixed = true;
      });
      await page.getByRole('button', { name: 'Try again' }).click();
      await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
    });
  });
}
