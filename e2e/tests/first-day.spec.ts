import { expect, type Page, test } from '@playwright/test';
import { DEMO_USERS } from './demo-users';
import { signInAs } from './sign-in-as';

// Issue 15: what a first-day user trips on, each at a desktop and a phone width.
const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

// Half of a surrogate pair: what cutting an emoji with charAt(0) leaves behind.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

async function pageWidth(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

for (const { width, height } of WIDTHS) {
  test(`an emoji at the start of a name keeps whole initials (${width}px)`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const lastName = `Palace${stamp.slice(-6)}`;
    await signInAs(page, DEMO_USERS.owner.email, '/customers/new');
    await page.getByLabel('First Name').fill('🎉 Party');
    await page.getByLabel('Last Name').fill(lastName);
    await page.getByLabel('Email').fill(`party.${stamp}@e2e.example`);
    await page.getByRole('button', { name: 'Create Customer' }).click();
    await expect(
      page.getByRole('heading', { name: `🎉 Party ${lastName}`, level: 1 }),
    ).toBeVisible();

    // The profile's avatar shows the whole emoji and the last name's initial.
    const avatar = page.locator('main span[aria-hidden="true"]').filter({ hasText: /^🎉P$/ });
    await expect(avatar.first()).toBeVisible();
    expect(LONE_SURROGATE.test((await page.locator('main').textContent()) ?? '')).toBe(false);

    // And in the list, found by name.
    await page.goto(`/customers?search=${encodeURIComponent(lastName)}`);
    await expect(page.getByRole('link', { name: new RegExp(lastName) }).first()).toBeVisible();
    await expect(
      page
        .locator('main span[aria-hidden="true"]')
        .filter({ hasText: /^🎉P$/, visible: true })
        .first(),
    ).toBeVisible();
    expect(LONE_SURROGATE.test((await page.locator('main').textContent()) ?? '')).toBe(false);
    expect(await pageWidth(page)).toBeLessThanOrEqual(width);
  });
}
