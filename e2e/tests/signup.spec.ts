import { expect, type Page, test } from '@playwright/test';
import { linkMailed } from './mail-catcher';
import { expectNoSeriousAxe, fitsWidth } from './page-checks';
import { timeLimit } from './test-time';

// Issue 23 item 5: a new business signs up from the sign-in page, reads the verification
// e-mail in the mail catcher, confirms its address and reaches the first-run checklist; a step
// is ticked from real data (publishing the store), the business gets its own number from the
// phone step (decision 0066), and the checklist is dismissed.
const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const;
const screenshots = 'e2e/.artifacts/screenshots';

/** The verification link the mail catcher received for `to`. */
const verificationMailed = (page: Page, to: string) =>
  linkMailed(page, {
    to,
    subject: 'Confirm your e-mail for Tentpole',
    link: /https?:\/\/\S+\/verify-email\/[\w-]{43}/,
  });

for (const { width, height } of WIDTHS) {
  test(`a new business signs up, confirms its e-mail and reaches the checklist (${width}px)`, async ({
    page,
  }) => {
    test.setTimeout(timeLimit(120_000));
    await page.setViewportSize({ width, height });
    const run = `${width}-${Date.now()}-${test.info().retry}`;
    const email = `rosa.${run}@example.com`;
    // A long name with emoji: the pages must not break.
    const business = `Rosa’s Extraordinarily Long Party Rentals & Bounce Emporium 🎪 ${width}`;

    await page.goto('/auth/login');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL('/auth/signup');
    await expect(
      page.getByRole('heading', { name: 'Create your Tentpole account', level: 1 }),
    ).toBeVisible();
    await page.getByLabel('Your name').fill('Rosa Fernández-Whitfield 🎈');
    await page.getByLabel('Business name').fill(business);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Use at least 8 characters')).toBeVisible();
    await page.getByLabel('Password').fill('bounce bounce 123');
    await expectNoSeriousAxe(page);
    await fitsWidth(page, width);
    await page.screenshot({ path: `${screenshots}/signup-${width}.png`, fullPage: true });
    await page.getByRole('button', { name: 'Create account' }).click();

    // Signed in, on the dashboard, with the checklist and the 14-day trial on Core.
    await expect(page).toHaveURL('/');
    const checklist = page.getByRole('region', { name: 'Get ready for your first booking' });
    await expect(checklist).toBeVisible();
    await expect(checklist.getByText('0 of 5 done.')).toBeVisible();
    await expect(
      checklist.getByText(`Confirm your e-mail: we sent a link to ${email}.`),
    ).toBeVisible();
    for (const step of [
      'Add products',
      'Set your hours',
      'Connect a phone number',
      'Invite your team',
      'Publish your store',
    ]) {
      await expect(checklist.getByRole('listitem').filter({ hasText: step })).toContainText(
        '(to do)',
      );
    }
    await expect(page.getByText(/Your free trial ends in 1[34] days\./)).toBeVisible();
    await expectNoSeriousAxe(page);
    await fitsWidth(page, width);
    await page.screenshot({ path: `${screenshots}/signup-checklist-${width}.png`, fullPage: true });

    // The e-mail went through the outbox and SMTP to the mail catcher.
    const link = await verificationMailed(page, email);
    await page.goto(link);
    await expect(page.getByText(`${email} is confirmed.`)).toBeVisible();
    await expectNoSeriousAxe(page);
    await fitsWidth(page, width);
    await page.screenshot({ path: `${screenshots}/signup-verified-${width}.png`, fullPage: true });
    // A link works once.
    await page.reload();
    await expect(page.getByText('This link is no longer valid.')).toBeVisible();
    await page.getByRole('link', { name: 'Go to your checklist' }).click();

    await expect(page).toHaveURL('/');
    await expect(checklist).toBeVisible();
    await expect(checklist.getByText(/Confirm your e-mail/)).toHaveCount(0);

    // Each step leads to its screen; publishing the store ticks its step from the data.
    await expect(checklist.getByRole('link', { name: 'Add a product' })).toHaveAttribute(
      'href',
      '/products/new',
    );
    await expect(checklist.getByRole('link', { name: 'Set hours' })).toHaveAttribute(
      'href',
      '/schedule',
    );
    await checklist.getByRole('button', { name: 'Publish the store' }).click();
    await expect(checklist.getByText('1 of 5 done.')).toBeVisible();
    const store = checklist.getByRole('listitem').filter({ hasText: 'Publish your store' });
    await expect(store).toContainText('(done)');
    await expect(store.getByRole('link', { name: 'Open your store' })).toBeVisible();

    // The phone step: find a number by area code in Settings → Reach and get it.
    await checklist.getByRole('link', { name: 'Connect a number' }).click();
    await expect(page).toHaveURL('/account?tab=voice');
    const section = page.getByRole('region', { name: 'Business number' });
    await section.getByLabel('Area code').fill('5x');
    await section.getByRole('button', { name: 'Find numbers' }).click();
    await expect(section.getByText('Enter a 3-digit area code')).toBeVisible();
    // An area code of each width's own: the two runs side by side do not reach for one number.
    await section.getByLabel('Area code').fill(width === 1280 ? '512' : '737');
    await section.getByLabel('Area code').press('Enter');
    const numbers = section.getByRole('group', { name: 'Available numbers' });
    await expect(numbers.getByRole('radio')).toHaveCount(10);
    // Keyboard: focus the first number, Space checks it, an arrow moves to the next.
    await numbers.getByRole('radio').first().focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    const chosen = numbers.getByRole('radio').nth(1);
    await expect(chosen).toBeChecked();
    const label = (await chosen.getAttribute('value')) ?? '';
    await expectNoSeriousAxe(page);
    await fitsWidth(page, width);
    await page.screenshot({ path: `${screenshots}/connect-number-${width}.png`, fullPage: true });
    await section.getByRole('button', { name: 'Get this number' }).click();
    await expect(page.getByText(/is your business number\. Calls work now/)).toBeVisible();
    // The rest of Reach lights up: the number is shown with its Copy button.
    await expect(page.getByTestId('business-number')).toHaveAttribute('href', `tel:${label}`);
    await expect(section.getByLabel('Area code')).toHaveCount(0);
    await fitsWidth(page, width);
    await page.screenshot({ path: `${screenshots}/connect-number-done-${width}.png` });

    await page.goto('/');
    await expect(checklist.getByText('2 of 5 done.')).toBeVisible();
    await expect(
      checklist.getByRole('listitem').filter({ hasText: 'Connect a phone number' }),
    ).toContainText('(done)');
    await fitsWidth(page, width);
    await page.screenshot({ path: `${screenshots}/signup-checklist-done-${width}.png` });

    // Dismissed, it stays gone.
    await checklist.getByRole('button', { name: 'Dismiss the checklist' }).click();
    await expect(checklist).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(checklist).toHaveCount(0);
  });
}
