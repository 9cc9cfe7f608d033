import { expect, type Page, test } from '@playwright/test';
import { BASE_URL } from '../playwright.config';
import { DEMO_USERS } from './demo-users';
import { expectNoSeriousAxe, fitsWidth, WCAG_2_AA } from './page-checks';
import { signInAs } from './sign-in-as';
import { timeLimit } from './test-time';

// Issue 21: a template edited with a merge field, previewed on a real order and sent to me as
// a test that lands in the mailbox page; an automation set up and seen in the week ahead; the
// order page's Messages card sends an invoice. At 1280 and 390 px, axe-clean.
const screenshots = 'e2e/.artifacts/screenshots';
const headers = { origin: BASE_URL };

/** Our screens, without the e-mail frames (the customer's e-mail, sandboxed without scripts). */
async function axeOutsideEmails(page: Page) {
  await expectNoSeriousAxe(page, { tags: WCAG_2_AA, exclude: 'iframe' });
}

/** A reserved pickup order `days` from now for the first customer, with one product. */
async function reservedOrder(page: Page, days: number) {
  const products = (await (await page.request.get('/api/products?search=Dunk')).json()) as {
    products: { id: string }[];
  };
  const customers = (await (await page.request.get('/api/customers?pageSize=1')).json()) as {
    customers: { id: string }[];
  };
  const day = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const created = await page.request.post('/api/orders', {
    headers,
    data: {
      customerId: customers.customers[0]?.id,
      eventStart: `${day}T17:00:00Z`,
      eventEnd: `${day}T23:00:00Z`,
      fulfilment: 'pickup',
      lines: [{ productId: products.products[0]?.id, quantity: 1 }],
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

test('edit a template with a merge field, preview it on an order, send a test to the mailbox; set up an automation and see its week', async ({
  page,
}) => {
  test.setTimeout(timeLimit(120_000));
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, DEMO_USERS.owner.email, '/email?tab=templates');
  const run = Math.random().toString(36).slice(2, 7);

  // The thank-you template: an unknown field is flagged before saving.
  await page.getByRole('button', { name: 'Thank-you and review request' }).click();
  await expect(page.getByRole('heading', { name: 'Thank-you and review request' })).toBeVisible();
  const subject = page.getByLabel('Subject');
  const body = page.getByLabel('Body');
  await subject.fill(`Thanks ${run}, {{customer.firstName}}!`);
  await body.fill('Hi {{customer.frstName}},');
  await expect(page.getByText('Unknown merge field: {{customer.frstName}}')).toBeVisible();

  // Fixed, then a field from the picker at the caret.
  await body.fill('Hi {{customer.firstName}},\n\nYour balance: ');
  await page.getByLabel('Insert a merge field').selectOption('order.balance');
  await page.getByRole('button', { name: 'Insert', exact: true }).click();
  await expect(body).toHaveValue('Hi {{customer.firstName}},\n\nYour balance: {{order.balance}}');

  // The preview on a real order: the customer's name, no braces left.
  const orderChoice = page.getByLabel('Preview with order');
  const firstOrder = await orderChoice.locator('option').nth(1).getAttribute('value');
  await orderChoice.selectOption(firstOrder ?? '');
  const previewSubject = page.getByTestId('preview-subject');
  await expect(previewSubject).toHaveText(new RegExp(`^Thanks ${run}, .+!$`));
  await expect(previewSubject).not.toContainText('{{');
  const frame = page.frameLocator('iframe[title="Preview of Thank-you and review request"]');
  await expect(frame.getByText(/Your balance: \$[\d,]+\.\d\d/)).toBeVisible();
  await axeOutsideEmails(page);
  await fitsWidth(page, 1280);
  await page.screenshot({ path: `${screenshots}/email-template-1280.png`, fullPage: true });

  await page.getByRole('button', { name: 'Save template' }).click();
  await expect(page.getByText('Thank-you and review request saved.')).toBeVisible();
  await page.getByRole('button', { name: 'Send me a test' }).click();
  await expect(page.getByText(`Test sent to ${DEMO_USERS.owner.email}.`)).toBeVisible();

  // The mailbox page shows it as the customer would see it.
  await page.goto('/sandbox/mail/');
  const row = page.getByRole('link', { name: new RegExp(`^\\[Test\\] Thanks ${run}, `) });
  await expect(async () => {
    await page.reload();
    await expect(row).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await row.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    new RegExp(`^\\[Test\\] Thanks ${run}, `),
  );
  await expect(page.getByText(/Your balance: \$[\d,]+\.\d\d/)).toBeVisible();
  await page.screenshot({ path: `${screenshots}/email-mailbox-test-1280.png`, fullPage: true });

  // The template back as shipped, for whoever runs next.
  await page.goto('/email?tab=templates');
  await page.getByRole('button', { name: 'Thank-you and review request' }).click();
  await page.getByRole('button', { name: 'Reset to default' }).click();
  await expect(page.getByText('is back to the shipped text.')).toBeVisible();

  // An automation three days before events, at 9:00; an order in five days is in its week.
  const order = await reservedOrder(page, 5);
  await page.goto('/email?tab=automations');
  await expect(page.getByRole('heading', { name: 'Automations', exact: true })).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'New automation' }).click();
  const dialog = page.getByRole('dialog', { name: 'New automation' });
  await dialog.getByLabel('Name').fill(`Three-day reminder ${run}`);
  await dialog.getByLabel('When').selectOption('before_event');
  await dialog.getByLabel('How long before').fill('3');
  await dialog.getByLabel('Unit').selectOption('days');
  await dialog.getByLabel('At (local time)').fill('09:00');
  await dialog.getByLabel('Template').selectOption('event_reminder');
  await expect(dialog.getByText('3 days before the event starts, at 09:00')).toBeVisible();
  await dialog.getByRole('button', { name: 'Preview this week' }).click();
  await expect(dialog.getByTestId('draft-week')).toContainText(`(order #${order.number})`);
  await axeOutsideEmails(page);
  await dialog.getByRole('button', { name: 'Save automation' }).click();
  await expect(page.getByText(`Three-day reminder ${run} saved.`)).toBeVisible();
  await expect(page.getByRole('heading', { name: `Three-day reminder ${run}` })).toBeVisible();
  const week = page.getByTestId('week-ahead');
  await expect(
    week
      .getByRole('listitem')
      .filter({ hasText: `Three-day reminder ${run}` })
      .filter({
        hasText: `#${order.number}`,
      }),
  ).toBeVisible();
  await axeOutsideEmails(page);
  await fitsWidth(page, 1280);
  await page.screenshot({ path: `${screenshots}/email-automations-1280.png`, fullPage: true });

  // Off again: it leaves the week.
  await page.getByRole('switch', { name: `Three-day reminder ${run} on` }).click();
  await expect(page.getByText(`Three-day reminder ${run} turned off.`)).toBeVisible();
  await expect(week.getByText(`Three-day reminder ${run}`)).toHaveCount(0);

  // The order page sends the invoice by e-mail; it is on the order's messages.
  await page.goto(`/orders/${order.id}`);
  const messages = page.getByRole('region', { name: 'Messages' });
  await messages.getByLabel('Send the customer').selectOption('invoice');
  await messages.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText(/^Invoice sent by e-mail to /)).toBeVisible();
  await expect(messages.getByRole('list', { name: 'E-mails for this order' })).toContainText(
    `Invoice for order #${order.number}`,
  );
  await axeOutsideEmails(page);
  await messages.screenshot({ path: `${screenshots}/email-order-messages-1280.png` });
});

test('the Emails screens fit a phone and read well with long names', async ({ page }) => {
  test.setTimeout(timeLimit(90_000));
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, DEMO_USERS.owner.email, '/email');
  await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
  await fitsWidth(page, 390);
  await axeOutsideEmails(page);
  await page.screenshot({ path: `${screenshots}/email-outbox-390.png`, fullPage: true });

  await page.goto('/email?tab=templates');
  await page.getByLabel('Template', { exact: true }).selectOption('balance_due');
  await expect(page.getByRole('heading', { name: 'Balance due', exact: true })).toBeVisible();
  await expect(page.getByTestId('preview-subject')).toBeVisible();
  await fitsWidth(page, 390);
  await axeOutsideEmails(page);
  await page.screenshot({ path: `${screenshots}/email-template-390.png`, fullPage: true });

  await page.goto('/email?tab=automations');
  await expect(page.getByRole('heading', { name: 'Booking confirmation' })).toBeVisible();
  await fitsWidth(page, 390);
  await axeOutsideEmails(page);
  await page.screenshot({ path: `${screenshots}/email-automations-390.png`, fullPage: true });
});
