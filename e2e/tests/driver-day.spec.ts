import { type Browser, expect, type Page, test } from '@playwright/test';
import { BOUNCE_KINGDOM } from '@tentpole/domain';
import { DEMO_USERS } from './demo-users';
import { expectNoSeriousAxe, WCAG_21_AA } from './page-checks';
import { businessNumber } from './reach-phone';
import { carrierMessages, sameOrigin } from './reach-texts-helpers';
import { signInAs } from './sign-in-as';
import { timeLimit } from './test-time';

// Issue 19 items 2, 5, 6 (back-office spec §7.2, §7.4; decision 0043): the owner puts Dana
// Driver on Truck 1's crew from the Delivery Manager at 1280 px; Dana, on a 390 px phone,
// starts the route, sends "on my way" (the customer's phone in the sandbox receives the ETA),
// marks "arrived" without signal (sent when the phone is back online), delivers with a photo
// and a drawn signature, and picks up with one unit damaged; the office board shows each step
// as it happens, through the event stream.

/** A party today (UTC noon to five: the same local day in Chicago) for a new customer. */
async function bookParty(page: Page, day: string, phone: string) {
  const headers = sameOrigin(page);
  const customer = await page.request.post('/api/customers', {
    headers,
    data: {
      firstName: 'Riley',
      lastName: `Route ${phone.slice(-4)}`,
      email: `riley-${phone.slice(-4)}@example.com`,
      phoneNumber: phone,
    },
  });
  expect(customer.status()).toBe(201);
  const { customer: made } = (await customer.json()) as { customer: { id: string } };
  const { products } = (await (
    await page.request.get(`/api/products?search=${encodeURIComponent('Round Table 60in')}`)
  ).json()) as { products: { id: string; name: string }[] };
  const productId = products.find((p) => p.name === 'Round Table 60in')?.id;
  if (!productId) throw new Error('the demo has no Round Table 60in');
  const created = await page.request.post('/api/orders', {
    headers,
    data: {
      customerId: made.id,
      eventStart: `${day}T17:00:00Z`,
      eventEnd: `${day}T22:00:00Z`,
      fulfilment: 'delivery',
      address: {
        line1: '500 E Cesar Chavez St',
        line2: 'Gate 2468',
        city: 'Austin',
        region: 'TX',
        postalCode: '78701',
        lat: 30.2622,
        lng: -97.7394,
      },
      notes: { customer: 'Set up on the back lawn' },
      lines: [{ productId, quantity: 3 }],
    },
  });
  expect(created.status()).toBe(201);
  const { order } = (await created.json()) as { order: { id: string; number: number } };
  const moved = await page.request.post(`/api/orders/${order.id}/transitions`, {
    headers,
    data: { to: 'reserved' },
  });
  expect(moved.status()).toBe(200);
  return order;
}

async function driverPhone(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  return { context, page };
}

