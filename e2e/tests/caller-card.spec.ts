import { expect, type Page, test } from '@playwright/test';
import { DEMO_USERS } from './demo-users';
import {
  activeCall,
  businessNumber,
  consoleErrors,
  customerWithNumber,
  incomingCallDialog,
  openSimulator,
  openStaffPhone,
  simulatorDial,
} from './reach-phone';
import { messagesPanel, sameOrigin } from './reach-texts-helpers';
import { timeLimit } from './test-time';

// Issue 24 items 1 and 8 through the phone sandbox, on the calls' server (its calls ring every
// signed-in page there): a demo customer with an order tomorrow calls; the Incoming Call dialog
// keeps the spec's lines and shows the caller card under them; after Accept the panel's card
// texts the pay link, which the customer's phone receives; an order started from the card
// carries the call as its referral source.

function formatted(number: string): string {
  const d = number.slice(-10);
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

const money = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

type Card = {
  order: { id: string; number: number; balanceDue: number } | null;
  lifetimeValue?: number;
};

/** A booked order for tomorrow for the customer, delivered on grass behind a gate. */
async function bookTomorrow(page: Page, customerId: string) {
  const headers = sameOrigin(page);
  const find = async (search: string) => {
    const { products } = (await (
      await page.request.get(`/api/products?search=${encodeURIComponent(search)}`)
    ).json()) as { products: { id: string; name: string }[] };
    const product = products.find((p) => p.name === search);
    if (!product) throw new Error(`the demo has no ${search}`);
    return product.id;
  };
  const { surfaces } = (await (await page.request.get('/api/surfaces')).json()) as {
    surfaces: { id: string; name: string }[];
  };
  const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const created = await page.request.post('/api/orders', {
    headers,
    data: {
      customerId,
      eventStart: `${day}T15:00:00Z`,
      eventEnd: `${day}T23:00:00Z`,
      fulfilment: 'delivery',
      address: {
        line1: '12 Birthday Boulevard',
        line2: 'Gate code 4321',
        city: 'Austin',
        region: 'TX',
        postalCode: '78701',
      },
      surfaceId: surfaces.find((s) => s.name === 'Grass')?.id ?? null,
      deliveryWindow: { start: `${day}T13:00:00Z`, end: `${day}T15:00:00Z` },
      lines: [
        { productId: await find('Round Table 60in'), quantity: 2 },
        { productId: await find('Folding Chair (white)'), quantity: 16 },
      ],
    },
  });
  expect(created.status()).toBe(201);
  const { order } = (await created.json()) as { order: { id: string } };
  const moved = await page.request.post(`/api/orders/${order.id}/transitions`, {
    headers,
    data: { to: 'reserved' },
  });
  expect(moved.status()).toBe(200);
}

for (const { width, height, caller } of [
  { width: 1280, height: 900, caller: '+15550100150' },
  { width: 390, height: 844, caller: '+15550100151' },
]) {
  test(`a customer with an order tomorrow calls: the card shows it and texts the pay link (${width}px)`, async ({
    browser,
  }) => {
    test.setTimeout(timeLimit(120_000));
    const owner = await openStaffPhone(browser, DEMO_USERS.owner.email);
    const page = owner.page;
    await page.setViewportSize({ width, height });
    const customer = await customerWithNumber(page, caller);
    await bookTomorrow(page, customer.id);
    // What the server says is this caller's next order (a demo order may come before ours).
    const card = (await (
      await page.request.get(`/api/phone/caller-card?customerId=${customer.id}`)
    ).json()) as Card;
    const order = card.order;
    if (!order) throw new Error('the caller card has no order');
    expect(order.balanceDue).toBeGreaterThan(0);

    const phone = await openSimulator(owner.context, caller);
    await simulatorDial(phone, await businessNumber(page));
    const dialog = incomingCallDialog(page);
    await expect(dialog).toBeVisible({ timeout: 15_000 });
    // The spec's lines, to the letter, with the card under them.
    await expect(dialog.getByRole('heading', { name: 'Incoming Call' })).toBeVisible();
    await expect(dialog.getByText('From', { exact: true })).toBeVisible();
    await expect(dialog.getByTestId('incoming-caller')).toHaveText(
      `${customer.firstName} ${customer.lastName} ${formatted(caller)}`,
    );
    await expect(dialog.getByRole('button', { name: 'Accept' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Reject' })).toBeVisible();
    const dialogCard = dialog.getByRole('region', { name: 'Caller card' });
    await expect(
      dialogCard.getByRole('link', { name: `Next order #${order.number}` }),
    ).toBeVisible();
    await expect(dialogCard).toContainText(`Balance due ${money(order.balanceDue)}`);
    if (card.lifetimeValue !== undefined)
      await expect(dialogCard).toContainText(`Lifetime value ${money(card.lifetimeValue)}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    await page.screenshot({ path: `/tmp/caller-card-dialog-${width}.png` });

    await dialog.getByRole('button', { name: 'Accept' }).click();
    const panel = activeCall(page);
    await expect(panel.getByTestId('call-status')).toHaveText('Connected');
    const panelCard = panel.getByRole('region', { name: 'Caller card' });
    await expect(panelCard).toContainText(`Balance due ${money(order.balanceDue)}`);
    await expect(
      panelCard.getByRole('link', { name: 'New order for this caller' }),
    ).toHaveAttribute('href', `/orders/new?customerId=${customer.id}&from=call`);

    // One tap: a pay link for the balance, texted to the caller's phone.
    await panelCard.getByRole('button', { name: 'Text pay link' }).click();
    const sent = panelCard.getByRole('status');
    await expect(sent).toContainText(
      `Texted to ${formatted(caller)}: “Order #${order.number}: you can pay ${money(order.balanceDue)} by card here: http`,
      { timeout: 15_000 },
    );
    const body = /“(.+)”/.exec((await sent.textContent()) ?? '')?.[1] ?? '';
    await expect(phone.getByRole('list', { name: 'Messages' })).toContainText(body, {
      timeout: 20_000,
    });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    await page.screenshot({ path: `/tmp/caller-card-panel-${width}.png`, fullPage: true });

    // Issue 24 item 8: the order started on the call carries it as its referral source.
    await panelCard.getByRole('link', { name: 'New order for this caller' }).click();
    await expect(page).toHaveURL(/\/orders\/new\?/);
    await expect(page.getByLabel(/^Referral source/)).toHaveValue('Phone call');
    await expect(
      page.getByText(`${customer.firstName} ${customer.lastName}`).first(),
    ).toBeVisible();

    await panel.getByRole('button', { name: 'Hang up' }).click();
    await expect(panel).toBeHidden();
    expect(consoleErrors(page)).toEqual([]);
    await owner.context.close();
  });
}

test('the conversation with a caller shows their card, folded; its order is a text lead', async ({
  browser,
}) => {
  test.setTimeout(timeLimit(90_000));
  const caller = '+15550100152';
  const owner = await openStaffPhone(browser, DEMO_USERS.owner.email);
  const page = owner.page;
  await page.setViewportSize({ width: 1280, height: 900 });
  const customer = await customerWithNumber(page, caller);
  await bookTomorrow(page, customer.id);
  const phone = await openSimulator(owner.context, caller);
  await phone.getByLabel('Text to').fill(await businessNumber(page));
  await phone.getByRole('textbox', { name: 'Message' }).fill('What time do you deliver tomorrow?');
  await phone.getByRole('button', { name: 'Send text' }).click();

  const name = `${customer.firstName} ${customer.lastName}`;
  await messagesPanel(page)
    .getByRole('list', { name: 'Conversations' })
    .getByRole('button')
    .filter({ hasText: name })
    .first()
    .click({ timeout: 20_000 });
  const conversation = page.getByRole('region', { name: `Conversation with ${name}` });
  const card = conversation.getByRole('region', { name: 'Caller card' });
  await expect(card).toContainText(/Caller card · Next order #\d+/);
  await card.getByText(/^Caller card/).click();
  await card.getByRole('button', { name: 'Text delivery window' }).click();
  await expect(card.getByRole('status')).toContainText(`Texted to ${formatted(caller)}: “Order #`);
  await expect(phone.getByRole('list', { name: 'Messages' })).toContainText('we will deliver on', {
    timeout: 20_000,
  });
  await page.screenshot({ path: '/tmp/caller-card-conversation-1280.png' });
  await expect(card.getByRole('link', { name: 'New order for this customer' })).toHaveAttribute(
    'href',
    `/orders/new?customerId=${customer.id}&from=text`,
  );
  await owner.context.close();
});
