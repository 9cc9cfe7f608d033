import { expect, test } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { DEMO_USERS } from './demo-users';
import { expectNoSeriousAxe, fitsWidth, WCAG_2_AA } from './page-checks';
import { signInAs } from './sign-in-as';
import { timeLimit } from './test-time';

// Issue 18: the customer pays the booking deposit from their order page through the payments
// sandbox (the stripe library's stand-in): a declined card shows Stripe's message and changes
// nothing, a card that asks to authenticate asks and then pays, the signed order becomes
// confirmed; staff refund part of it back to the card.
const screenshots = 'e2e/.artifacts/screenshots';

test('a customer pays the deposit by card on a phone; staff refund part of it', async ({
  page,
  browser,
}) => {
  test.setTimeout(timeLimit(120_000));
  await signInAs(page, DEMO_USERS.owner.email, '/');
  const headers = { origin: BASE_URL };
  const products = (await (await page.request.get('/api/products?search=Dunk')).json()) as {
    products: { id: string }[];
  };
  const customers = (await (await page.request.get('/api/customers?pageSize=1')).json()) as {
    customers: { id: string }[];
  };
  const day = new Date(Date.now() + (60 + Math.floor(Math.random() * 200)) * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const created = await page.request.post('/api/orders', {
    headers,
    data: {
      customerId: customers.customers[0]?.id,
      eventStart: `${day}T15:00:00Z`,
      eventEnd: `${day}T23:00:00Z`,
      fulfilment: 'pickup',
      lines: [{ productId: products.products[0]?.id, quantity: 1 }],
    },
  });
  expect(created.status()).toBe(201);
  const { order } = (await created.json()) as {
    order: { id: string; number: number; totals: { depositDue: number } };
  };
  expect(order.totals.depositDue).toBeGreaterThan(0);
  const link = (await (
    await page.request.post(`/api/orders/${order.id}/link`, { headers })
  ).json()) as { url: string };

  // The customer signs on their phone, and is offered the deposit.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await context.newPage();
  await phone.goto(new URL(link.url).pathname);
  await phone.getByLabel('Your full name').fill('Jordan Q. Customer');
  await phone.getByLabel('I have read the rental agreement and agree to it.').check();
  await phone.getByRole('button', { name: 'Sign and book' }).click();
  await expect(phone.getByRole('status')).toHaveText('Thank you: your agreement is signed.');
  const payDeposit = phone.getByRole('button', { name: /^Pay the deposit: \$/ });
  await expect(payDeposit).toBeVisible();
  await fitsWidth(phone, 390);
  await expectNoSeriousAxe(phone, { tags: WCAG_2_AA });
  await phone.screenshot({ path: `${screenshots}/card-pay-order-page-390.png`, fullPage: true });

  // A declined card: Stripe's message on the Checkout page, nothing recorded.
  await payDeposit.click();
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText(/^Pay \$/);
  await expect(phone.getByText(`Booking deposit for order #${order.number}`)).toBeVisible();
  await fitsWidth(phone, 390);
  await expectNoSeriousAxe(phone, { tags: WCAG_2_AA });
  await phone.screenshot({ path: `${screenshots}/card-pay-checkout-390.png`, fullPage: true });
  await phone.getByLabel('Card number').fill('4000 0000 0000 0002');
  await phone.getByLabel('Expiration (MM / YY)').fill('12 / 34');
  await phone.getByLabel('CVC').fill('123');
  await phone.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(phone.getByRole('alert')).toHaveText('Your card was declined.');
  const unpaid = (await (await page.request.get(`/api/orders/${order.id}`)).json()) as {
    order: { status: string; totals: { paid: number } };
  };
  expect(unpaid.order).toMatchObject({ status: 'reserved', totals: { paid: 0 } });

  // A card that asks to authenticate: asked, completed, paid.
  await phone.getByLabel('Card number').fill('4000 0025 0000 3155');
  await phone.getByLabel('Expiration (MM / YY)').fill('12 / 34');
  await phone.getByLabel('CVC').fill('123');
  await phone.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(phone.getByRole('heading', { level: 1 })).toHaveText(/^Authenticate your payment/);
  await phone.screenshot({ path: `${screenshots}/card-pay-authenticate-390.png`, fullPage: true });
  await phone.getByRole('button', { name: 'Complete authentication' }).click();

  // Back on the order page: thanked, and booked for good.
  await expect(phone.getByRole('status')).toHaveText('Thank you: your payment is received.');
  await expect(phone.getByText('Confirmed', { exact: true })).toBeVisible();
  await expect(phone.getByRole('button', { name: /^Pay the deposit/ })).toHaveCount(0);
  await fitsWidth(phone, 390);
  await context.close();

  // Staff see the online payment and refund part of it to the card.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/orders/${order.id}`);
  const payments = page.getByRole('region', { name: 'Payments', exact: true });
  await expect(payments.getByText(/Payment · Card · online/)).toBeVisible();
  await expect(payments.getByText('Booking deposit ·', { exact: false })).toBeVisible();
  await payments.getByRole('button', { name: 'Refund' }).click();
  const refund = page.getByRole('form', { name: 'Refund' });
  await expect(refund.getByLabel('Refund to')).toHaveValue('card_online');
  await refund.getByLabel('Refund amount').fill('10');
  await refund.getByLabel('Why').fill('Arrived late');
  await refund.getByRole('button', { name: 'Record refund' }).click();
  await expect(payments.getByText(/Refund · Card · online/)).toBeVisible();
  const after = (await (await page.request.get(`/api/orders/${order.id}`)).json()) as {
    order: { status: string; totals: { refunded: number } };
  };
  expect(after.order).toMatchObject({ status: 'confirmed', totals: { refunded: 1_000 } });
  await expectNoSeriousAxe(page, { tags: WCAG_2_AA });
  await payments.screenshot({ path: `${screenshots}/card-pay-staff-1280.png` });

  // The Checkout page at desktop width.
  const wide = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const desktop = await wide.newPage();
  await desktop.goto(new URL(link.url).pathname);
  await desktop.getByRole('button', { name: /^Pay the balance: \$/ }).click();
  await expect(desktop.getByRole('heading', { level: 1 })).toHaveText(/^Pay \$/);
  await fitsWidth(desktop, 1280);
  await desktop.screenshot({ path: `${screenshots}/card-pay-checkout-1280.png`, fullPage: true });
  // The balance with 4242: paid at once, and nothing is left to pay.
  await desktop.getByLabel('Card number').fill('4242 4242 4242 4242');
  await desktop.getByLabel('Expiration (MM / YY)').fill('12 / 34');
  await desktop.getByLabel('CVC').fill('123');
  await desktop.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(desktop.getByRole('status')).toHaveText('Thank you: your payment is received.');
  await expect(desktop.getByRole('button', { name: /^Pay the balance/ })).toHaveCount(0);
  const settled = (await (await page.request.get(`/api/orders/${order.id}`)).json()) as {
    order: { totals: { balance: number } };
  };
  expect(settled.order.totals.balance).toBe(0);
  await wide.close();
});
