import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { REPORT_INFO, REPORT_KEYS, type ReportKey } from '@tentpole/domain';
import { DEMO_USERS } from './demo-users';
import { expectNoSeriousAxe, fitsWidth, WCAG_2_AA } from './page-checks';
import { signInAs } from './sign-in-as';
import { timeLimit } from './test-time';

// Issue 22: the owner opens every report, changes the range with a preset and by typing the
// days, and downloads the revenue and payments CSVs, whose header is the table's columns. At
// 1280 and 390 px, axe-clean, the page never wider than the screen.
const screenshots = 'e2e/.artifacts/screenshots';

/** The day in this machine's time zone, as the page counts its presets: 'YYYY-MM-DD'. */
function localDay(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${String(date.getDate()).padStart(2, '0')}`;
}

/** A calendar day as the page writes it under the figures: 'Jan 1, 2026'. */
function shownDay(day: string): string {
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

/** One CSV line's cells, quotes undone. */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i];
    if (quoted && char === '"' && line[i + 1] === '"') {
      cell += '"';
      i += 1;
    } else if (char === '"') quoted = !quoted;
    else if (char === ',' && !quoted) {
      cells.push(cell);
      cell = '';
    } else cell += char;
  }
  cells.push(cell);
  return cells;
}

/** The open report's heading, once its answer (a table, an empty range or not built) shows. */
async function reportShown(page: Page, key: ReportKey) {
  const { title } = REPORT_INFO[key];
  await expect(page.getByRole('heading', { level: 2, name: title, exact: true })).toBeVisible();
  await expect(
    page
      .getByRole('table', { name: title, exact: true })
      .or(page.getByText('No data in this range'))
      .or(page.getByText('Not built yet', { exact: true })),
  ).toBeVisible();
  // Not the previous report's figures kept while this one loads.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** Downloads the open report's CSV: its header is the table's columns, and it has rows. */
async function csvMatchesTable(page: Page, key: ReportKey) {
  const table = page.getByRole('table', { name: REPORT_INFO[key].title, exact: true });
  const labels = await table.getByRole('columnheader').allTextContents();
  expect(labels.length).toBeGreaterThan(0);
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${key}-.+\\.csv$`));
  const text = await readFile((await download.path()) ?? '', 'utf8');
  const lines = text.split(/\r?\n/).filter((line) => line !== '');
  expect(csvCells(lines[0] ?? '')).toEqual(labels);
  expect(lines.length).toBeGreaterThanOrEqual(2);
}

