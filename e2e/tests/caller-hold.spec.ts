import { expect, test } from '@playwright/test';
import { CALLS_BASE_URL } from '../playwright.config';
import { DEMO_USERS } from './demo-users';
import { expectNoSeriousAxe, WCAG_2_AA } from './page-checks';
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
import { carrierMessages, sameOrigin } from './reach-texts-helpers';
import { timeLimit } from './test-time';

// Issue 24 item 2, "Hold for caller", through the phone sandbox: a demo customer calls; staff
// answer, type the day and ZIP code the caller asks about, hold a bounce house for them; the
// caller's phone gets a text with the link to their order page, which shows the hold.
//
// Calls ring every signed-in page of a server, so this spec calls on the calls' server (as the
// caller card's does) and from numbers no other spec calls from.
test.use({ baseURL: CALLS_BASE_URL });
// One call at a time: both widths' staff pages ring with every call made on that server.
test.describe.configure({ mode: 'default' });

const screenshots = 'e2e/.artifacts/screenshots';

/** The day, `days` from now, as the date input takes it. */
const dayAhead = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const ORDER_LINK = /https?:\/\/\S+\/o\/\S+/;

for (const { width, height, caller, offset } of [
  { width: 1280, height: 900, caller: '+15550100160', offset: 0 },
  { width: 390, height: 844, caller: '+15550100161', offset: 1 },
]) {
  test(`staff hold a bounce house for a caller, who gets the link by text (${width}px)`, async ({
    browser,
  }) => {
    test.setTimeout(timeLimit(150_000));
    // The demo account is shared: each width and each retry holds on a day of its own.
    const day = dayAhead(60 + offset * 3 + test.info().retry * 7);
    const owner = await openStaffPhone(browser, DEMO_USERS.owner.email);
    const page = owner.page;
    await page.setViewportSize({ width, height });
    const customer = await customerWithNumber(page, caller);
    const business = await businessNumber(page);
    const linksTexted = async () =>
      (await carrierMessages(page, business, caller)).flatMap(
        (m) => ORDER_LINK.exec(m.body)?.[0] ?? [],
      );
    const textedBefore = new Set(await linksTexted());

    const phone = await openSimulator(owner.context, caller);
    await simulatorDial(phone, business);
    const dialog = incomingCallDialog(page);
    await expect(dialog).toBeVisible({ timeout: 15_000 });
    await expect(dialog.getByTestId('incoming-caller')).toContainText(
      `${customer.firstName} ${customer.lastName}`,
    );
    await dialog.getByRole('button', { name: 'Accept' }).click();
    const panel = activeCall(page);
    await expect(panel.getByTestId('call-status')).toHaveText('Connected');
    await expect(panel.getByTestId('call-party')).toHaveText(
      `${customer.firstName} ${customer.lastName}`,
    );

    await panel.getByRole('button', { name: 'Hold for caller' }).click();
    const form = panel.getByRole('form', { name: 'Hold for caller' });
    await expect(form.getByLabel('Date')).toBeFocused();
    await form.getByLabel('Date').fill(day);
    await expect(form.getByLabel('From')).toHaveValue('10:00');
    await expect(form.getByLabel('Until')).toHaveValue('18:00');
    await form.getByLabel('ZIP code').fill('78701');
    await expect(form).toContainText(/Delivery to 78701: (\$\d+\.\d\d|.+)/, { timeout: 15_000 });
    const bounce = form
      .getByRole('row')
      .filter({ hasText: /Bounce House/ })
      .first();
    await expect(bounce).toContainText(/\d+ free\s*\$\d/);
    const item = (await bounce.getByRole('rowheader').textContent())?.trim() ?? '';
    const submit = form.getByRole('button', { name: 'Hold for caller' });
    await expect(submit).toBeDisabled();
    await bounce.getByRole('spinbutton', { name: `How many ${item} to hold` }).fill('1');
    await expect(submit).toBeEnabled();

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    await expectNoSeriousAxe(page, {
      tags: WCAG_2_AA,
      include: 'section[aria-label="Active call"]',
    });
    await page.screenshot({ path: `${screenshots}/caller-hold-${width}.png` });

    await submit.click();
    const held = panel.getByRole('region', { name: 'Hold for caller' });
    await expect(held).toContainText(
      /^Held until \d{1,2}:\d\d\s[AP]M\. The link is on its way by text\./,
      { timeout: 15_000 },
    );
    await expect(held).toBeFocused();
    const orderLink = held.getByRole('link', { name: /^Open hold #\d+$/ });
    const orderId = /\/orders\/([^/?#]+)$/.exec((await orderLink.getAttribute('href')) ?? '')?.[1];
    expect(orderId).toBeTruthy();
    await page.screenshot({ path: `${screenshots}/caller-hold-held-${width}.png` });

    // The caller's phone gets the text with the link to their order page.
    let link = '';
    await expect(async () => {
      link = (await linksTexted()).find((l) => !textedBefore.has(l)) ?? '';
      expect(link).not.toBe('');
    }).toPass({ timeout: 20_000 });
    await expect(phone.getByRole('list', { name: 'Messages' })).toContainText(link, {
      timeout: 20_000,
    });

    // The link opens the customer's order page, which shows the hold and its countdown.
    const customerContext = await browser.newContext({ viewport: { width, height } });
    const customerPage = await customerContext.newPage();
    await customerPage.goto(link);
    await expect(customerPage.getByRole('heading', { level: 1 })).toContainText('Order #');
    await expect(
      customerPage.getByRole('heading', { name: 'We’re holding these for you' }),
    ).toBeVisible();
    await expect(customerPage.getByRole('timer', { name: 'Time left on your hold' })).toHaveText(
      /^\d{1,2}:[0-5]\d$/,
    );
    await expect(customerPage.getByRole('link', { name: 'Book it' })).toBeVisible();
    await expect(customerPage.getByText(item).first()).toBeVisible();
    await customerContext.close();

    await panel.getByRole('button', { name: 'Hang up' }).click();
    await expect(panel).toBeHidden();
    expect(consoleErrors(page)).toEqual([]);
    // Let the stock go again: the demo account is shared with the other specs.
    const cancelled = await page.request.post(`/api/orders/${orderId}/transitions`, {
      headers: sameOrigin(page),
      data: { to: 'cancelled', reason: 'End of the caller-hold test' },
    });
    expect(cancelled.ok()).toBe(true);
    await owner.context.close();
  });
}
