import { expect, test } from '@playwright/test';
import { DEMO_USERS } from './demo-users';
import { expectNoSeriousAxe, fitsWidth } from './page-checks';
import { businessNumber } from './reach-phone';
import {
  carrierMessages,
  messagesPanel,
  sameOrigin,
  waitForLiveTexts,
} from './reach-texts-helpers';
import { signInAs } from './sign-in-as';
import { timeLimit } from './test-time';

// Issue 24 item 3 with the sandbox carrier and the payments sandbox: staff add a pay link for
// another amount to a reply and send it; the customer opens the short link on their phone and
// pays; the payment appears in the conversation and in the order's activity, live.
const screenshots = 'e2e/.artifacts/screenshots';

test('staff text a pay link from the thread; the customer pays and it shows in the thread live', async ({
  page,
  browser,
}) => {
  test.setTimeout(timeLimit(150_000));
  // Each attempt has its own customer (a customer's number is theirs alone), so a retry, or a
  // run again on the same database, starts as new as the first try.
  const suffix = String(Date.now()).slice(-3);
  const number = `+15550188${suffix}`;
  await signInAs(page, DEMO_USERS.owner.email, '/phone');
  const headers = sameOrigin(page);
  const madeCustomer = await page.request.post('/api/customers', {
    headers,
    data: {
      firstName: 'Wilhelmina',
      lastName: 'Pay-By-Link-In-The-Thread 🎈',
      email: `wilhelmina-${Date.now()}@example.com`,
      phoneNumber: number,
    },
  });
  expect(madeCustomer.status()).toBe(201);
  const made = (await madeCustomer.json()) as { customer?: { id: string }; id?: string };
  const customerId = made.customer?.id ?? made.id ?? '';
  const { products } = (await (
    await page.request.get(`/api/products?search=${encodeURIComponent('Round Table 60in')}`)
  ).json()) as { products: { id: string; name: string }[] };
  const day = new Date(Date.now() + (40 + Math.floor(Math.random() * 200)) * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const madeOrder = await page.request.post('/api/orders', {
    headers,
    data: {
      customerId,
      eventStart: `${day}T15:00:00Z`,
      eventEnd: `${day}T23:00:00Z`,
      fulfilment: 'pickup',
      lines: [{ productId: products.find((p) => p.name === 'Round Table 60in')?.id, quantity: 4 }],
    },
  });
  expect(madeOrder.status()).toBe(201);
  const { order } = (await madeOrder.json()) as { order: { id: string; number: number } };
  // The conversation starts with a text to them.
  const started = await page.request.post('/api/phone/text/create', {
    headers,
    data: { phoneNumber: number, body: 'Hi Wilhelmina, thanks for booking with us!' },
  });
  expect(started.status()).toBe(201);

  await page.goto('/phone');
  await waitForLiveTexts(page);
  await messagesPanel(page)
    .getByRole('list', { name: 'Conversations' })
    .getByRole('button')
    .filter({ hasText: `(555) 018-8${suffix}` })
    .click();
  const reply = messagesPanel(page).getByLabel('Reply');
  await reply.fill('Here is the link for the first part:');
  await messagesPanel(page).getByRole('button', { name: 'Add a link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a link' });
  await expect(dialog.getByLabel('Order', { exact: true })).toContainText(`#${order.number}`);
  await dialog.getByRole('radio', { name: /Pay link/ }).check();
  await dialog.getByRole('textbox', { name: 'Amount' }).fill('12.50');
  await expectNoSeriousAxe(page, { include: '[role="dialog"]' });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${screenshots}/reach-thread-link-dialog-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByRole('button', { name: 'Add to reply' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(reply).toBeFocused();
  await expect(reply).toHaveValue(
    new RegExp(
      `^Here is the link for the first part: Order #${order.number}: you can pay \\$12\\.50 by card here: http\\S+/l/[A-Za-z2-9]{10}$`,
    ),
  );
  await messagesPanel(page).getByRole('button', { name: 'Send' }).click();
  await expect(reply).toHaveValue('');

  // The customer's phone gets the text; they open the short link and pay.
  const business = await businessNumber(page);
  let sent = '';
  await expect
    .poll(
      async () => {
        const texts = await carrierMessages(page, business, number);
        sent = texts.find((m) => m.body.includes('/l/'))?.body ?? '';
        return sent;
      },
      { timeout: 20_000 },
    )
    .toContain('/l/');
  const shortLink = /(https?:\/\/\S+\/l\/[A-Za-z2-9]{10})/.exec(sent)?.[1] ?? '';
  expect(shortLink).not.toBe('');
  const customer = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await customer.newPage();
  await phone.goto(shortLink);
  await phone.getByLabel('Card number').fill('4242 4242 4242 4242');
  await phone.getByLabel('Expiration (MM / YY)').fill('12 / 34');
  await phone.getByLabel('CVC').fill('123');
  await phone.getByRole('button', { name: 'Pay $12.50' }).click();
  await expect(phone.getByText('Your payment is received. You may close this page.')).toBeVisible({
    timeout: 20_000,
  });
  await fitsWidth(phone, 390);
  await customer.close();

  // Staff, without reloading: the payment is in the thread, between the texts by time.
  const log = messagesPanel(page).getByRole('log', { name: 'Messages' });
  const entry = log.getByTestId('timeline-entry');
  await expect(entry).toContainText(`Paid $12.50 on order #${order.number}`, { timeout: 20_000 });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await entry.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${screenshots}/reach-thread-link-paid-${width}.png` });
    await fitsWidth(page, width);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  // And in the order's activity.
  await entry.getByRole('link', { name: `order #${order.number}` }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${order.id}`));
  await expect(page.getByText('Payment paid by card online: $12.50')).toBeVisible();
});
