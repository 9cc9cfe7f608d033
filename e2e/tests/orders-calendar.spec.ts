import { expect, test } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { DEMO_USERS } from './demo-users';
import { expectNoSeriousAxe, WCAG_2_AA } from './page-checks';
import { signInAs } from './sign-in-as';
import { timeLimit } from './test-time';

// Issue 17 item 9: the calendar, and moving an order to another day (drag on a desktop,
// Reschedule on a phone), its stock re-checked and its price difference shown first.
const WIDTHS = [
  { width: 1280, height: 900, day: 14 },
  { width: 390, height: 844, day: 21 },
] as const;
const screenshots = 'e2e/.artifacts/screenshots';
const pad = (n: number) => String(n).padStart(2, '0');

for (const { width, height, day } of WIDTHS) {
  test(`an order moves to another day on the calendar, its price difference shown first (${width}px)`, async ({
    page,
  }) => {
    test.setTimeout(timeLimit(120_000));
    await page.setViewportSize({ width, height });
    await signInAs(page, DEMO_USERS.owner.email, '/orders');
    const headers = { origin: BASE_URL };
    const products = (await (await page.request.get('/api/products?search=Popcorn')).json()) as {
      products: { id: string }[];
    };
    const customers = (await (await page.request.get('/api/customers?pageSize=1')).json()) as {
      customers: { id: string }[];
    };
    // A day in October 2027, local time, 10 am to 6 pm.
    const start = new Date(2027, 9, day, 10, 0);
    const end = new Date(2027, 9, day, 18, 0);
    const created = await page.request.post('/api/orders', {
      headers,
      data: {
        customerId: customers.customers[0]?.id,
        eventStart: start.toISOString(),
        eventEnd: end.toISOString(),
        fulfilment: 'delivery',
        lines: [{ productId: products.products[0]?.id, quantity: 1 }],
      },
    });
    const { order } = (await created.json()) as { order: { id: string; number: number } };
    const target = `2027-10-${pad(day + 1)}`;

    if (width >= 1024) {
      await page.goto(`/orders/calendar?view=month&date=2027-10-${pad(day)}`);
      await expect(page.getByText('October 2027')).toBeVisible();
      const chip = page.locator(`[data-order-id="${order.id}"]`).first();
      await expect(chip).toBeVisible();
      await page.getByLabel('Deliveries and pickups').check();
      await expect(page.getByText(`Drop-off · #${order.number}`)).toBeVisible();
      await page.getByLabel('Availability of').selectOption({ index: 1 });
      await expect(page.getByText(/\d+ free/).first()).toBeVisible();
      await page.screenshot({
        path: `${screenshots}/orders-calendar-${width}.png`,
        fullPage: true,
      });
      await chip.dragTo(page.locator(`[data-day="${target}"]`));
    } else {
      await page.goto(`/orders/calendar?view=list&date=2027-10-${pad(day)}`);
      await expect(page.getByRole('link', { name: new RegExp(`#${order.number}`) })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
      await page.screenshot({
        path: `${screenshots}/orders-calendar-${width}.png`,
        fullPage: true,
      });
      await page.getByRole('button', { name: `Reschedule #${order.number}` }).click();
    }
    const dialog = page.getByRole('dialog', { name: 'Reschedule order' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('New date')).toHaveValue(target);
    await expect(dialog.getByTestId('price-difference')).toHaveText(/No change|[+−]\$/);
    await expect(dialog.getByText('Everything is free on the new date')).toBeVisible();
    await page.mouse.move(0, 0);
    await expectNoSeriousAxe(page, { tags: WCAG_2_AA });
    await dialog.getByRole('button', { name: 'Move the order' }).click();
    await expect(dialog).toHaveCount(0);
    await page.goto(`/orders/${order.id}`);
    await expect(page.getByText(`Oct ${day + 1}, 2027, 10:00 AM`)).toBeVisible();

    // The day sheet: what goes out that day.
    await page.goto(`/orders/calendar?view=day&date=${target}`);
    await expect(page.getByRole('heading', { name: /Going out/ })).toBeVisible();
    await expect(page.getByRole('link', { name: `#${order.number}` }).first()).toBeVisible();
    await expect(page.getByText('Unsigned').first()).toBeVisible();
  });
}
