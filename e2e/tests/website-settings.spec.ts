import { expect, type Page, test } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { expectNoSeriousAxe, fitsWidth } from './page-checks';
import { sameOrigin } from './reach-texts-helpers';
import { timeLimit } from './test-time';

// Issue 20 item 4 (back-office spec §10, decision 0068): on Settings → Website Settings a new
// business puts its store online, changes its colour, font and checkout mode, sees them on the
// store, and copies the one-line embed; the embedded booking search opens the store's catalog.
// On a business signed up for this run, so no demo account changes and a retry starts afresh.

const screenshots = 'e2e/.artifacts/screenshots';
const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const;

async function signUp(page: Page, run: string) {
  const email = `website.${run}@example.com`;
  const password = 'bounce bounce 123';
  await page.goto('/auth/login');
  const signedUp = await page.request.post('/api/signup', {
    headers: sameOrigin(page),
    data: { name: 'Wes Website', email, password, businessName: `Castle Jumps ${run}` },
  });
  expect(signedUp.status()).toBe(201);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/');
}

test('an owner sets the store’s look and checkout, sees them on the store and copies the embed', async ({
  page,
  context,
}) => {
  test.setTimeout(timeLimit(150_000));
  const run = `${Date.now()}-${test.info().retry}`;
  const slug = `castle-jumps-${run}`;
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
  await signUp(page, run);

  await page.setViewportSize(WIDTHS[0]);
  await page.goto('/account?tab=website');
  const form = page.getByRole('form', { name: 'Website settings' });
  await expect(form.getByText('Your store is not set up yet.', { exact: false })).toBeVisible();
  await form.getByRole('textbox', { name: 'Address', exact: true }).fill(slug);
  const hex = form.getByRole('textbox', { name: 'Accent colour', exact: true });
  await hex.fill('#0f766e');
  await form.getByLabel('Font', { exact: true }).selectOption({ label: 'Classic' });
  await form.getByRole('radio', { name: 'Quote requests only' }).check();
  await form.getByRole('button', { name: 'Save and put the store online' }).click();
  await expect(page.getByText(`Your store is live at`).first()).toBeVisible();
  await expect(form.getByRole('link', { name: 'View store' })).toBeVisible();
  await expect(form.getByRole('radio', { name: 'Quote requests only' })).toBeChecked();

  // A colour no text reads on is refused on its field.
  await hex.fill('#808080');
  await form.getByRole('button', { name: 'Save website settings' }).click();
  await expect(form.getByText(/choose a darker or a lighter one/).first()).toBeVisible();
  await hex.fill('#0f766e');

  // The embed line, copied.
  const embed = `<script src="${BASE_URL}/s/${slug}/embed.js" async></script>`;
  await expect(page.getByRole('textbox', { name: 'Embed code' })).toHaveValue(embed);
  await page.getByRole('button', { name: 'Copy Embed code' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(embed);

  for (const { width, height } of WIDTHS) {
    await page.setViewportSize({ width, height });
    await page.goto('/account?tab=website');
    await expect(page.getByRole('textbox', { name: 'Address', exact: true })).toHaveValue(slug);
    await fitsWidth(page, width);
    await expectNoSeriousAxe(page, { include: 'main' });
    await page.screenshot({ path: `${screenshots}/website-settings-${width}.png`, fullPage: true });
  }

  // The store wears them: the header in the colour with white text, the classic font.
  for (const { width, height } of WIDTHS) {
    await page.setViewportSize({ width, height });
    await page.goto(`/s/${slug}`);
    const header = page.locator('header.top');
    await expect(header).toHaveCSS('background-color', 'rgb(15, 118, 110)');
    await expect(header).toHaveCSS('color', 'rgb(255, 255, 255)');
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(
      /^Georgia/,
    );
    await fitsWidth(page, width);
    await page.screenshot({ path: `${screenshots}/website-settings-store-${width}.png` });
  }

  // Checkout mode as the store reads it: quote requests only.
  const saved = await page.request.get('/api/store/settings');
  expect(await saved.json()).toMatchObject({ checkoutMode: 'quote', font: 'classic' });

  // The embed on another page: the booking search in its shadow root opens the catalog.
  await page.setViewportSize(WIDTHS[1]);
  await page.setContent(
    `<!doctype html><html lang="en"><head><title>Castle Jumps</title><style>label{display:none}input{font-size:40px}</style></head><body><main><h1>Our rentals</h1><div data-tentpole-booking></div>${embed}</main></body></html>`,
  );
  const search = page.getByRole('region', { name: 'When and where is your party?' });
  await expect(search).toBeVisible();
  await expect(search.getByLabel('Party date')).toBeVisible();
  await search.getByLabel('Party date').fill('2027-06-12');
  await search.getByLabel('ZIP code').fill('78701');
  await expectNoSeriousAxe(page);
  await page.screenshot({ path: `${screenshots}/website-settings-embed-390.png` });
  await search.getByRole('button', { name: 'Show what’s available' }).click();
  await expect(page).toHaveURL(
    `${BASE_URL}/s/${slug}?date=2027-06-12&start=12%3A00&end=18%3A00&zip=78701`,
  );
  await expect(page.getByRole('heading', { name: 'When and where is your party?' })).toBeVisible();
});
