import { expect, type Page, test } from '@playwright/test';
import { DEMO_USERS } from './demo-users';
import { expectNoSeriousAxe, WCAG_2_AA } from './page-checks';
import { signInAs } from './sign-in-as';
import { timeLimit } from './test-time';

// Issue 17, judged end to end: a phone booking from the first call to the last payment. A new
// order for an existing customer with a bundle and a surface fee, held, its link sent, signed by
// the customer with a drawn signature, the deposit recorded (confirmed), moved on the calendar
// with its price difference shown, out, back with one item damaged (maintenance opens), the
// balance taken, completed. At a desktop and a phone width.
const RUNS = [
  { width: 1280, height: 900, day: 4 },
  { width: 390, height: 844, day: 11 },
] as const;
const screenshots = 'e2e/.artifacts/screenshots';
const pad = (n: number) => String(n).padStart(2, '0');

const statusOf = (page: Page) => page.locator('h1 + span');
const totalsValue = (page: Page, label: string) =>
  page.locator(`dt:text-is("${label}") + dd`).first();

async function axeClean(page: Page) {
  await page.mouse.move(0, 0);
  await expectNoSeriousAxe(page, { tags: WCAG_2_AA });
}

for (const { width, height, day } of RUNS) {
  test(`a phone booking from the first call to the last payment (${width}px)`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(timeLimit(240_000));
    await page.setViewportSize({ width, height });
    await signInAs(page, DEMO_USERS.owner.email, '/orders');
    const customers = (await (await page.request.get('/api/customers?pageSize=1')).json()) as {
      customers: { firstName: string; lastName: string }[];
    };
    const customer = customers.customers[0];
    if (!customer) throw new Error('no demo customer');
    const date = `2027-12-${pad(day)}`;

    // 1. The order: a bundle and a castle on concrete (a sandbag fee).
    await page.getByRole('link', { name: 'New order' }).click();
    await page.getByLabel('Customer', { exact: true }).fill(customer.lastName);
    await page
      .getByRole('list', { name: 'Matching customers' })
      .getByRole('button', { name: new RegExp(`${customer.firstName} ${customer.lastName}`) })
      .first()
      .click();
    await page.getByLabel('Starts on').fill(date);
    for (const [search, name] of [
      ['Backyard Party', /Backyard Party Package/],
      ['Castle Bounce House 15x15', /^Castle Bounce House 15x15/],
    ] as const) {
      await page.getByLabel('Add an item').fill(search);
      await page
        .getByRole('list', { name: 'Matching products' })
        .getByRole('button', { name })
        .click();
    }
    await page.getByLabel('Setup surface').selectOption({ label: 'Concrete/Asphalt' });
    await page.getByLabel('Street address').fill('40 Party Lane');
    await page.getByLabel('City').fill('Austin');
    await page.getByLabel('State').fill('TX');
    await page.getByLabel('ZIP code').fill('78702');
    await expect(
      page.getByText(/Concrete\/Asphalt setup: Castle Bounce House 15x15/),
    ).toBeVisible();
    // The price for this address is in (the map shows where the ZIP code put it).
    await expect(page.getByText(/^Delivery fee \$/)).toBeVisible();
    await page.getByRole('button', { name: 'Create order' }).click();
    await expect(page.getByRole('heading', { name: /^Order #\d+$/, level: 1 })).toBeVisible();
    const orderUrl = page.url();
    const number = (await page.getByRole('heading', { level: 1 }).textContent())?.replace(
      /\D/g,
      '',
    );

    // 2. Held for the customer, and the link to send.
    await page.getByRole('button', { name: 'Hold for customer' }).click();
    await expect(statusOf(page)).toHaveText('Hold');
    await page.getByRole('button', { name: 'Customer link' }).click();
    const link = await page.getByRole('link', { name: /\/o\// }).getAttribute('href');
    if (!link) throw new Error('no customer link');

    // 3. The customer opens it on their phone and signs with a drawn signature.
    const customerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const phone = await customerContext.newPage();
    await phone.goto(link);
    await expect(phone.getByRole('heading', { name: `Order #${number}` })).toBeVisible();
    const pad_ = phone.locator('canvas#signature');
    await pad_.scrollIntoViewIfNeeded();
    const box = await pad_.boundingBox();
    if (!box) throw new Error('no signature pad');
    await phone.mouse.move(box.x + 20, box.y + box.height / 2);
    await phone.mouse.down();
    for (let i = 1; i <= 10; i++)
      await phone.mouse.move(box.x + 20 + i * 20, box.y + box.height / 2 + (i % 2 ? -20 : 20));
    await phone.mouse.up();
    await phone.getByLabel('Your full name').fill(`${customer.firstName} ${customer.lastName}`);
    await phone.getByLabel('I have read the rental agreement and agree to it.').check();
    await phone.getByRole('button', { name: 'Sign and book' }).click();
    await expect(phone.getByRole('status')).toHaveText('Thank you: your agreement is signed.');
    await customerContext.close();

    // 4. Staff see it reserved (live), record the deposit: confirmed.
    await expect(statusOf(page)).toHaveText('Reserved');
    const deposit = (await totalsValue(page, 'Deposit to book').textContent())?.replace(
      /[^\d.]/g,
      '',
    );
    await page.getByLabel('Amount', { exact: true }).fill(deposit ?? '');
    await page.getByRole('button', { name: 'Record payment' }).click();
    await expect(statusOf(page)).toHaveText('Confirmed');

    // 5. Moved a day later on the calendar, the price difference shown before saving.
    const orderId = orderUrl.split('/').pop() as string;
    const target = `2027-12-${pad(day + 1)}`;
    if (width >= 1024) {
      await page.goto(`/orders/calendar?view=month&date=${date}`);
      await page
        .locator(`[data-order-id="${orderId}"]`)
        .first()
        .dragTo(page.locator(`[data-day="${target}"]`));
    } else {
      await page.goto(`/orders/calendar?view=list&date=${date}`);
      await page.getByRole('button', { name: `Reschedule #${number}` }).click();
    }
    const dialog = page.getByRole('dialog', { name: 'Reschedule order' });
    await expect(dialog.getByLabel('New date')).toHaveValue(target);
    await expect(dialog.getByTestId('price-difference')).toHaveText(/No change|[+−]\$/);
    await expect(dialog.getByText('Everything is free on the new date')).toBeVisible();
    await dialog.getByRole('button', { name: 'Move the order' }).click();
    await expect(dialog).toHaveCount(0);

    // 6. Out, then back with one castle damaged: maintenance opens for it.
    await page.goto(orderUrl);
    await expect(page.getByText(`Dec ${day + 1}, 2027`).first()).toBeVisible();
    await page.getByRole('button', { name: 'Mark out' }).click();
    await expect(statusOf(page)).toHaveText('Out');
    await page.getByRole('button', { name: 'Mark returned' }).click();
    await page.getByLabel('Damaged of Castle Bounce House 15x15').fill('1');
    await page.getByRole('button', { name: 'Mark returned' }).last().click();
    await expect(statusOf(page)).toHaveText('Returned');
    await expect
      .poll(
        async () => {
          const downtimes = (await (await page.request.get('/api/downtimes')).json()) as {
            downtimes: { note: string | null; reason: string }[];
          };
          return downtimes.downtimes.some(
            (d) => d.reason === 'damaged' && d.note === `Returned damaged on order #${number}`,
          );
        },
        { timeout: 20_000 },
      )
      .toBe(true);

    // 7. The balance taken: completed.
    const balance = (await totalsValue(page, 'Balance').textContent())?.replace(/[^\d.]/g, '');
    await page.getByLabel('Amount', { exact: true }).fill(balance ?? '');
    await page.getByRole('button', { name: 'Record payment' }).click();
    await expect(statusOf(page)).toHaveText('Completed');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    await page.screenshot({
      path: `${screenshots}/booking-completed-${width}.png`,
      fullPage: true,
    });
    await axeClean(page);
  });
}
