import { expect, test } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { DEMO_USERS } from './demo-users';
import { expectNoSeriousAxe, WCAG_2_AA } from './page-checks';
import { signInAs } from './sign-in-as';
import { timeLimit } from './test-time';

// Issue 17 items 2 and 4 (first cut): the orders list by status, and an order's page with its
// next moves, at a desktop and a phone width.
const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const;
const screenshots = 'e2e/.artifacts/screenshots';

for (const { width, height } of WIDTHS) {
  test(`the orders list filters by status and opens an order, whose next move works (${width}px)`, async ({
    page,
  }) => {
    test.setTimeout(timeLimit(90_000));
    await page.setViewportSize({ width, height });
    await signInAs(page, DEMO_USERS.owner.email, '/orders');
    await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
    await page.getByLabel('Status').selectOption({ label: 'Confirmed' });
    await expect(page).toHaveURL(/status=confirmed/);
    await expect(page.getByText(/\d+ orders? found/)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    await page.screenshot({ path: `${screenshots}/orders-list-${width}.png` });

    // A draft made by staff, moved to a quote from its page.
    const headers = { origin: BASE_URL };
    const products = (await (await page.request.get('/api/products?search=Popcorn')).json()) as {
      products: { id: string }[];
    };
    const customers = (await (await page.request.get('/api/customers?pageSize=1')).json()) as {
      customers: { id: string }[];
    };
    const created = await page.request.post('/api/orders', {
      headers,
      data: {
        customerId: customers.customers[0]?.id,
        eventStart: '2027-03-06T16:00:00Z',
        eventEnd: '2027-03-06T22:00:00Z',
        fulfilment: 'pickup',
        lines: [{ productId: products.products[0]?.id, quantity: 1 }],
      },
    });
    const { order } = (await created.json()) as { order: { id: string; number: number } };
    await page.goto(`/orders?search=${order.number}`);
    await page
      .getByRole('link', { name: `#${order.number}` })
      .first()
      .click();
    await expect(
      page.getByRole('heading', { name: `Order #${order.number}`, level: 1 }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Totals' })).toBeVisible();
    await page.getByRole('button', { name: 'Make it a quote' }).click();
    await expect(page.getByText('Quote', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reserve' })).toBeVisible();
    // A cash payment moves the balance ($75 popcorn machine: $30 leaves $45).
    await page.getByLabel('Amount', { exact: true }).fill('30');
    await page.getByRole('button', { name: 'Record payment' }).click();
    await expect(page.getByText('Payment · Cash')).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: '$45.00' }).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    await page.screenshot({ path: `${screenshots}/order-page-${width}.png`, fullPage: true });
    // A refund with a reason (payment.refund), then a cancellation that turns the rest into
    // store credit; the activity log tells it.
    await page.getByRole('button', { name: 'Refund' }).click();
    const refund = page.getByRole('form', { name: 'Refund' });
    await refund.getByLabel('Refund amount').fill('5');
    await refund.getByLabel('Why').fill('Late delivery');
    await refund.getByRole('button', { name: 'Record refund' }).click();
    await expect(page.getByText('Refund · Cash')).toBeVisible();
    await page.getByRole('button', { name: 'Cancel order' }).click();
    await page.getByLabel('Why is it cancelled?').fill('Rained out');
    await expect(page.getByText('$25.00 has been paid. What happens to it?')).toBeVisible();
    await page.getByLabel('Give it as store credit').check();
    await page.getByRole('button', { name: 'Cancel order' }).last().click();
    await expect(page.getByText('Refund · Store credit')).toBeVisible();
    const activity = page.getByRole('region', { name: 'Activity' });
    await expect(
      activity.getByText('Quote → Cancelled · “Rained out” · Give it as store credit'),
    ).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    await page.screenshot({ path: `${screenshots}/order-cancelled-${width}.png`, fullPage: true });
    // The customer's Orders tab opens it too (issue 17 item 10).
    await page.goto(`/customers/${customers.customers[0]?.id}?tab=orders`);
    await page.getByRole('link', { name: `Order #${order.number}` }).click();
    await expect(
      page.getByRole('heading', { name: `Order #${order.number}`, level: 1 }),
    ).toBeVisible();
    // axe reads the page at rest, not a button under the pointer's hover colour.
    await page.mouse.move(0, 0);
    await expectNoSeriousAxe(page, { tags: WCAG_2_AA });
  });
}

test('an order out comes back with one unit damaged: the return counts it and the activity says so', async ({
  page,
}) => {
  test.setTimeout(timeLimit(90_000));
  await signInAs(page, DEMO_USERS.owner.email, '/orders');
  const headers = { origin: BASE_URL };
  const products = (await (
    await page.request.get('/api/products?search=Folding%20Chair')
  ).json()) as {
    products: { id: string }[];
  };
  const customers = (await (await page.request.get('/api/customers?pageSize=1')).json()) as {
    customers: { id: string }[];
  };
  const created = await page.request.post('/api/orders', {
    headers,
    data: {
      customerId: customers.customers[0]?.id,
      eventStart: '2027-04-10T16:00:00Z',
      eventEnd: '2027-04-10T22:00:00Z',
      fulfilment: 'pickup',
      lines: [{ productId: products.products[0]?.id, quantity: 4 }],
    },
  });
  const { order } = (await created.json()) as { order: { id: string; number: number } };
  for (const to of ['reserved', 'confirmed', 'out'])
    expect(
      (
        await page.request.post(`/api/orders/${order.id}/transitions`, { headers, data: { to } })
      ).status(),
    ).toBe(200);
  await page.goto(`/orders/${order.id}`);
  await page.getByRole('button', { name: 'Mark returned' }).click();
  await page.getByLabel(/^Damaged of/).fill('1');
  await page.getByRole('button', { name: 'Mark returned' }).last().click();
  await expect(
    page.getByRole('region', { name: 'Activity' }).getByText('Out → Returned · 1 damaged'),
  ).toBeVisible();
  // A payment taken elsewhere (another person, another tab) shows here without a reload.
  await expect(page.getByText('Payment · Check')).toHaveCount(0);
  const paid = await page.request.post(`/api/orders/${order.id}/payments`, {
    headers,
    data: { amount: 1_000, method: 'check' },
  });
  expect(paid.status()).toBe(201);
  await expect(page.getByText('Payment · Check')).toBeVisible();
});
