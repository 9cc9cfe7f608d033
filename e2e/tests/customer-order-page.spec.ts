import { expect, test } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { DEMO_USERS } from './demo-users';
import { expectNoSeriousAxe, WCAG_2_AA } from './page-checks';
import { signInAs } from './sign-in-as';
import { timeLimit } from './test-time';

// Issue 17 item 8: the customer opens the link staff send, reads their order on a phone or a
// desktop, draws and types a signature, and the order is booked.
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
] as const;
const screenshots = 'e2e/.artifacts/screenshots';

for (const { width, height } of WIDTHS) {
  test(`a customer signs their order on its page with a drawn signature (${width}px)`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(timeLimit(90_000));
    // Staff make an order of a demo product for a demo customer, and get its link.
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
        fulfilment: 'delivery',
        address: {
          line1: '12 Birthday Boulevard',
          city: 'Austin',
          region: 'TX',
          postalCode: '78701',
        },
        lines: [{ productId: products.products[0]?.id, quantity: 1 }],
        notes: { customer: 'Please set up in the back yard 🎈', internal: 'INTERNAL-ONLY note' },
      },
    });
    expect(created.status()).toBe(201);
    const { order } = (await created.json()) as { order: { id: string; number: number } };
    const link = (await (
      await page.request.post(`/api/orders/${order.id}/link`, { headers })
    ).json()) as {
      url: string;
    };

    // The customer, signed in nowhere, opens it.
    const customer = await browser.newContext({ viewport: { width, height } });
    const phone = await customer.newPage();
    await phone.goto(new URL(link.url).pathname);
    await expect(
      phone.getByRole('heading', { name: `Order #${order.number}`, level: 1 }),
    ).toBeVisible();
    await expect(phone.getByText('Please set up in the back yard')).toBeVisible();
    await expect(phone.getByText('INTERNAL-ONLY')).toHaveCount(0);
    // The agreement to read before signing.
    await expect(
      phone.getByRole('link', { name: `Rental agreement #${order.number} (PDF)` }),
    ).toBeVisible();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    await expectNoSeriousAxe(phone, { tags: WCAG_2_AA });

    // Draws a signature, types the name, agrees, signs.
    const pad = phone.getByRole('region').or(phone.locator('canvas#signature')).last();
    await phone.locator('canvas#signature').scrollIntoViewIfNeeded();
    const box = await phone.locator('canvas#signature').boundingBox();
    if (!box) throw new Error('no signature pad');
    await phone.mouse.move(box.x + 20, box.y + box.height / 2);
    await phone.mouse.down();
    for (let i = 1; i <= 12; i++)
      await phone.mouse.move(box.x + 20 + i * 18, box.y + box.height / 2 + (i % 2 ? -25 : 25));
    await phone.mouse.up();
    void pad;
    // Ink on the pad: dark pixels where the stroke went.
    const inked = () =>
      phone.evaluate(() => {
        const canvas = document.getElementById('signature') as HTMLCanvasElement;
        const data = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data;
        let dark = 0;
        for (let i = 0; data && i < data.length; i += 4) if ((data[i] ?? 255) < 128) dark++;
        return dark;
      });
    expect(await inked()).toBeGreaterThan(50);
    await phone.getByLabel('Your full name').fill('Jordan Q. Customer');
    await phone.getByLabel('I have read the rental agreement and agree to it.').check();
    await phone.screenshot({
      path: `${screenshots}/customer-order-page-${width}.png`,
      fullPage: true,
    });
    await phone.getByRole('button', { name: 'Sign and book' }).click();
    await expect(phone.getByRole('status')).toHaveText('Thank you: your agreement is signed.');
    await expect(phone.getByText(/signed by Jordan Q\. Customer/)).toBeVisible();
    await expect(phone.getByRole('button', { name: 'Sign and book' })).toHaveCount(0);

    // A photo of the yard, from the phone's camera roll (item 8).
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAABAAAAAMCAIAAADkharWAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGElEQVQokWNwWdVBEmIY1bBqNJRcsIUBAAUqGJC12iQTAAAAAElFTkSuQmCC',
      'base64',
    );
    await phone
      .getByLabel('Add photos (up to 5 at a time)')
      .setInputFiles({ name: 'yard.png', mimeType: 'image/png', buffer: png });
    await phone.getByRole('button', { name: 'Send photos' }).click();
    await expect(phone.getByRole('status')).toHaveText('Thank you: your photos are with the crew.');
    await expect(phone.getByRole('img', { name: 'Your setup site, 1 of 1' })).toBeVisible();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    await phone.screenshot({
      path: `${screenshots}/customer-order-page-photos-${width}.png`,
      fullPage: true,
    });

    // Staff see it booked.
    const after = (await (await page.request.get(`/api/orders/${order.id}`)).json()) as {
      order: { status: string };
    };
    expect(['reserved', 'confirmed']).toContain(after.order.status);
    await customer.close();
  });
}

