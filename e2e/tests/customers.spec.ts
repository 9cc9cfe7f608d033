import { expect, type Page, test } from '@playwright/test';
import { DEMO_USERS } from './demo-users';
import { signInAs } from './sign-in-as';

const screenshots = 'e2e/.artifacts/screenshots';

type ListedCustomer = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  banned: boolean;
  lastOrder: unknown;
};

async function listCustomers(page: Page, query: string): Promise<ListedCustomer[]> {
  const response = await page.request.get(`/api/customers?${query}`);
  expect(response.ok()).toBe(true);
  const body: { customers: ListedCustomer[] } = await response.json();
  return body.customers;
}

/**
 * The demo customer with +15550100123 (its name is drawn when the data is seeded); only read
 * here, never changed. Asked for through the API of the signed-in page.
 */
async function seededCustomer(page: Page) {
  const [customer] = await listCustomers(page, 'search=%2B15550100123');
  if (!customer) throw new Error('The demo data has no customer with +15550100123');
  return { ...customer, name: `${customer.firstName} ${customer.lastName}` };
}

/** A banned demo customer with orders, for the screenshots. */
async function bannedCustomerWithOrders(page: Page) {
  for (let pageNumber = 1; pageNumber <= 3; pageNumber += 1) {
    const customers = await listCustomers(page, `pageSize=100&page=${pageNumber}`);
    const found = customers.find((customer) => customer.banned && customer.lastOrder);
    if (found) return found;
  }
  throw new Error('The demo data has no banned customer with orders');
}

/** A customer of this test's own: an e-mail address and phone number no other test uses. */
function uniqueCustomer() {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  return {
    firstName: 'Edith',
    lastName: `Tester${stamp.slice(-6)}`,
    email: `edith.${stamp}@e2e.example`,
    // 555 numbers with a random line: valid, and unlikely to be anyone's.
    phone: `(555) ${stamp.slice(-7, -4)}-${stamp.slice(-4)}`,
  };
}

async function createCustomer(page: Page, customer: ReturnType<typeof uniqueCustomer>) {
  await page.goto('/customers/new');
  await page.getByLabel('First Name').fill(customer.firstName);
  await page.getByLabel('Last Name').fill(customer.lastName);
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Phone Number').fill(customer.phone);
  await page.getByRole('button', { name: 'Create Customer' }).click();
  await expect(
    page.getByRole('heading', { name: `${customer.firstName} ${customer.lastName}`, level: 1 }),
  ).toBeVisible();
}

