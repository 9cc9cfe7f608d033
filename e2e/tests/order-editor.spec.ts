import { expect, test } from '@playwright/test';
import { DEMO_USERS } from './demo-users';
import { expectNoSeriousAxe, WCAG_2_AA } from './page-checks';
import { signInAs } from './sign-in-as';
import { timeLimit } from './test-time';

// Issue 17 item 3: the order editor, price and stock as you type, at a desktop and a phone width.
const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const;
const screenshots = 'e2e/.artifacts/screenshots';

for (const { width, height } of WIDTHS) {
  test(`a new order for an existing customer, priced and checked as it is typed (${width}px)`, async ({
    page,
  }) => {
    test.setTimeout(timeLimit(120_000));
    await page.setViewportSize({ width, height });
    await signInAs(page, DEMO_USERS.owner.email, '/orders');
    const customers = (await (await page.request.get('/api/customers?pageSize=1')).json()) as {
      customers: { id: string; firstName: string; lastName: string }[];
    };
    const customer = customers.customers[0];
    if (!customer) throw new Error('no demo customer');
    await page.getByRole('link', { name: 'New order' }).click();
    await expect(page.getByRole('heading', { name: 'New order', level: 1 })).toBeVisible();

    // The customer, found by name.
    await page.getByLabel('Customer', { exact: true }).fill(customer.lastName);
    await page
      .getByRole('list', { name: 'Matching customers' })
      .getByRole('button', { name: new RegExp(`${customer.firstName} ${customer.lastName}`) })
      .first()
      .click();
    await expect(
      page.getByText(`${customer.firstName} ${customer.lastName}`).first(),
    ).toBeVisible();

    // A date well ahead, so the demo's bookings leave stock.
    await page.getByLabel('Starts on').fill('2027-09-18');
    await page.getByLabel('Start time').fill('10:00');
    await page.getByLabel('End time').fill('18:00');

    // A bundle, and a castle on concrete (a sandbag fee per unit).
    await page.getByLabel('Add an item').fill('Backyard Party');
    await page
      .getByRole('list', { name: 'Matching products' })
      .getByRole('button', { name: /Backyard Party Package/ })
      .click();
    await page.getByLabel('Add an item').fill('Castle Bounce House 15x15');
    await page
      .getByRole('list', { name: 'Matching products' })
      .getByRole('button', { name: /^Castle Bounce House 15x15/ })
      .click();
    await page.getByLabel('Setup surface').selectOption({ label: 'Concrete/Asphalt' });
    await expect(
      page.getByText(/Concrete\/Asphalt setup: Castle Bounce House 15x15/),
    ).toBeVisible();
    await expect(page.getByText(/\d+ available/).first()).toBeVisible();

    // Price as you type: two castles cost more than one, and the stock answer follows.
    const total = async () => {
      if (width < 1024) {
        const bar = page.getByRole('button', { name: /^Total/ });
        return (await bar.textContent()) ?? '';
      }
      return (
        (await page
          .getByRole('region', { name: /Totals/ })
          .getByRole('definition')
          .nth(-3)
          .textContent()) ?? ''
      );
    };
    await expect(page.getByRole('status', { name: 'Updating the price' })).toHaveCount(0);
    const before = await total();
    await page.getByLabel('Quantity of Castle Bounce House 15x15').fill('2');
    await expect.poll(total).not.toBe(before);
    await expect(page.getByRole('status', { name: 'Updating the price' })).toHaveCount(0);
    await page.getByLabel('Quantity of Castle Bounce House 15x15').fill('500');
    await expect(page.getByText(/Only \d+ of 500 available/)).toBeVisible();
    await page.getByLabel('Quantity of Castle Bounce House 15x15').fill('1');
    await expect(page.getByText(/Only \d+ of 500 available/)).toHaveCount(0);

    await page.getByLabel('Street address').fill('12 Oak Street');
    await page.getByLabel('City').fill('Austin');
    await page.getByLabel('State').fill('TX');
    await page.getByLabel('ZIP code').fill('78701');
    // §7.1's movable pin: the map shows where the ZIP code puts the party; dragging the pin
    // fills the pin's boxes, and the arrow keys nudge it north.
    const map = page.getByRole('group', { name: 'Pin on the map' });
    await expect(map.getByText(/^Placed at the ZIP code’s centre/)).toBeVisible();
    await expect(page.getByLabel('Pin: latitude')).toHaveValue('');
    const pin = map.getByRole('button', { name: /^Move the pin/ });
    await map.scrollIntoViewIfNeeded();
    const grip = await pin.boundingBox();
    if (!grip) throw new Error('The pin is not on the page');
    await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
    await page.mouse.down();
    await page.mouse.move(grip.x + grip.width / 2 + 60, grip.y + grip.height / 2 + 20, {
      steps: 6,
    });
    await page.mouse.up();
    await expect(map.getByText(/^Pinned by hand at 30\.\d{6}, -97\.\d{6}\.$/)).toBeVisible();
    const dragged = Number(await page.getByLabel('Pin: latitude').inputValue());
    expect(dragged).toBeGreaterThan(30);
    await pin.focus();
    await page.keyboard.press('Shift+ArrowUp');
    await expect
      .poll(async () => Number(await page.getByLabel('Pin: latitude').inputValue()))
      .toBeCloseTo(dragged + 0.000684, 5);
    await map.screenshot({ path: `${screenshots}/order-editor-pin-map-${width}.png` });
    await page.getByLabel('Internal note').fill('Gate code 4242 🎈');
    // A coupon (§9): an unknown code is said so as it is typed; a good one shows what it takes off.
    await page.getByLabel('Coupon code').fill('nope');
    await expect(page.getByText('No coupon has this code')).toBeVisible();
    await page.getByLabel('Coupon code').fill('summer10');
    await expect(page.getByText(/^SUMMER10 applied: -\$\d/)).toBeVisible();
    // A fee added by hand (§4) is priced as it is typed.
    await expect(page.getByRole('status', { name: 'Updating the price' })).toHaveCount(0);
    const withoutFee = await total();
    await page.getByRole('button', { name: 'Add a fee' }).click();
    await page.getByLabel('Fee 1', { exact: true }).fill('Stairs, three flights 🪜');
    await page.getByLabel('Amount', { exact: true }).fill('25');
    await expect.poll(total).not.toBe(withoutFee);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    await page.screenshot({ path: `${screenshots}/order-editor-${width}.png`, fullPage: true });
    await page.mouse.move(0, 0);
    await expectNoSeriousAxe(page, { tags: WCAG_2_AA });

    await page.getByRole('button', { name: 'Create order' }).click();
    await expect(page.getByRole('heading', { name: /^Order #\d+$/, level: 1 })).toBeVisible();
    await expect(page.getByText('Backyard Party Package')).toBeVisible();
    await expect(page.getByText('Included: 16 × Folding Chair (white)')).toBeVisible();
    await expect(page.getByText(/Concrete\/Asphalt setup/)).toBeVisible();

    // Editing it: the form comes back filled, and saving a change keeps the rest.
    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByRole('heading', { name: /^Edit order #\d+$/ })).toBeVisible();
    await expect(page.getByLabel('Street address')).toHaveValue('12 Oak Street');
    await page.getByLabel('Quantity of Castle Bounce House 15x15').fill('2');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('heading', { name: /^Order #\d+$/, level: 1 })).toBeVisible();
    await expect(page.getByText(/Castle Bounce House 15x15\s*× 2/)).toBeVisible();
  });
}
