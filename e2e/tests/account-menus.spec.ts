import { expect, type Page, test } from '@playwright/test';
import { DEMO_USERS } from './demo-users';
import { signInAs } from './sign-in-as';

async function openSwitcher(page: Page) {
  await page.getByRole('button', { name: 'Switch account' }).click();
  return page.getByRole('menu');
}

function welcome(page: Page) {
  return page.getByText(/^Welcome back, /);
}

test.describe('account switcher (spec §2, §4)', () => {
  test('lists the accounts with ⌘ hints and names cut at 18 characters', async ({ page }) => {
    await signInAs(page, DEMO_USERS.owner.email);
    await expect(page.getByRole('button', { name: 'Switch account' })).toContainText(
      'Bounce Kingdom Party Rentals',
    );
    const menu = await openSwitcher(page);
    await expect(menu.getByText('Accounts', { exact: true })).toBeVisible();
    const bounce = menu.getByRole('menuitem', { name: /Bounce Kingdom/ });
    await expect(bounce).toContainText('Bounce Kingdom Par…');
    await expect(bounce).not.toContainText('Party Rentals');
    // Each entry's hint is ⌘ and its position. (Another test may add a team of the owner's,
    // listed among the held ones before Sunshine, which the owner only joined.)
    const entries = menu.getByRole('menuitem').filter({ hasText: '⌘' });
    const count = await entries.count();
    expect(count).toBeGreaterThanOrEqual(2);
    for (let index = 0; index < count; index += 1) {
      await expect(entries.nth(index).locator('kbd')).toHaveText(`⌘${index + 1}`);
    }
    await expect(bounce.locator('kbd')).toHaveText('⌘1');
    await expect(menu.getByRole('menuitem', { name: /Sunshine/ }).locator('kbd')).toHaveText(
      /^⌘[23]$/,
    );
    await expect(menu.getByRole('menuitem', { name: 'Add team' })).toBeVisible();
  });

  test('choosing an account switches to it and the data shown changes', async ({ page }) => {
    await signInAs(page, DEMO_USERS.owner.email);
    await expect(welcome(page)).toContainText('Bounce Kingdom Party Rentals');
    const total = page.getByTestId('total');
    await expect(total).toHaveText(/\$/);
    const bounceTotal = await total.textContent();

    const menu = await openSwitcher(page);
    await menu.getByRole('menuitem', { name: /Sunshine/ }).click();

    await expect(welcome(page)).toContainText('Sunshine Tents & Events');
    await expect(page.getByRole('button', { name: 'Switch account' })).toContainText(
      'Sunshine Tents & Events',
    );
    await expect(total).toHaveText(/\$/);
    await expect(total).not.toHaveText(bounceTotal ?? '');
    const session = await (await page.request.get('/api/auth/session')).json();
    expect(session.user.planLevel).toBe('free');
  });

  test('⌘ plus the position number switches too', async ({ page }) => {
    await signInAs(page, DEMO_USERS.owner.email);
    await expect(welcome(page)).toContainText('Bounce Kingdom Party Rentals');
    const menu = await openSwitcher(page);
    const hint = await menu
      .getByRole('menuitem', { name: /Sunshine/ })
      .locator('kbd')
      .textContent();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    await page.keyboard.press(`Meta+${hint?.replace('⌘', '')}`);
    await expect(welcome(page)).toContainText('Sunshine Tents & Events');
    await page.keyboard.press('Control+1');
    await expect(welcome(page)).toContainText('Bounce Kingdom Party Rentals');
  });

  test("'Add team' creates an account the user holds and switches to it", async ({ page }) => {
    const name = `E2E Team ${Date.now().toString(36)}`;
    // The owner: their oldest held account stays the one they sign in to, so the new team
    // changes no other test's starting point.
    await signInAs(page, DEMO_USERS.owner.email);
    const menu = await openSwitcher(page);
    await menu.getByRole('menuitem', { name: 'Add team' }).click();

    const dialog = page.getByRole('dialog', { name: 'Add team' });
    await dialog.getByRole('button', { name: 'Create team' }).click();
    await expect(dialog.getByText('Team name is required')).toBeVisible();
    await dialog.getByLabel('Team name').fill(name);
    await dialog.getByRole('button', { name: 'Create team' }).click();

    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Switch account' })).toContainText(name);
    await expect(page.getByRole('button', { name: 'Switch account' })).toContainText('Free plan');
    await expect(welcome(page)).toContainText(name);
    // A new account has no sales yet.
    await expect(page.getByTestId('total')).toHaveText('$0.00');
  });
});

test.describe('user menu (spec §2, §6)', () => {
  test('the owner on Bounce Kingdom (Pro) is offered Unlimited', async ({ page }) => {
    await signInAs(page, DEMO_USERS.owner.email);
    await page.getByRole('button', { name: /User menu/ }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByText('Pro', { exact: true })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Upgrade to Unlimited' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Account' })).toHaveAttribute(
      'href',
      '/account',
    );
    await expect(menu.getByRole('menuitem', { name: 'Billing' })).toHaveAttribute(
      'href',
      '/account?tab=billing',
    );
    await expect(menu.getByRole('menuitem', { name: 'Notifications' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  test('a manager, without account.write, is offered no upgrade', async ({ page }) => {
    await signInAs(page, DEMO_USERS.manager.email);
    await page.getByRole('button', { name: /User menu/ }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
    await expect(menu.getByText(/Upgrade/)).toHaveCount(0);
  });

  test('Log out returns to /auth/login', async ({ page }) => {
    await signInAs(page, DEMO_USERS.manager.email);
    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL('/auth/login');
    expect(await (await page.request.get('/api/auth/session')).json()).toBeNull();
  });
});

test.describe('trial banner (spec §4)', () => {
  test('Sunshine, on its free trial, shows the banner on the seed day', async ({ page }) => {
    await signInAs(page, DEMO_USERS.owner.email);
    await expect(page.getByRole('region', { name: 'Free trial' })).toHaveCount(0);

    const menu = await openSwitcher(page);
    await menu.getByRole('menuitem', { name: /Sunshine/ }).click();

    const banner = page.getByRole('region', { name: 'Free trial' });
    await expect(banner).toContainText('Your free trial ends in 5 days.');
    await banner.getByRole('link', { name: 'Add Payment Method' }).click();
    await expect(page).toHaveURL('/account?tab=billing');

    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await expect(banner).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
    await expect(banner).toBeHidden();
  });
});
