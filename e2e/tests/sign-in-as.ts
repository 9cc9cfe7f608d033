import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './demo-users';

/** Signs in through the sign-in page and waits for the page it leads to. */
export async function signInAs(page: Page, email: string, callbackPath = '/') {
  await page.goto(`/auth/login?callbackUrl=${encodeURIComponent(callbackPath)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(callbackPath);
}