/** A report with no rows in the range: its CSV is the header alone. */
async function csvIsHeaderOnly(page: Page, key: ReportKey) {
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${key}-.+\\.csv$`));
  const text = await readFile((await download.path()) ?? '', 'utf8');
  const lines = text.split(/\r?\n/).filter((line) => line !== '');
  expect(lines).toHaveLength(1);
  expect(csvCells(lines[0] ?? '').length).toBeGreaterThan(1);
}

test('open every report, change the range by preset and by typing, and download the CSVs', async ({
  page,
}) => {
  test.setTimeout(timeLimit(120_000));
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, DEMO_USERS.owner.email, '/reports');
  const picker = page.getByRole('navigation', { name: 'Reports', exact: true });

  // The owner may open every report; the first listed opens first. Over this year, each one's
  // CSV is its table's header and rows.
  await reportShown(page, 'revenue');
  await expect(picker.getByRole('link')).toHaveCount(REPORT_KEYS.length);
  await page.getByRole('button', { name: 'This year' }).click();
  const empty: ReportKey[] = [];
  for (const key of REPORT_KEYS) {
    await picker.getByRole('link', { name: new RegExp(`^${REPORT_INFO[key].title}`) }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]report=${key}(&|$)`));
    await reportShown(page, key);
    await expect(page).toHaveURL(/from=\d{4}-01-01&/);
    if (await page.getByText('No data in this range').isVisible()) {
      empty.push(key);
      await csvIsHeaderOnly(page, key);
    } else await csvMatchesTable(page, key);
    if (key === 'utilisation') {
      await expect(page.getByRole('group', { name: 'Group by' })).toBeVisible();
      await page.screenshot({
        path: `${screenshots}/reports-utilisation-1280.png`,
        fullPage: true,
      });
    }
    if (key === 'deliveries') {
      // The demo's last four weeks of routes: stops done, on time by their windows.
      await expect(page.getByTestId('figure-onTime')).toContainText('%');
      await expect(page.getByTestId('figure-done')).not.toContainText(/^Stops done0/);
    }
  }
  // The demo's orders use no coupon (the coupons seed: their totals stay as the other demo
  // figures expect); every other report has rows this year.
  expect(empty).toEqual(['coupons']);

  // Revenue over this year: the figures, chart and table are this year's.
  await picker.getByRole('link', { name: /^Revenue/ }).click();
  await reportShown(page, 'revenue');
  const today = new Date();
  const yearStart = `${today.getFullYear()}-01-01`;
  await page.getByRole('button', { name: 'This year' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${yearStart}&to=${localDay(today)}`));
  await expect(page.getByText(new RegExp(`^${shownDay(yearStart)} to `))).toBeVisible();
  await expect(page.getByRole('button', { name: 'This year' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const table = page.getByRole('table', { name: 'Revenue', exact: true });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByTestId('figure-revenue')).toContainText('in the previous period');
  await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
    'href',
    `/api/reports/revenue/csv?from=${yearStart}&to=${localDay(today)}`,
  );

  // Cash basis: the basis reads under the title, and the CSV asks for it.
  await page.getByRole('button', { name: 'Cash: by payment date' }).click();
  await expect(page.getByTestId('basis-label')).toContainText('Cash: by payment date');
  await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
    'href',
    /&basis=cash$/,
  );
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await csvMatchesTable(page, 'revenue');
  await expectNoSeriousAxe(page, { tags: WCAG_2_AA });
  await fitsWidth(page, 1280);
  await page.screenshot({ path: `${screenshots}/reports-revenue-1280.png`, fullPage: true });

  // Typed days: a backwards range is refused where it is typed; a whole one is shown.
  const first = page.getByLabel('First day');
  const last = page.getByLabel('Last day');
  const from = localDay(new Date(today.getFullYear(), today.getMonth() - 2, 2));
  const to = localDay(today);
  await last.fill(localDay(new Date(today.getFullYear() - 1, 0, 1)));
  await expect(page.getByText('The last day must not be before the first')).toBeVisible();
  await first.fill(from);
  await last.fill(to);
  await expect(page).toHaveURL(new RegExp(`from=${from}&to=${to}`));
  await expect(page.getByText('The last day must not be before the first')).toHaveCount(0);
  await expect(
    page.getByText(new RegExp(`^${shownDay(from)} to ${shownDay(to)}, compared with `)),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'This year' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );

  // Payments this year, by method.
  await page.getByRole('button', { name: 'This year' }).click();
  await picker.getByRole('link', { name: /^Payments and refunds/ }).click();
  await reportShown(page, 'payments');
  await expect(page.getByRole('group', { name: 'Basis' })).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`from=${yearStart}`));
  await expect(
    page.getByRole('table', { name: 'Payments and refunds', exact: true }).getByRole('row').nth(1),
  ).toBeVisible();
  await csvMatchesTable(page, 'payments');
  await expectNoSeriousAxe(page, { tags: WCAG_2_AA });
  await fitsWidth(page, 1280);
  await page.screenshot({ path: `${screenshots}/reports-payments-1280.png`, fullPage: true });
});

test('the reports fit a phone: the page never scrolls sideways, a wide table scrolls in its box', async ({
  page,
}) => {
  test.setTimeout(timeLimit(120_000));
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, DEMO_USERS.owner.email, '/reports');
  await reportShown(page, 'revenue');
  await page.getByRole('button', { name: 'This year' }).click();
  await expect(page.getByRole('button', { name: 'This year' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  const choice = page.getByLabel('Report', { exact: true });
  for (const key of ['revenue', 'payments', 'receivables', 'utilisation', 'deliveries'] as const) {
    await choice.selectOption(key);
    await reportShown(page, key);
    await fitsWidth(page, 390);
    await expectNoSeriousAxe(page, { tags: WCAG_2_AA });
    await page.screenshot({ path: `${screenshots}/reports-${key}-390.png`, fullPage: true });
  }
});

test("the dashboard's tiles open what they count: YTD Revenue shows the revenue report's figure", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, DEMO_USERS.owner.email, '/');
  const revenue = page.getByRole('group', { name: 'YTD Revenue' });
  await expect(revenue.getByTestId('value')).toBeVisible();
  await expect(revenue).toContainText('By event date');
  const value = (await revenue.getByTestId('value').textContent()) ?? '';
  await revenue.getByRole('link', { name: 'YTD Revenue' }).click();
  const today = new Date();
  await expect(page).toHaveURL(
    new RegExp(`report=revenue&from=${today.getFullYear()}-01-01&to=.+&basis=accrual`),
  );
  await reportShown(page, 'revenue');
  await expect(page.getByTestId('figure-revenue')).toContainText(value);

  // Orders This Week opens the orders list over this week's event days.
  await page.goto('/');
  const week = page.getByRole('group', { name: 'Orders This Week' });
  await expect(week.getByTestId('value')).toBeVisible();
  await week.getByRole('link', { name: 'Orders This Week' }).click();
  await expect(page).toHaveURL(/\/orders\?from=.+&to=/);
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
});
