import { type Cookie, expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD } from './demo-users';

// Signing in through the page takes seconds, so each worker signs each user in once and its
// later tests start from a copy of that session cookie: a test that switches account changes
// only its own copy. Signing out ends the session on the server (decision 0020), so a copy is
// reused only while the server still knows its session; otherwise the user signs in again.
// (sign-in.spec.ts and keyboard.spec.ts test signing in itself, through the page every time.)
const sessions = new Map<string, Cookie[]>();

/**
 * A page signed in as `email` on `callbackPath`: the worker's first sign-in of this user goes
 * through the sign-in page, later ones reuse its session. Waits for the page it leads to.
 */
export async function signInAs(page: Page, email: string, callbackPath = '/') {
  const key = `${test.info().project.use.baseURL} ${email}`;
  const session = sessions.get(key);
  if (session) {
    await page.context().addCookies(session);
    const current = await page.request.get('/api/auth/session');
    if (current.ok() && (await current.json()) !== null) {
      await page.goto(callbackPath);
      await expect(page).toHaveURL(callbackPath);
      return;
    }
    sessions.delete(key);
    await page.context().clearCookies();
  }
  await page.goto(`/auth/login?callbackUrl=${encodeURIComponent(callbackPath)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(callbackPath);
  const cookies = await page.context().cookies();
  sessions.set(
    key,
    cookies.filter((cookie) => cookie.name.includes('session-token')),
  );
}
