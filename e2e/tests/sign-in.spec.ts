import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-users';

async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test.describe('signing in and out', () => {
  for (const [role, user] of Object.entries(DEMO_USERS)) {
    test(`the ${role} signs in and sees who is signed in and the active account`, async ({
      page,
    }) => {
      await page.goto('/auth/login');
      await signIn(page, user.email);
      await expect(page).toHaveURL('/');
      await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
      // Who is signed in: the user menu names them.
      const userMenu = page.getByRole('button', { name: `User menu: ${user.name}` });
      await expect(userMenu).toContainText(user.email);
      // The active account: the account switcher shows it.
      await expect(page.getByRole('button', { name: 'Switch account' })).toContainText(
        'Bounce Kingdom Party Rentals',
      );
    });
  }

  test('a visit while signed out goes to /auth/login with the callbackUrl, and back after sign-in', async ({
    page,
  }) => {
    await page.goto('/customers?search=smith');
    await expect(page).toHaveURL(/\/auth\/login\?callbackUrl=/);
    const callbackUrl = new URL(page.url()).searchParams.get('callbackUrl');
    expect(callbackUrl).toBe('/customers?search=smith');
    await signIn(page, DEMO_USERS.manager.email);
    await expect(page).toHaveURL('/customers?search=smith');
  });

  test('a wrong password shows the error and stays signed out', async ({ page }) => {
    await page.goto('/auth/login');
    await signIn(page, DEMO_USERS.owner.email, 'not the password');
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');
    await expect(page).toHaveURL(/\/auth\/login/);
    const session = await page.request.get('/api/auth/session');
    expect(await session.json()).toBeNull();
  });

  test('Log out returns to /auth/login and ends the session', async ({ page }) => {
    await page.goto('/auth/login');
    await signIn(page, DEMO_USERS.owner.email);
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/auth\/login/);
    expect(await (await page.request.get('/api/auth/session')).json()).toBeNull();
    await page.goto('/');
    await expect(page).toHaveURL(/\/auth\/login/);
  });
});
