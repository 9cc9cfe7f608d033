import { expect, type Page, test } from '@playwright/test';
import { DEMO_USERS } from './demo-users';
import { expectNoSeriousAxe, fitsWidth, WCAG_21_AA } from './page-checks';
import { signInAs } from './sign-in-as';
import { timeLimit } from './test-time';

// Issue 20 item 5 (back-office spec §9): an owner creates a coupon, finds it in the list with
// its rules and report figures, edits it to inactive; a second coupon with the same code in
// another case is refused under the code field. At a desktop and a phone width, axe-clean.
const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const;
const screenshots = 'e2e/.artifacts/screenshots';

/** The coupon's row in the table, or its card on a phone (the other one is hidden). */
function couponEntry(page: Page, code: string) {
  const table = page.getByRole('table', { name: 'Coupons' });
  const cards = page.getByRole('list', { name: 'Coupons' });
  return table
    .getByRole('row')
    .filter({ hasText: code })
    .or(cards.getByRole('listitem').filter({ hasText: code }));
}

for (const { width, height } of WIDTHS) {
  test(`an owner creates a coupon, sees it in the list and deactivates it (${width}px)`, async ({
    page,
  }) => {
    test.setTimeout(timeLimit(120_000));
    await page.setViewportSize({ width, height });
    const code = `E2E-${width}-${Date.now().toString(36).toUpperCase()}`;

    await signInAs(page, DEMO_USERS.owner.email, '/coupons');
    await expect(page.getByRole('heading', { name: 'Coupons', level: 1 })).toBeVisible();
    // The demo coupons are listed with their discount.
    await expect(couponEntry(page, 'SUMMER10')).toContainText('10% off');

    // 12.5 % off bounce houses, for events in the summer, at most ten uses.
    await page.getByRole('button', { name: 'New Coupon' }).click();
    const dialog = page.getByRole('dialog', { name: 'New coupon' });
    await dialog.getByLabel('Code').fill(code.toLowerCase());
    await dialog.getByLabel('Description').fill(`Summer bounce 🎈 ${code}`);
    await dialog.getByLabel('Percent').fill('12.5');
    await dialog.getByLabel('Applies to').selectOption({ label: 'Some categories' });
    await dialog.getByRole('checkbox', { name: 'Bounce Houses' }).check();
    await dialog.getByLabel('Minimum rental subtotal').fill('150');
    await dialog.getByLabel('Valid from').fill('2030-06-01');
    await dialog.getByLabel('Valid until').fill('2030-08-31');
    await dialog.getByRole('textbox', { name: /^Maximum uses\s*\(optional\)$/ }).fill('10');
    await expectNoSeriousAxe(page, { what: 'new coupon dialog', tags: WCAG_21_AA });
    await dialog.evaluate((element) => element.scrollTo(0, 0));
    await page.screenshot({ path: `${screenshots}/coupons-editor-${width}.png` });
    await dialog.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await page.screenshot({ path: `${screenshots}/coupons-editor-end-${width}.png` });
    await dialog.getByRole('button', { name: 'Create coupon' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Coupon ${code} created.`)).toBeVisible();

    const entry = couponEntry(page, code);
    await expect(entry).toContainText('12.5% off');
    await expect(entry).toContainText('Bounce Houses');
    await expect(entry).toContainText('Jun 1, 2030 – Aug 31, 2030');
    await expect(entry).toContainText(/event date/i);
    await expect(entry).toContainText('0 / 10');
    await expect(entry).toContainText('Min. $150.00');
    await expect(entry).toContainText('Active');
    await fitsWidth(page, width);
    await expectNoSeriousAxe(page, { what: 'coupon list', tags: WCAG_21_AA });
    await page.screenshot({ path: `${screenshots}/coupons-list-${width}.png`, fullPage: true });

    // The same code in another case is taken (§9: codes are case-insensitive).
    await page.getByRole('button', { name: 'New Coupon' }).click();
    await dialog.getByLabel('Code').fill(code.toLowerCase());
    await dialog.getByLabel('Type').selectOption({ label: 'Free delivery' });
    await dialog.getByRole('button', { name: 'Create coupon' }).click();
    await expect(dialog.getByLabel('Code')).toHaveAccessibleDescription(
      'A coupon with this code already exists',
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    // Deactivated from its editor, and still so after a reload.
    await entry.getByRole('button', { name: `Edit ${code}` }).click();
    const editor = page.getByRole('dialog', { name: 'Edit coupon' });
    await expect(editor.getByLabel('Percent')).toHaveValue('12.5');
    await expect(editor.getByRole('checkbox', { name: 'Bounce Houses' })).toBeChecked();
    await editor.getByRole('switch', { name: 'Active' }).click();
    await editor.getByRole('button', { name: 'Save coupon' }).click();
    await expect(editor).toBeHidden();
    await expect(page.getByText(`Coupon ${code} saved.`)).toBeVisible();
    await expect(entry).toContainText('Inactive');
    await page.reload();
    await expect(couponEntry(page, code)).toContainText('Inactive');
    await fitsWidth(page, width);
  });
}
