// Issue 8, accessibility: the main paths work with the keyboard alone — no mouse clicks here.
// Tab moves focus (each step is checked), Enter and Space act, arrows move between tabs, Escape
// closes a dialog and gives focus back to what opened it.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-users';
import { timeLimit } from './test-time';

/** Presses Tab until `target` has focus; fails if it never does (it cannot be reached). */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

test('sign in, find a customer, walk the tabs, edit, call and text by keyboard alone', async ({
  page,
}) => {
  // Some hundred key presses, each checked: longer than most tests.
  test.setTimeout(timeLimit(90_000));
  await page.goto(`/auth/login?callbackUrl=${encodeURIComponent('/customers')}`);
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(DEMO_USERS.owner.email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/customers');

  // Search, then open the match.
  await tabTo(page, page.getByRole('searchbox', { name: 'Search customers' }));
  await page.keyboard.type('(555) 010-0123');
  await expect(page.getByText('1 match for “(555) 010-0123”')).toBeVisible();
  const link = page.getByRole('table').getByRole('link').first();
  const name = (await link.textContent()) ?? '';
  await tabTo(page, link);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();

  // Tabs: focus the selected one, then arrows move along the tab list.
  const tabs = page.getByRole('tablist', { name: 'Customer records' });
  await tabTo(page, tabs.getByRole('tab', { selected: true }));
  await page.keyboard.press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: 'Documents' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await page.keyboard.press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: 'Phone' })).toBeFocused();
  await expect(tabs.getByRole('tab', { name: 'Phone' })).toHaveAttribute('aria-selected', 'true');

  // The edit dialog opens on Enter, holds focus, and Escape gives it back.
  const edit = page.getByRole('button', { name: 'Edit' });
  await tabTo(page, edit);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Edit Customer' });
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  for (let i = 0; i < 15; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(edit).toBeFocused();

  // Click-to-call opens the Outbound Call dialog with the number; Escape closes it.
  const call = page.getByRole('button', { name: 'Call (555) 010-0123' });
  await tabTo(page, call);
  await page.keyboard.press('Enter');
  const outbound = page.getByRole('dialog', { name: 'Outbound Call' });
  await expect(outbound.getByLabel('Phone Number')).toHaveValue('(555) 010-0123');
  await page.keyboard.press('Escape');
  await expect(outbound).toBeHidden();
  await expect(call).toBeFocused();

  // Click-to-text: a new text to the number (the message field has focus), or the open
  // conversation when there is one already; either is typed and sent from the keyboard.
  await tabTo(page, page.getByRole('link', { name: 'Text (555) 010-0123' }));
  await page.keyboard.press('Enter');
  const newText = page.getByRole('dialog', { name: 'New text' });
  const panel = page.getByRole('region', { name: 'Messages' });
  const reply = panel.getByLabel('Reply');
  await expect(newText.or(reply)).toBeVisible();
  const words = `Sent by keyboard ${Date.now()}`;
  if (await newText.isVisible()) {
    await expect(newText.getByLabel('Phone Number')).toHaveValue('(555) 010-0123');
    await expect(newText.getByLabel('Message')).toBeFocused();
    await page.keyboard.type(words);
    await tabTo(page, newText.getByRole('button', { name: 'Send text' }));
    await page.keyboard.press('Enter');
    await expect(newText).toBeHidden();
  } else {
    await tabTo(page, reply);
    await page.keyboard.type(words);
    await page.keyboard.press('Tab');
    await expect(panel.getByRole('button', { name: 'Send' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(reply).toHaveValue('');
  }
  await expect(panel.getByRole('log', { name: 'Messages' })).toContainText(words);
});

test('the navigation by keyboard', async ({ page }) => {
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(DEMO_USERS.owner.email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/');
  await tabTo(page, page.getByRole('link', { name: 'Customers' }).first());
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL('/customers');
  await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
});
