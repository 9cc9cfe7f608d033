import { expect, type Page, test } from '@playwright/test';
import { DEMO_USERS } from './demo-users';
import { expectNoSeriousAxe, WCAG_21_AA } from './page-checks';
import { sameOrigin } from './reach-texts-helpers';
import { signInAs } from './sign-in-as';
import { timeLimit } from './test-time';

// Issue 19 items 2 and 3 (back-office spec §7.2, §7.3; decision 0040): the owner opens the
// Delivery Manager on a day with two delivery orders, plans the day with Bounce Kingdom's two
// demo trucks, sees the routes with ETAs on the board and the map, moves a stop to the other
// truck from its Move menu, and the page stays axe-clean. At a desktop and a phone width, each
// on a day of its own far enough ahead that no other spec books it.
test.describe.configure({ mode: 'serial' });

const WIDTHS = [
  { width: 1280, height: 900, daysAhead: 61 },
  { width: 390, height: 844, daysAhead: 62 },
] as const;

/** Two booked parties on `day` for demo customers, delivered in Austin (CDT, UTC−5). */
async function bookTwoParties(page: Page, day: string): Promise<number[]> {
  const headers = sameOrigin(page);
  const { products } = (await (
    await page.request.get(`/api/products?search=${encodeURIComponent('Round Table 60in')}`)
  ).json()) as { products: { id: string; name: string }[] };
  const productId = products.find((p) => p.name === 'Round Table 60in')?.id;
  if (!productId) throw new Error('the demo has no Round Table 60in');
  const { customers } = (await (await page.request.get('/api/customers?pageSize=2')).json()) as {
    customers: { id: string }[];
  };
  const parties = [
    { line1: '500 E Cesar Chavez St', lat: 30.2622, lng: -97.7394, start: '17:00', end: '22:00' },
    { line1: '3800 N Lamar Blvd', lat: 30.3072, lng: -97.7559, start: '19:00', end: '23:00' },
  ];
  const numbers: number[] = [];
  for (const [i, party] of parties.entries()) {
    const created = await page.request.post('/api/orders', {
      headers,
      data: {
        customerId: customers[i % customers.length]?.id,
        eventStart: `${day}T${party.start}:00Z`,
        eventEnd: `${day}T${party.end}:00Z`,
        fulfilment: 'delivery',
        address: {
          line1: party.line1,
          city: 'Austin',
          region: 'TX',
          postalCode: '78701',
          lat: party.lat,
          lng: party.lng,
        },
        lines: [{ productId, quantity: 2 }],
      },
    });
    expect(created.status()).toBe(201);
    const { order } = (await created.json()) as { order: { id: string; number: number } };
    numbers.push(order.number);
    const moved = await page.request.post(`/api/orders/${order.id}/transitions`, {
      headers,
      data: { to: 'reserved' },
    });
    expect(moved.status()).toBe(200);
  }
  return numbers;
}

for (const { width, height, daysAhead } of WIDTHS) {
  test(`an owner plans a day and moves a stop to the other truck (${width}px)`, async ({
    page,
  }) => {
    test.setTimeout(timeLimit(120_000));
    await page.setViewportSize({ width, height });
    const day = new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);

    await signInAs(page, DEMO_USERS.owner.email, '/orders/driver/calendar');
    await expect(page.getByRole('heading', { name: 'Delivery Manager', level: 1 })).toBeVisible();
    const numbers = await bookTwoParties(page, day);
    await page.getByLabel('Day', { exact: true }).fill(day);
    await expect(page).toHaveURL(`/orders/driver/calendar?date=${day}`);
    // Our two parties' four stops (the demo may have other orders that day, some unplaceable).
    const ours = numbers.flatMap((n) => [`#${n} Delivery`, `#${n} Pickup`]);
    const unassigned = page.getByRole('list', { name: 'Unassigned stops' });
    for (const stop of ours)
      await expect(unassigned.getByRole('listitem').filter({ hasText: stop })).toHaveCount(1);

    await page.getByRole('button', { name: 'Plan the day' }).click();
    await expect(page.getByText(/^(The day is planned|Planned, with)/).first()).toBeVisible();
    const truckOne = page.getByRole('list', { name: 'Truck 1 route' });
    const truckTwo = page.getByRole('list', { name: 'Truck 2 route' });
    const onRoutes = page.getByRole('list', { name: /^Truck \d route$/ }).getByRole('listitem');
    for (const stop of ours) {
      await expect(onRoutes.filter({ hasText: stop })).toHaveCount(1);
      await expect(onRoutes.filter({ hasText: stop })).toContainText(/ETA \d{1,2}:\d{2} [AP]M/);
    }
    await expect(page.getByRole('img', { name: 'Map of the day' })).toBeVisible();
    await expectNoSeriousAxe(page, { what: 'planned day', tags: WCAG_21_AA });
    await page.screenshot({ path: `/tmp/dm-planned-${width}.png`, fullPage: true });

    // Our first delivery goes to the other truck, from its Move menu.
    const stop = ours[0] as string;
    const onOne = (await truckOne.getByRole('listitem').filter({ hasText: stop }).count()) > 0;
    const [to, toName] = onOne ? [truckTwo, 'Truck 2'] : [truckOne, 'Truck 1'];
    await page.getByRole('button', { name: `Move ${stop}` }).click();
    await page.getByRole('menuitem', { name: `Move to ${toName}` }).click();
    await expect(page.getByText(new RegExp(`moved to ${toName}`)).first()).toBeVisible();
    await expect(to.getByRole('listitem').filter({ hasText: stop })).toHaveCount(1);
    await expect(to.getByRole('listitem').filter({ hasText: stop })).toContainText(/ETA /);
    await expectNoSeriousAxe(page, { what: 'after a move', tags: WCAG_21_AA });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    await page.screenshot({ path: `/tmp/dm-moved-${width}.png`, fullPage: true });
  });
}
