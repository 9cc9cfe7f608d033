import { expect, type Page, test } from '@playwright/test';
import { linkMailed } from './mail-catcher';
import { expectNoSeriousAxe, fitsWidth } from './page-checks';
import { timeLimit } from './test-time';

// "Forgot password?" (decision 0065, Password reset): a business that signed up (a fresh one:
// never a demo user) signs out, asks for a reset link, opens it from the mail catcher, chooses
// a new password and is signed in with it; the old password no longer works.
const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const;
const screenshots = 'e2e/.artifacts/screenshots';
const SENT = 'If that address has a Tentpole sign-in, a link to reset its password is on its way.';

/** The reset link the mail catcher received for `to`. */
const resetLinkMailed = (page: Page, to: string) =>
  linkMailed(page, {
    to,
    subject: 'Reset your Tentpole password',
    link: /https?:\/\/\S+\/auth\/reset-password\/[\w-]{43}/,
  });

/** Log out from the user menu (in the sidebar's sheet on a phone). */
async function logOut(page: Page, width: number) {
  if (width < 768) await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
  await page.getByRole('button', { name: /User menu/ }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
}

for (const { width, height } of WIDTHS) {
  test(`a user who forgot the password resets it by e-mail and signs in (${width}px)`, async ({
    page,
  }) => {
    test.setTimeout(timeLimit(120_000));
    await page.setViewportSize({ width, height });
    const run = `${width}-${Date.now()}-${test.info().retry}`;
    const email = `reset.${run}@example.com`;

    // A fresh business signs up (and is signed in), then signs out.
    await page.goto('/auth/signup');
    await page.getByLabel('Your name').fill('Rosa Reset');
    await page.getByLabel('Business name').fill(`Reset Rentals ${run}`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('bounce bounce 123');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL('/');
    await logOut(page, width);

    // Forgot password? → the e-mail → the same confirmation for any address.
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL('/auth/forgot-password');
    await expect(
      page.getByRole('heading', { name: 'Reset your password', level: 1 }),
    ).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await expectNoSeriousAxe(page);
    await fitsWidth(page, width);
    await page.screenshot({ path: `${screenshots}/forgot-password-${width}.png`, fullPage: true });
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toContainText(SENT);
    await expectNoSeriousAxe(page);
    await page.screenshot({
      path: `${screenshots}/forgot-password-sent-${width}.png`,
      fullPage: true,
    });

    // The link from the e-mail: a new password, then straight in with it.
    const link = await resetLinkMailed(page, email);
    await page.goto(link);
    await expect(
      page.getByRole('heading', { name: 'Choose a new password', level: 1 }),
    ).toBeVisible();
    await page.getByLabel('New password').fill('short');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByText('Use at least 8 characters')).toBeVisible();
    await page.getByLabel('New password').fill('castle castle 456');
    await expectNoSeriousAxe(page);
    await fitsWidth(page, width);
    await page.screenshot({ path: `${screenshots}/reset-password-${width}.png`, fullPage: true });
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page).toHaveURL('/');
    expect(await (await page.request.get('/api/auth/session')).json()).not.toBeNull();

    // The link worked once.
    await logOut(page, width);
    await page.goto(link);
    await page.getByLabel('New password').fill('another password 789');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByRole('alert')).toContainText('This reset link no longer works.');
    await expectNoSeriousAxe(page);
    await page.screenshot({
      path: `${screenshots}/reset-password-gone-${width}.png`,
      fullPage: true,
    });

    // The old password no longer signs in; the new one does.
    await page.goto('/auth/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('bounce bounce 123');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password.');
    await page.getByLabel('Password').fill('castle castle 456');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/');
  });
}