test.describe('customers (spec §2 Customer area)', () => {
  test('finds a customer by a formatted phone number, opens them and walks the four tabs', async ({
    page,
  }) => {
    await signInAs(page, DEMO_USERS.manager.email, '/customers');
    const SEEDED = await seededCustomer(page);
    await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
    await expect(page.getByText(/^\d+ customers$/)).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search customers' }).fill('(555) 010-0123');
    await expect(page).toHaveURL('/customers?search=%28555%29+010-0123');
    await expect(page.getByText('1 match for “(555) 010-0123”')).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(SEEDED.name) });
    await expect(row).toContainText('(555) 010-0123');

    await row.getByRole('link', { name: SEEDED.name }).click();
    await expect(page.getByRole('heading', { name: SEEDED.name, level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(/^(\(\d+\) )?Customer · Tentpole$/);
    await expect(page.getByText(SEEDED.email)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Call (555) 010-0123' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Text (555) 010-0123' })).toHaveAttribute(
      'href',
      '/phone?compose=%2B15550100123',
    );
    await expect(page.getByText('Lifetime value')).toBeVisible();

    const tabs = page.getByRole('tablist', { name: 'Customer records' });
    await expect(tabs.getByRole('tab', { name: /Orders/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('tabpanel')).toBeVisible();

    await tabs.getByRole('tab', { name: 'Documents' }).click();
    await expect(page).toHaveURL(/\?tab=documents$/);
    await expect(page.getByRole('tabpanel')).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading documents' })).toBeHidden();

    await tabs.getByRole('tab', { name: 'Phone' }).click();
    await expect(page).toHaveURL(/\?tab=phone$/);
    await expect(page.getByRole('tabpanel')).toContainText('Calls');
    await expect(page.getByRole('tabpanel')).toContainText('Texts');

    await tabs.getByRole('tab', { name: 'Journey' }).click();
    await expect(page).toHaveURL(/\?tab=journey$/);
    await expect(page.getByRole('tabpanel')).toContainText('Customer added');

    // The tab is in the URL: a reload keeps it.
    await page.reload();
    await expect(tabs.getByRole('tab', { name: 'Journey' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  test('rows are links reachable by keyboard, and pages move with Next and Previous', async ({
    page,
  }) => {
    await signInAs(page, DEMO_USERS.owner.email, '/customers');
    await expect(page.getByText(/^1–25 of \d+ · Page 1 of \d+$/)).toBeVisible();
    await page.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL('/customers?page=2');
    await expect(page.getByText(/^26–50 of \d+ · Page 2 of \d+$/)).toBeVisible();
    await page.getByRole('link', { name: 'Previous' }).click();
    await expect(page).toHaveURL('/customers');

    const firstLink = page.getByRole('table').getByRole('link').first();
    const name = await firstLink.textContent();
    await firstLink.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: name ?? '', level: 1 })).toBeVisible();
  });

  test('a search with no matches says so', async ({ page }) => {
    await signInAs(page, DEMO_USERS.owner.email, '/customers?search=zzzz-nobody');
    await expect(page.getByText('No customers match “zzzz-nobody”')).toBeVisible();
    await page.getByRole('link', { name: 'Clear search' }).click();
    await expect(page).toHaveURL('/customers');
    await expect(page.getByText(/^\d+ customers$/)).toBeVisible();
  });

  test('the New Customer form shows the validation messages on an empty form', async ({ page }) => {
    await signInAs(page, DEMO_USERS.owner.email, '/customers');
    await page.getByRole('link', { name: 'New Customer' }).click();
    await expect(page).toHaveURL('/customers/new');
    await expect(page.getByRole('heading', { name: 'New Customer', level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Create Customer' }).click();
    await expect(page.getByText('First Name is a required field')).toBeVisible();
    await expect(page.getByText('Last Name is a required field')).toBeVisible();
    await expect(page.getByText('Email is a required field')).toBeVisible();
    await expect(page.getByLabel('First Name')).toBeFocused();

    await page.getByLabel('Phone Number').fill('555-CALL');
    await page.getByRole('button', { name: 'Create Customer' }).click();
    await expect(page.getByText('Invalid phone number')).toBeVisible();
    await expect(page).toHaveURL('/customers/new');
  });

  test('creates a customer, then edits and saves them', async ({ page }) => {
    const customer = uniqueCustomer();
    await signInAs(page, DEMO_USERS.manager.email, '/customers');
    await createCustomer(page, customer);
    await expect(page.getByText(customer.phone)).toBeVisible();

    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Customer' });
    await expect(dialog.getByLabel('Phone Number')).toHaveValue(customer.phone);

    // Emptied, the required fields give the spec's messages and nothing is saved.
    await dialog.getByLabel('First Name').fill('');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expect(dialog.getByText('First Name is a required field')).toBeVisible();

    await dialog.getByLabel('First Name').fill('Edwina');
    await dialog.getByLabel(/^Company/).fill('Bouncy Castles Ltd');
    await dialog.getByLabel(/^Reference/).fill('PO-77');
    await dialog.getByLabel('Points').fill('120');
    await dialog.getByLabel(/^Internal Notes/).fill('Gate code 4412');
    await dialog.getByLabel(/Banned/).check();
    await dialog.getByRole('button', { name: 'Save Changes' }).click();

    await expect(dialog).toBeHidden();
    const name = `Edwina ${customer.lastName}`;
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(page.getByText(`${name} is banned.`)).toBeVisible();
    await expect(page.getByText('Bouncy Castles Ltd')).toBeVisible();
    await expect(page.getByText('Gate code 4412')).toBeVisible();
    await expect(page.getByText('120', { exact: true })).toBeVisible();

    // Saved on the server: a reload shows the same, and the list finds the new name.
    await page.reload();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await page.goto(`/customers?search=${encodeURIComponent(customer.email)}`);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('Banned');
    await expect(row).toContainText('Bouncy Castles Ltd');
  });

  test("shows the server's conflict on the e-mail field with a link to the existing customer", async ({
    page,
  }) => {
    const customer = uniqueCustomer();
    await signInAs(page, DEMO_USERS.owner.email, '/customers/new');
    const SEEDED = await seededCustomer(page);
    await page.getByLabel('First Name').fill(customer.firstName);
    await page.getByLabel('Last Name').fill(customer.lastName);
    await page.getByLabel('Email').fill(SEEDED.email);
    await page.getByRole('button', { name: 'Create Customer' }).click();

    await expect(page.getByText(`${SEEDED.name} already has this e-mail address.`)).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('link', { name: `Open ${SEEDED.name}` }).click();
    await expect(page.getByRole('heading', { name: SEEDED.name, level: 1 })).toBeVisible();
  });

  test('a user with customer.read only cannot add or edit', async ({ page }) => {
    await signInAs(page, DEMO_USERS.staff.email, '/customers');
    const SEEDED = await seededCustomer(page);
    await expect(page.getByRole('button', { name: 'New Customer' })).toBeDisabled();
    await page.getByRole('searchbox', { name: 'Search customers' }).fill('5550100123');
    await page.getByRole('link', { name: SEEDED.name }).click();
    await expect(page.getByRole('heading', { name: SEEDED.name, level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit' })).toBeDisabled();
  });

  test('an unknown customer shows Customer not found', async ({ page }) => {
    await signInAs(page, DEMO_USERS.owner.email, '/customers/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'Customer not found' })).toBeVisible();
  });
});

test.describe('customer screenshots', () => {
  for (const { label, viewport, isMobile } of [
    { label: 'desktop', viewport: { width: 1280, height: 860 }, isMobile: false },
    { label: 'mobile', viewport: { width: 390, height: 844 }, isMobile: true },
  ]) {
    test.describe(label, () => {
      test.use({ viewport, isMobile, hasTouch: isMobile });

      test(`list, detail and form at ${viewport.width}px`, async ({ page }) => {
        await signInAs(page, DEMO_USERS.owner.email, '/customers');
        const banned = await bannedCustomerWithOrders(page);
        const bannedName = `${banned.firstName} ${banned.lastName}`;
        await expect(page.getByText(/^1–25 of \d+ · Page 1 of \d+$/)).toBeVisible();
        // On a phone the table gives way to cards: the same links, no table.
        if (isMobile) await expect(page.getByRole('table')).toBeHidden();
        else await expect(page.getByRole('table')).toBeVisible();
        await page.screenshot({ path: `${screenshots}/customers-list-${label}.png` });

        await page.getByRole('searchbox', { name: 'Search customers' }).fill(banned.email);
        await page
          .getByRole('link', { name: new RegExp(bannedName) })
          .first()
          .click();
        await expect(page.getByRole('heading', { name: bannedName, level: 1 })).toBeVisible();
        await expect(page.getByText(`${bannedName} is banned.`)).toBeVisible();
        await expect(page.getByText(/^Order #\d+$/).first()).toBeVisible();
        await page.screenshot({
          path: `${screenshots}/customers-detail-${label}.png`,
          fullPage: true,
        });
        await page.getByRole('tab', { name: 'Journey' }).click();
        await expect(page.getByRole('tabpanel')).toContainText('Customer added');
        await page.screenshot({
          path: `${screenshots}/customers-journey-${label}.png`,
          fullPage: true,
        });
        await page.getByRole('button', { name: 'Edit' }).click();
        await expect(page.getByRole('dialog', { name: 'Edit Customer' })).toBeVisible();
        await page.screenshot({ path: `${screenshots}/customers-edit-${label}.png` });
        await page.keyboard.press('Escape');

        await page.goto('/customers/new');
        await page.getByRole('button', { name: 'Create Customer' }).click();
        await expect(page.getByText('First Name is a required field')).toBeVisible();
        await page.screenshot({
          path: `${screenshots}/customers-form-${label}.png`,
          fullPage: true,
        });
      });
    });
  }
});
