import { expect, test } from '@playwright/test';
import { DEMO_USERS } from './demo-users';
import { expectNoSeriousAxe, fitsWidth, WCAG_21_AA } from './page-checks';
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
    await expectNoSeriousAxe(page, { what: 'schedule', tags: WCAG_21_AA });
    await page.screenshot({ path: `${screenshots}/schedule-${width}.png`, fullPage: true });

    // A blackout every year on the first day's date.
    await page.getByRole('button', { name: 'Add blackout' }).click();
    const dialog = page.getByRole('dialog', { name: 'New blackout' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByLabel('First day').fill('2030-09-14');
    await dialog.getByLabel('Repeats', { exact: true }).selectOption({ label: 'Every year' });
    await expectNoSeriousAxe(page, { what: 'new blackout dialog', tags: WCAG_21_AA });
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

// Decision 0051 (issue 23 item 2, issue 19 item 2): an owner gives the driver a week of shifts
// and a day off; on that day the Delivery Manager's crew menu says so and will not put them on.
for (const { width, height } of WIDTHS) {
  test(`an owner sets the driver's shifts and a day off, and the crew menu knows (${width}px)`, async ({
    page,
  }) => {
    test.setTimeout(timeLimit(120_000));
    await page.setViewportSize({ width, height });
    // A day of its own for each width and attempt, far ahead (a Saturday in 2031 or later).
    const base = Date.UTC(2031, 0, 4) + (width + test.info().retry * 7) * 7 * 86_400_000;
    const day = new Date(base).toISOString().slice(0, 10);
    // As the page reads it: 'Fri, Jun 14, 2030'.
    const readableDay = new Intl.DateTimeFormat('en-US', {
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${day}T00:00:00Z`));
    const driver = DEMO_USERS.driver.name;

    await signInAs(page, DEMO_USERS.owner.email, '/schedule');
    const team = page.getByRole('list', { name: 'Team shifts' });
    // Exactly her: the team test may be adding and removing a "Dana Driver 🚚 …" meanwhile.
    const card = team
      .getByRole('listitem')
      .filter({ has: page.getByText(driver, { exact: true }) });
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: `Shifts of ${driver}`, exact: true }).click();
    const shifts = page.getByRole('dialog', { name: 'Shifts' });
    const saturday = shifts.getByLabel('Saturday', { exact: true });
    if (!(await saturday.isChecked())) await saturday.check();
    await shifts.getByLabel('Saturday start').fill('07:00');
    await shifts.getByLabel('Saturday end').fill('21:00');
    await expectNoSeriousAxe(page, { what: 'shifts dialog', tags: WCAG_21_AA });
    await page.screenshot({ path: `${screenshots}/schedule-shifts-${width}.png` });
    await shifts.getByRole('button', { name: 'Save shifts' }).click();
    await expect(page.getByText(`Shifts of ${driver} saved.`)).toBeVisible();
    await expect(card).toContainText('Sat 07:00–21:00');

    await card.getByRole('button', { name: `Add time off for ${driver}`, exact: true }).click();
    const off = page.getByRole('dialog', { name: 'Time off' });
    await off.getByLabel('First day').fill(day);
    await off.getByLabel('Last day').fill(day);
    await off.getByLabel('Note').fill('Cousin’s wedding 💍');
    await expectNoSeriousAxe(page, { what: 'time off dialog', tags: WCAG_21_AA });
    await off.getByRole('button', { name: 'Add time off' }).click();
    await expect(page.getByText(`Time off for ${driver} added.`)).toBeVisible();
    await expect(card).toContainText(`Off ${readableDay}`);
    await fitsWidth(page, width);
    await expectNoSeriousAxe(page, { what: 'schedule with shifts', tags: WCAG_21_AA });
    await page.screenshot({ path: `${screenshots}/schedule-staff-${width}.png`, fullPage: true });

    // That day the driver is off: the crew menu says so and will not tick them.
    await page.goto(`/orders/driver/calendar?date=${day}`);
    await page.getByRole('button', { name: 'Crew of Truck 1' }).click();
    const item = page.getByRole('menuitemcheckbox', {
      name: new RegExp(`^${driver}\\s*(Time off|Not on shift|On shift)`),
    });
    await expect(item).toContainText('Time off');
    await expect(item).toHaveAttribute('aria-disabled', 'true');
    await page.keyboard.press('Escape');

    // Tidy up: the day off goes.
    await page.goto('/schedule');
    await card
      .getByRole('button', { name: `Delete time off of ${driver} from ${readableDay}` })
      .click();
    await expect(page.getByText(`Time off of ${driver} deleted.`)).toBeVisible();
    await expect(card).not.toContainText(`Off ${readableDay}`);
  });
}