// Issue 24 item 2, "hold for caller": the caller opens the texted link to a 30-minute hold on a
// phone: a countdown near the top, "Book it" leading to signing; at zero, the hold has ended.
test('a held order counts down on its page, and says when the hold has ended (390px)', async ({
  page,
  browser,
}) => {
  test.setTimeout(timeLimit(90_000));
  await signInAs(page, DEMO_USERS.owner.email, '/');
  const headers = { origin: BASE_URL };
  const name = `Enchanted Rainbow Unicorn Castle Mega Combo with Double Slide, Splash Pool & Hoop 🦄🌈🏰 ${Date.now()}`;
  const made = await page.request.post('/api/products', {
    headers,
    data: { name, pricing: { mode: 'flat', amount: 34_900 }, quantity: 2 },
  });
  expect(made.status()).toBe(201);
  const { product } = (await made.json()) as { product: { id: string } };
  const customers = (await (await page.request.get('/api/customers?pageSize=1')).json()) as {
    customers: { id: string }[];
  };
  const day = new Date(Date.now() + (60 + Math.floor(Math.random() * 200)) * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const held = await page.request.post('/api/orders/caller-holds', {
    headers,
    data: {
      customerId: customers.customers[0]?.id,
      start: `${day}T15:00:00Z`,
      end: `${day}T23:00:00Z`,
      postalCode: '78701',
      lines: [{ productId: product.id, quantity: 1 }],
    },
  });
  expect(held.status()).toBe(201);
  const hold = (await held.json()) as { orderId: string; orderNumber: number; link: string };

  // The caller, signed in nowhere, on a phone; the page's clock is one the test can move.
  const customer = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await customer.newPage();
  await phone.clock.install();
  await phone.goto(new URL(hold.link).pathname);
  await expect(
    phone.getByRole('heading', { name: `Order #${hold.orderNumber}`, level: 1 }),
  ).toBeVisible();
  await expect(phone.getByRole('heading', { name: 'We’re holding these for you' })).toBeVisible();
  // The time alone, or with its day when the hold ends after the account's midnight (a test
  // run in the half hour before it failed here).
  await expect(
    phone.getByText(
      /^Held until (\w+, \w+ \d{1,2} at )?\d{1,2}:\d\d\s[AP]M \((29|30) minutes left\)$/,
    ),
  ).toBeVisible();
  const timer = phone.getByRole('timer', { name: 'Time left on your hold' });
  await expect(timer).toHaveText(/^(29:[0-5]\d|30:00)$/);
  await expect(phone.getByText(name)).toBeVisible();
  await expect(phone.getByText('Held on a call')).toHaveCount(0);
  // The countdown ticks each second.
  const before = await timer.textContent();
  await phone.clock.runFor(2_000);
  await expect(timer).not.toHaveText(before ?? '');
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousAxe(phone, { tags: WCAG_2_AA });
  await phone.screenshot({ path: `${screenshots}/customer-page-hold-390.png`, fullPage: true });

  // "Book it" goes to signing, which books the order.
  await phone.getByRole('link', { name: 'Book it' }).click();
  await expect(phone.getByRole('heading', { name: 'Accept and sign' })).toBeInViewport();

  // At zero the notice says the hold has ended, once, in the status region.
  await phone.clock.runFor(30 * 60_000);
  await expect(phone.getByRole('status')).toHaveText(
    /^This hold has ended\. The items may no longer be free; book now to check, or call us/,
  );
  await expect(timer).toHaveCount(0);
  await expect(phone.getByRole('heading', { name: 'We’re holding these for you' })).toHaveCount(0);
  await expect(phone.getByRole('link', { name: 'Book now' })).toBeVisible();
  await phone.evaluate(() => window.scrollTo(0, 0));
  await phone.screenshot({ path: `${screenshots}/customer-page-hold-ended-390.png` });
  await customer.close();
});
