import { expect, type Page, test } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { DEMO_USERS } from './demo-users';
import { expectNoSeriousAxe, fitsWidth } from './page-checks';
import { signInAs } from './sign-in-as';
import { timeLimit } from './test-time';

// §13 (issue 23, item 4): the trial banner's 'Add Payment Method' completes a setup Checkout
// and the banner goes; an upgrade from free to core through Checkout unlocks Reach set-up.
// Each test makes an account of its own (a new team of the owner's, on the free plan with a
// trial) and switches its own session to it: nothing shared is changed, and a retry starts
// again on a new account. The owner's, not the manager's: a sign-in lands on the first account
// its user holds, and the owner already holds Bounce Kingdom (older than any new team), while a
// team of the manager's would become where every later manager sign-in lands, in other specs.
const screenshots = 'e2e/.artifacts/screenshots';

/** A new account held by the owner, on its 14-day free trial; this page's session moves to it. */
async function freshAccount(page: Page, label: string) {
  await signInAs(page, DEMO_USERS.owner.email, '/');
  const name = `${label} 🎪 Party Rentals of the Greater Metropolitan Area ${Date.now()}`;
  const created = await page.request.post('/api/account/teams', {
    headers: { origin: BASE_URL },
    data: { name },
  });
  expect(created.status()).toBe(201);
  const { team } = (await created.json()) as { team: { id: string } };
  await expect(async () => {
    const { csrfToken } = (await (await page.request.get('/api/auth/csrf')).json()) as {
      csrfToken: string;
    };
    const switched = await page.request.post('/api/auth/session', {
      headers: { origin: BASE_URL },
      data: { csrfToken, data: { accountId: team.id } },
    });
    expect(switched.status()).toBe(200);
    const session = (await (await page.request.get('/api/auth/session')).json()) as {
      user: { accountId: string };
    };
    expect(session.user.accountId).toBe(team.id);
  }).toPass({ timeout: 20_000 });
  return { id: team.id, name };
}

/** The payments sandbox's hosted Checkout page: a card that works, then back to Tentpole. */
async function payOnCheckout(page: Page, button: RegExp) {
  await expect(page).toHaveURL(/\/sandbox\/payments\/pay\/cs_/);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiration (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: button }).click();
}

test('the trial banner’s Add Payment Method saves a card through Checkout and the banner goes', async ({
  page,
}) => {
  test.setTimeout(timeLimit(120_000));
  await freshAccount(page, 'Card');
  await page.goto('/');
  // The user menu's upgrade suggestion (spec §6) lands on the tab too.
  await page.getByRole('button', { name: /User menu/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Upgrade to Core' })).toHaveAttribute(
    'href',
    '/account?tab=billing',
  );
  await page.keyboard.press('Escape');
  const banner = page.getByRole('region', { name: 'Free trial' });
  await expect(banner).toContainText('Your free trial ends in 14 days.');
  await banner.getByRole('link', { name: 'Add Payment Method' }).click();
  await expect(page).toHaveURL('/account?tab=billing');

  const billing = page.getByRole('main');
  await expect(billing.getByText('No payment method on file.')).toBeVisible();
  await expect(billing.getByText('Free trial until')).toBeVisible();
  await page.screenshot({ path: `${screenshots}/billing-tab-1280.png`, fullPage: true });
  await expectNoSeriousAxe(page, { include: 'main' });
  await billing.getByRole('button', { name: 'Add Payment Method' }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Save a card for later payments',
  );
  await payOnCheckout(page, /^Save card$/);

  // Back on the tab, confirmed: the card shows, the trial is over and the banner has gone.
  await expect(page).toHaveURL('/account?tab=billing');
  await expect(billing.getByRole('status')).toHaveText('Your payment method is saved. Thank you!');
  await expect(billing.getByText(/Visa ending in 4242, expires 12\/2034/i)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Free trial' })).toHaveCount(0);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Free trial' })).toHaveCount(0);
  const status = (await (await page.request.get('/api/billing')).json()) as {
    trialEndDate: string | null;
    paymentMethod: { last4: string } | null;
  };
  expect(status).toMatchObject({ trialEndDate: null, paymentMethod: { last4: '4242' } });
});

test('an upgrade from Free to Core through Checkout unlocks Reach set-up', async ({ page }) => {
  test.setTimeout(timeLimit(150_000));
  await freshAccount(page, 'Upgrade');
  await page.setViewportSize({ width: 390, height: 844 });

  // On Free, Settings → Reach offers the upgrade instead of the set-up.
  await page.goto('/account?tab=voice');
  const main = page.getByRole('main');
  await expect(main.getByText('Reach is not included in the Free plan.')).toBeVisible();
  await main.getByRole('link', { name: 'Upgrade to Core' }).click();
  await expect(page).toHaveURL('/account?tab=billing');
  await expect(main.getByText('Free', { exact: true }).first()).toBeVisible();
  await fitsWidth(page, 390);
  await page.screenshot({ path: `${screenshots}/billing-tab-390.png`, fullPage: true });
  await expectNoSeriousAxe(page, { include: 'main' });

  await main.getByRole('button', { name: 'Upgrade to Core' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Subscribe \$79\.00/);
  await payOnCheckout(page, /^Subscribe \$79\.00/);

  await expect(page).toHaveURL('/account?tab=billing');
  await expect(main.getByRole('status')).toHaveText('You are on the Core plan. Thank you!');
  await expect(main.getByRole('table', { name: 'Past invoices' })).toContainText('$79.00');
  await expect(main.getByRole('table', { name: 'Past invoices' })).toContainText('paid');
  await fitsWidth(page, 390);
  await page.screenshot({ path: `${screenshots}/billing-tab-core-390.png`, fullPage: true });

  // Reach set-up is open now: its settings save.
  await page.goto('/account?tab=voice');
  await expect(main.getByText('Reach is not included')).toHaveCount(0);
  const voicemail = main.getByLabel('Voicemail text');
  await voicemail.fill(`Thanks for calling! Leave a message ${Date.now()}`);
  await main.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();
  const settings = await page.request.get('/api/phone/settings');
  expect(settings.status()).toBe(200);
  expect(((await settings.json()) as { voicemailText: string }).voicemailText).toMatch(
    /^Thanks for calling! Leave a message \d+$/,
  );
});