test('Dana drives her route on a phone and the office board follows each step', async ({
  page,
  browser,
}) => {
  test.setTimeout(timeLimit(180_000));
  await page.setViewportSize({ width: 1280, height: 900 });
  const day = new Date().toISOString().slice(0, 10);
  const phone = `+1555014${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;

  // The office: a party today, on Truck 1 alone, and Dana on its crew.
  await signInAs(page, DEMO_USERS.owner.email, `/orders/driver/calendar?date=${day}`);
  const order = await bookParty(page, day, phone);
  const delivery = `${order.id}:delivery`;
  const pickup = `${order.id}:pickup`;
  const { vehicles } = (await (await page.request.get('/api/delivery/vehicles')).json()) as {
    vehicles: { id: string; name: string }[];
  };
  const truck = vehicles.find((v) => v.name === 'Truck 1');
  if (!truck) throw new Error('the demo has no Truck 1');
  const saved = await page.request.put('/api/delivery/day/routes', {
    headers: sameOrigin(page),
    data: { date: day, routes: [{ vehicleId: truck.id, stopIds: [delivery, pickup], pinned: [] }] },
  });
  expect(saved.status()).toBe(200);
  await page.reload();
  const route = page.getByRole('list', { name: 'Truck 1 route' });
  const deliveryCard = route.getByRole('listitem').filter({ hasText: `#${order.number} Delivery` });
  const pickupCard = route.getByRole('listitem').filter({ hasText: `#${order.number} Pickup` });
  await expect(deliveryCard).toBeVisible();
  await page.getByRole('button', { name: 'Crew of Truck 1' }).click();
  await page.getByRole('menuitemcheckbox', { name: DEMO_USERS.driver.name }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('route-crew').first()).toContainText(
    `Crew: ${DEMO_USERS.driver.name}`,
  );

  // Dana's phone: today's route, her stops in order, with what she needs at each.
  const dana = await driverPhone(browser);
  await signInAs(dana.page, DEMO_USERS.driver.email, '/orders/driver/today');
  const driver = dana.page;
  await expect(driver.getByRole('heading', { name: 'Today’s route', level: 1 })).toBeVisible();
  const stop = driver.getByRole('listitem', { name: `Delivery #${order.number}` });
  const pickupStop = driver.getByRole('listitem', { name: `Pickup #${order.number}` });
  await expect(stop).toContainText('Gate 2468');
  await expect(stop).toContainText('Set up on the back lawn');
  await expect(stop).toContainText('3 × Round Table 60in');
  await expect(stop.getByRole('link', { name: /500 E Cesar Chavez St/ })).toHaveAttribute(
    'href',
    /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=30\.2622%2C-97\.7394$/,
  );
  await expect(stop.getByRole('link', { name: /^Call / })).toHaveAttribute('href', `tel:${phone}`);
  await expectNoSeriousAxe(driver, { what: 'driver day', tags: WCAG_21_AA });

  // Start the route; the board says so.
  await driver.getByRole('button', { name: 'Start route' }).click();
  await expect(driver.getByTestId('route-started')).toContainText('Route started at');
  await expect(page.getByTestId('route-crew').first()).toContainText('started');

  // On my way: the customer's phone receives the ETA; the board shows it, live.
  await stop.getByRole('button', { name: 'On my way' }).click();
  const business = await businessNumber(page);
  await expect
    .poll(
      async () =>
        // The day-before delivery-window automation may text this customer too (issue 21).
        (await carrierMessages(page, business, phone))
          .map((m) => m.body)
          .filter((body) => body.includes('on the way')),
      { timeout: 20_000 },
    )
    .toEqual([
      expect.stringMatching(
        new RegExp(
          `^${BOUNCE_KINGDOM}: your driver is on the way with order #${order.number}\\. Arriving about \\d{1,2}:\\d{2} [AP]M\\.$`,
        ),
      ),
    ]);
  await expect(deliveryCard.getByTestId('stop-status')).toContainText('On the way');
  await expect(stop.getByTestId('stop-status')).toHaveText('On the way');

  // Arrived without signal: kept on the phone, sent when it is back online.
  await dana.context.setOffline(true);
  await stop.getByRole('button', { name: 'Arrived' }).click();
  await expect(driver.getByRole('status')).toContainText('1 action is waiting for signal');
  await expect(stop.getByTestId('stop-status')).toContainText('Arrived · waiting for signal');
  await driver.screenshot({ path: 'e2e/.artifacts/screenshots/driver-day-offline-390.png' });
  await dana.context.setOffline(false);
  await expect(driver.getByText('1 action is waiting for signal')).toHaveCount(0);
  await expect(deliveryCard.getByTestId('stop-status')).toContainText('Arrived');

  // Delivered: a photo of the setup, the customer's signature drawn on the glass, a name.
  await stop.getByRole('button', { name: 'Delivered' }).click();
  const dialog = driver.getByRole('dialog', { name: 'Delivered' });
  await dialog.getByLabel('Photo of the setup').setInputFiles({
    name: 'setup.png',
    mimeType: 'image/png',
    buffer: await page.screenshot(),
  });
  await expect(dialog.getByRole('img', { name: 'What the setup looks like' })).toBeVisible();
  const pad = dialog.getByRole('img', { name: 'Customer’s signature' });
  const box = await pad.boundingBox();
  if (!box) throw new Error('no signature pad');
  await driver.mouse.move(box.x + 20, box.y + box.height * 0.7);
  await driver.mouse.down();
  for (const [x, y] of [
    [0.25, 0.3],
    [0.4, 0.75],
    [0.55, 0.25],
    [0.7, 0.7],
    [0.9, 0.35],
  ] as const)
    await driver.mouse.move(box.x + box.width * x, box.y + box.height * y, { steps: 5 });
  await driver.mouse.up();
  await dialog.getByLabel('Printed name').fill('Pat Party');
  await driver.screenshot({ path: 'e2e/.artifacts/screenshots/driver-day-deliver-390.png' });
  await dialog.getByRole('button', { name: 'Save delivery' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(stop.getByTestId('stop-status')).toHaveText('Delivered');
  await expect(deliveryCard.getByTestId('stop-status')).toContainText('signed by Pat Party');
  const photo = deliveryCard.getByRole('img', { name: 'The setup as delivered' });
  await expect(photo).toBeVisible();
  await expect
    .poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
  await expect(deliveryCard.getByRole('img', { name: 'Signature of Pat Party' })).toBeVisible();

  // Picked up that evening: two back, one damaged.
  await pickupStop.getByRole('button', { name: 'Picked up' }).click();
  const pickupDialog = driver.getByRole('dialog', { name: 'Picked up' });
  await expect(pickupDialog.getByLabel('Returned')).toHaveValue('3');
  await pickupDialog.getByLabel('Returned').fill('2');
  await pickupDialog.getByLabel('Damaged').fill('1');
  await pickupDialog.getByLabel('Note').fill('Cracked table top');
  await pickupDialog.getByLabel('Photo (damage, or what was left)').setInputFiles({
    name: 'damage.png',
    mimeType: 'image/png',
    buffer: await page.screenshot(),
  });
  await expect(pickupDialog.getByRole('img', { name: 'What came back' })).toBeVisible();
  await pickupDialog.getByRole('button', { name: 'Save pickup' }).click();
  await expect(pickupStop.getByTestId('stop-status')).toHaveText('Picked up');
  await expect(pickupCard.getByTestId('stop-status')).toContainText(
    '2 returned, 1 damaged, 0 missing · 1 to maintenance',
  );
  await expect(pickupCard.getByRole('img', { name: 'At pickup' })).toBeVisible();
  await expectNoSeriousAxe(driver, { what: 'driver day after the stops', tags: WCAG_21_AA });
  expect(await driver.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    390,
  );
  await driver.screenshot({
    path: 'e2e/.artifacts/screenshots/driver-day-390.png',
    fullPage: true,
  });

  // The load list on the phone, ticked; and printed from the board.
  await driver.getByText('Load list').click();
  const tick = driver.getByRole('checkbox', { name: '3 × Round Table 60in' }).first();
  await tick.check();
  await driver.reload();
  await driver.getByText('Load list').click();
  await expect(
    driver.getByRole('checkbox', { name: '3 × Round Table 60in' }).first(),
  ).toBeChecked();
  await dana.context.close();

  await expectNoSeriousAxe(page, { what: 'board with the steps', tags: WCAG_21_AA });
  await page.screenshot({
    path: 'e2e/.artifacts/screenshots/driver-day-board-1280.png',
    fullPage: true,
  });
  await page.getByRole('link', { name: 'Load list of Truck 1' }).click();
  await expect(page.getByRole('heading', { name: 'Load list: Truck 1', level: 1 })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: '3 × Round Table 60in' }).first()).toBeVisible();
  await expectNoSeriousAxe(page, { what: 'load list', tags: WCAG_21_AA });
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await page.screenshot({
    path: 'e2e/.artifacts/screenshots/load-list-print-1280.png',
    fullPage: true,
  });
});

test('a driver has no Delivery Manager, and another driver’s route is not theirs', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, DEMO_USERS.driver.email, '/orders/driver/calendar');
  await expect(page.getByText('You do not have access to this page')).toBeVisible();
  const { status } = await page.request
    .get('/api/delivery/day?date=2030-01-01')
    .then((r) => ({ status: r.status() }));
  expect(status).toBe(403);
});
