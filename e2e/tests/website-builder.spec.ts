import { expect, type Page, test } from '@playwright/test';
import { DEMO_USERS } from './demo-users';
import { expectNoSeriousAxe, fitsWidth } from './page-checks';
import { signInAs } from './sign-in-as';
import { timeLimit } from './test-time';

// Issue 20 item 4 (back-office spec §10): a new business opens the website builder, is told its
// store has no address yet, gives it one, adds a page with a text section and an FAQ, sees them
// in the preview, reorders the sections with the keyboard, publishes, and opens the live page.
// A fresh account per run: the demo's website stays as other specs expect it.
const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const;
const screenshots = 'e2e/.artifacts/screenshots';

async function signUp(page: Page, run: string) {
  await page.goto('/auth/signup');
  await page.getByLabel('Your name').fill('Wren Builder');
  await page.getByLabel('Business name').fill(`Wren’s Party Rentals 🎪 ${run}`);
  await page.getByLabel('Email').fill(`wren.${run}@example.com`);
  await page.getByLabel('Password').fill('bounce bounce 123');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL('/');
}

/** The section cards' names, top to bottom. */
function sectionNames(page: Page) {
  return page.getByRole('list', { name: 'Sections' }).getByRole('heading', { level: 3 });
}

for (const { width, height } of WIDTHS) {
  test(`an owner builds, previews and publishes a page (${width}px)`, async ({ page, context }) => {
    test.setTimeout(timeLimit(180_000));
    await page.setViewportSize({ width, height });
    const run = `${width}-${Date.now().toString(36)}-${test.info().retry}`;
    const phone = width < 1024;
    await signUp(page, run);

    // No store address yet: the builder says so and where to set one.
    await page.goto('/website');
    await expect(page.getByRole('heading', { name: 'Website Builder', level: 1 })).toBeVisible();
    await expect(page.getByText(/Your store has no address yet/)).toBeVisible();
    await expect(
      page.getByRole('link', { name: 'Choose one in Website Settings' }),
    ).toHaveAttribute('href', '/account?tab=website');
    // The first-run checklist's step gives the store its address.
    await page.goto('/');
    await page
      .getByRole('region', { name: 'Get ready for your first booking' })
      .getByRole('button', { name: 'Publish the store' })
      .click();
    await expect(page.getByText(/1 of 5 done/)).toBeVisible();

    await page.goto('/website');
    const pages = page.getByRole('list', { name: 'Pages' });
    await expect(pages.getByRole('link', { name: 'Home' })).toBeVisible();
    await expect(page.getByText(/Your store is at/)).toBeVisible();

    // Add a page; its address follows the title.
    await page.getByRole('button', { name: 'Add page' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add page' });
    await dialog.getByLabel('Title').fill('Party questions 🎈');
    await expect(dialog.getByLabel('Address')).toHaveValue('party-questions');
    await expectNoSeriousAxe(page);
    await dialog.getByRole('button', { name: 'Add page' }).click();
    await expect(page.getByRole('heading', { name: 'Party questions 🎈', level: 1 })).toBeVisible();
    await expect(page.getByText('Draft', { exact: true })).toBeVisible();

    // A text section and an FAQ, saved as a draft while typing pauses.
    const story = `We deliver bounce houses across the valley ${run}.`;
    await page.getByRole('button', { name: 'Add section' }).click();
    await page.getByRole('menuitem', { name: 'Text' }).click();
    const text = page.getByRole('listitem', { name: 'Text' });
    await text.getByLabel('Text', { exact: true }).fill(story);
    await page.getByRole('button', { name: 'Add section' }).click();
    await page.getByRole('menuitem', { name: 'FAQ' }).click();
    const faq = page.getByRole('listitem', { name: 'FAQ' });
    await faq.getByLabel('Question').fill('Do you set up?');
    await faq.getByLabel('Answer').fill('Always, and we take it down too.');
    // Exactly "Saved": a pause between the fields can show "Not saved: check the fields
    // marked." (the answer still empty), which a substring match took for saved.
    await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();

    // The preview frames the saved draft; on a phone it is behind the Preview toggle.
    if (phone) await page.getByRole('button', { name: 'Preview', exact: true }).click();
    const preview = page.frameLocator('iframe[title="Preview of Party questions 🎈"]');
    await expect(preview.getByText(story)).toBeVisible();
    await expect(preview.getByText('Do you set up?')).toBeVisible();
    await page.getByRole('button', { name: 'Desktop' }).click();
    await expect(preview.getByText(story)).toBeVisible();
    await expectNoSeriousAxe(page);
    await fitsWidth(page, width);
    await page.screenshot({ path: `${screenshots}/website-editor-preview-${width}.png` });
    if (phone) await page.getByRole('button', { name: 'Edit', exact: true }).click();

    // Reorder with the keyboard: the FAQ moves above the text, and keeps the focus.
    const faqUp = page.getByRole('button', { name: 'Move FAQ up' });
    await faqUp.focus();
    await page.keyboard.press('Enter');
    await expect(sectionNames(page)).toHaveText(['FAQ', 'Text']);
    await expect(page.getByRole('button', { name: 'Move FAQ down' })).toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
    await expectNoSeriousAxe(page);
    await fitsWidth(page, width);
    await page.screenshot({ path: `${screenshots}/website-editor-${width}.png`, fullPage: true });
    if (!phone) {
      // With a mouse: the text's handle dragged onto the FAQ puts the text first again.
      await page
        .getByRole('listitem', { name: 'Text' })
        .getByRole('heading', { name: 'Text' })
        .dragTo(page.getByRole('listitem', { name: 'FAQ' }));
      await expect(sectionNames(page)).toHaveText(['Text', 'FAQ']);
      await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
    }

    // Publish, then open the live page in a new tab.
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText('Party questions 🎈 is published.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Published' })).toBeDisabled();
    const [live] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('link', { name: /View live page/ }).click(),
    ]);
    await expect(live.getByText(story)).toBeVisible();
    await expect(live.getByText('Do you set up?')).toBeVisible();
    await live.close();

    // The list shows it published, with its live link.
    await page.getByRole('link', { name: 'All pages' }).click();
    const row = pages.getByRole('listitem').filter({ hasText: 'Party questions 🎈' });
    await expect(row).toContainText('Published');
    await expect(row.getByRole('link', { name: /View live page/ })).toHaveAttribute(
      'href',
      /\/s\/[a-z0-9-]+\/pages\/party-questions$/,
    );
    await expectNoSeriousAxe(page);
    await fitsWidth(page, width);
    await page.screenshot({ path: `${screenshots}/website-pages-${width}.png`, fullPage: true });
  });
}

for (const { width, height } of WIDTHS) {
  test(`the demo's home page opens in the editor with each kind of section (${width}px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    // Only looked at: nothing is edited, so nothing is saved.
    await signInAs(page, DEMO_USERS.owner.email, '/website');
    await page
      .getByRole('list', { name: 'Pages' })
      .getByRole('link', { name: 'Home', exact: true })
      .click();
    await expect(page.getByRole('heading', { name: 'Home', level: 1 })).toBeVisible();
    await expect(sectionNames(page)).toHaveText([
      'Hero',
      'Booking search',
      'Category grid',
      'Product grid',
      'FAQ',
      'Testimonials',
    ]);
    // The home page's address is the store's: no address field.
    await expect(page.getByLabel('Address')).toHaveCount(0);
    const grid = page.getByRole('listitem', { name: 'Product grid' });
    await expect(grid.getByRole('checkbox', { checked: true }).first()).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
    await expectNoSeriousAxe(page);
    await fitsWidth(page, width);
    await page.screenshot({
      path: `${screenshots}/website-home-editor-${width}.png`,
      fullPage: true,
    });
  });
}
