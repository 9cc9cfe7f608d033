import { expect, test } from '@playwright/test';
import { DEMO_USERS } from './demo-users';
import { expectNoSeriousAxe, fitsWidth } from './page-checks';
import { businessNumber } from './reach-phone';
import { customerTexts, sameOrigin } from './reach-texts-helpers';
import { signInAs } from './sign-in-as';
import { timeLimit } from './test-time';

// Issue 24 item 6 (decision 0061): a forecast set through the weather sandbox flags two
// orders; one click texts their customers; one replies "2" from the sandbox phone and the
// order moves to the next date its items are free, with the price difference applied.
const screenshots = 'e2e/.artifacts/screenshots';
// A spot no demo order is near (Lake Travis, west of Austin): the storm covers it alone.
const SPOT = { lat: 30.4567, lng: -98.1234 };

test('a storm flags two parties, their customers are texted, a "2" moves one to the next free day', async ({
  page,
}) => {
  test.setTimeout(timeLimit(150_000));
  // Each attempt has its own customers, numbers and product, so a retry starts as new.
  const stamp = String(Date.now()).slice(-4);
  await signInAs(page, DEMO_USERS.owner.email, '/orders/driver/weather');
  const headers = sameOrigin(page);
  const post = async <T>(path: string, data: unknown, status = 201) => {
    const response = await page.request.post(path, { headers, data });
    expect(response.status(), await response.text()).toBe(status);
    return (await response.json()) as T;
  };

  const { product } = await post<{ product: { id: string } }>('/api/products', {
    name: `Storm castle ${stamp}`,
    quantity: 2,
    pricing: { mode: 'daily', tiers: [{ hours: 24, amount: 20_000 }] },
  });
  // A party the day after tomorrow (UTC), 3 pm to 8 pm UTC: inside the three days checked.
  const day = new Date(Date.now() + 30 * 3_600_000).toISOString().slice(0, 10);
  const phones = [`+1555016${stamp}`, `+1555015${stamp}`];
  const orderIds: string[] = [];
  for (const [i, phoneNumber] of phones.entries()) {
    const { customer } = await post<{ customer: { id: string } }>('/api/customers', {
      firstName: i === 0 ? 'Stormy' : 'Windy',
      lastName: `Weather ${stamp}`,
      email: `weather-${stamp}-${i}@example.com`,
      phoneNumber,
    });
    const { order } = await post<{ order: { id: string } }>('/api/orders', {
      customerId: customer.id,
      eventStart: `${day}T15:00:00.000Z`,
      eventEnd: `${day}T20:00:00.000Z`,
      fulfilment: 'delivery',
      address: {
        line1: `${i + 1} Lakeshore Dr`,
        city: 'Spicewood',
        region: 'TX',
        postalCode: '78669',
        lat: SPOT.lat + i * 0.001,
        lng: SPOT.lng,
      },
      lines: [{ productId: product.id, quantity: 1 }],
    });
    await post(`/api/orders/${order.id}/transitions`, { to: 'reserved' }, 200);
    orderIds.push(order.id);
  }

  // Gusts of 35 mph over the spot that day, set through the sandbox's control API (its token
  // is the e2e servers' sandbox token, sent with every request).
  const set = await page.request.post('/sandbox/weather/api/forecasts', {
    data: { latitude: SPOT.lat, longitude: SPOT.lng, radiusKm: 2, date: day, windGustsMph: 35 },
  });
  expect(set.status()).toBe(201);

  // (The page is the board already: signing in led there.)
  await page.getByRole('button', { name: 'Check now' }).click();
  const list = page.getByRole('list', { name: 'At-risk orders' });
  for (const name of ['Stormy', 'Windy'])
    await expect(list.getByText(`${name} Weather ${stamp}`)).toBeVisible();
  const mine = list.locator(':scope > li').filter({ hasText: `Weather ${stamp}` });
  await expect(mine).toHaveCount(2);
  await expect(mine.first()).toContainText(/Gusts 35 mph at \d+ (AM|PM) \(over 20 mph\)/);

  // The price goes up before the texts: a move reprices the order for its new date.
  const raised = await page.request.patch(`/api/products/${product.id}`, {
    headers,
    data: { pricing: { mode: 'daily', tiers: [{ hours: 24, amount: 24_000 }] } },
  });
  expect(raised.status()).toBe(200);

  await page.getByRole('button', { name: /^Text options to \d+ customers?$/ }).click();
  await expect(page.getByText(/^Texted \d+ customers?\.$/)).toBeVisible();
  await expect(mine.first()).toContainText('Texted, waiting for a reply');
  await expect(mine.nth(1)).toContainText('Texted, waiting for a reply');

  const totalOf = async (id: string) => {
    const response = await page.request.get(`/api/orders/${id}`);
    return ((await response.json()) as { order: { eventStart: string; totals: { total: number } } })
      .order;
  };
  const before = await totalOf(orderIds[0] as string);

  // Stormy answers "2" from their phone.
  const business = await businessNumber(page);
  await customerTexts(page, phones[0] as string, business, '2');
  // The reply is applied by a job: the board's API says when, then the page shows it.
  await expect
    .poll(
      async () => {
        const response = await page.request.get('/api/weather/board');
        const { risks } = (await response.json()) as {
          risks: { orderId: string; offer: { state: string } | null }[];
        };
        return risks.find((r) => r.orderId === orderIds[0])?.offer?.state;
      },
      { timeout: 30_000 },
    )
    .toBe('moved');
  await page.reload();
  await expect(
    page
      .getByRole('list', { name: 'At-risk orders' })
      .locator(':scope > li')
      .filter({ hasText: `Stormy Weather ${stamp}` }),
  ).toContainText('Replied 2: moved');

  const after = await totalOf(orderIds[0] as string);
  // The next day the castle is free (two of them, one taken by Windy's party on the day).
  // (a day later, same local time: 23 to 25 hours across a change of daylight saving time).
  const later = Date.parse(after.eventStart) - Date.parse(before.eventStart);
  expect(later).toBeGreaterThanOrEqual(23 * 3_600_000);
  expect(later).toBeLessThanOrEqual(25 * 3_600_000);
  // Repriced for the new date at the castle's new price: the difference is on the total.
  expect(after.totals.total).toBeGreaterThan(before.totals.total);
  // Windy's party did not move.
  expect((await totalOf(orderIds[1] as string)).eventStart).toBe(before.eventStart);

  await expectNoSeriousAxe(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${screenshots}/weather-board-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await fitsWidth(page, 390);
  await page.screenshot({ path: `${screenshots}/weather-board-390.png`, fullPage: true });
});
