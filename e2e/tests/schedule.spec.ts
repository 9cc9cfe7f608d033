import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { DEMO_USERS } from './demo-users';
import { signInAs } from './sign-in-as';
import { timeLimit } from './test-time';

// Issue 23 item 2 (back-office spec §12): an owner changes Saturday's business hours and saves
// them, adds a yearly blackout and finds it listed, and both are still there after a reload.
// At a desktop and a phone width, axe-clean. The two widths change the same account's
// Saturday, so they run one after the other.
test.describe.configure({ mode: 'serial' });

const WIDTHS = [
  { width: 1280, height: 900, opens: '10:00', closes: '16:00' },
  { width: 390, height: 844, opens: '08:30', closes: '14:30' },
] as const;
const screenshots = 'e2e/.artifacts/screenshots';

async function expectAccessible(page: Page, what: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3)}`),
    what,
  ).toEqual([]);
}

async function fitsWidth(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );
}

for (const { width, height, opens, closes } of WIDTHS) {
  test(`an owner changes Saturday's hours and adds a yearly blackout (${width}px)`, async ({
    page,
  }) => {
    test.setTimeout(timeLimit(120_000));
    await page.setViewportSize({ width, height });
    const name = `Founders Day ${width} ${Date.now().toString(36)}`;

    await signInAs(page, DEMO_USERS.owner.email, '/schedule');
    await expect(page.getByRole('heading', { name: 'Schedule', level: 1 })).toBeVisible();
    const blackouts = page.getByRole('list', { name: 'Blackouts' });
    // The demo blackouts: the 4th of July every year, Sundays online.
    await expect(
      blackouts.getByRole('listitem').filter({ hasText: 'Independence Day' }),
    ).toContainText('Every year on July 4');

    // Saturday 9–6 becomes the width's hours.
    const hours = page.getByRole('list', { name: 'Business hours' });
    await expect(hours.getByRole('switch', { name: 'Saturday open' })).toBeChecked();
    await hours.getByLabel('Saturday opens').fill(opens);
    await hours.getByLabel('Saturday closes').fill(closes);
    await page.getByRole('button', { name: 'Save schedule' }).click();
    await expect(page.getByText('Schedule saved.')).toBeVisible();
    await fitsWidth(page, width);
    await expectAccessible(page, 'schedule');
    await page.screenshot({ path: `${screenshots}/schedule-${width}.png`, fullPage: true });

    // A blackout every year on the first day's date.
    await page.getByRole('button', { name: 'Add blackout' }).click();
    const dialog = page.getByRole('dialog', { name: 'New blackout' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('First day').fill('2030-09-14');
    await dialog.getByLabel('Repeats', { exact: true }).selectOption({ label: 'Every year' });
    await expectAccessible(page, 'new blackout dialog');
    await page.screenshot({ path: `${screenshots}/schedule-blackout-${width}.png` });
    await dialog.getByRole('button', { name: 'Add blackout' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Blackout ${name} added.`)).toBeVisible();
    const entry = blackouts.getByRole('listitem').filter({ hasText: name });
    await expect(entry).toContainText('Every year on September 14, from 2030');
    await expect(entry).toContainText('No bookings');
    await expect(entry).toContainText('Next: Sat, Sep 14, 2030');

    await page.reload();
    await expect(
      page.getByRole('list', { name: 'Business hours' }).getByLabel('Saturday opens'),
    ).toHaveValue(opens);
    await expect(
      page.getByRole('list', { name: 'Business hours' }).getByLabel('Saturday closes'),
    ).toHaveValue(closes);
    await expect(blackouts.getByRole('listitem').filter({ hasText: name })).toBeVisible();
    await fitsWidth(page, width);
    await page.screenshot({ path: `${screenshots}/schedule-list-${width}.png`, fullPage: true });

    // Tidy up: the blackout goes, so the next run's list is the same.
    await blackouts
      .getByRole('listitem')
      .filter({ hasText: name })
      .getByRole('button', { name: `Delete ${name}` })
      .click();
    await page
      .getByRole('dialog', { name: 'Delete blackout?' })
      .getByRole('button', { name: 'Delete blackout' })
      .click();
    await expect(page.getByText(`Blackout ${name} deleted.`)).toBeVisible();
    await expect(blackouts.getByRole('listitem').filter({ hasText: name })).toHaveCount(0);
  });
}
