import { expect, type Page, test } from '@playwright/test';
import { formatPhone } from '@tentpole/domain';
import { DEMO_USERS } from './demo-users';
import { expectNoSeriousAxe, WCAG_21_AA } from './page-checks';
import { businessNumber, customerWithNumber } from './reach-phone';
import { customerTexts, messagesPanel } from './reach-texts-helpers';
import { signInAs } from './sign-in-as';

// Issue 15: what a first-day user trips on, each at a desktop and a phone width.
const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

const screenshots = 'e2e/.artifacts/screenshots';

// Half of a surrogate pair: what cutting an emoji with charAt(0) leaves behind.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

async function pageWidth(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

for (const { width, height } of WIDTHS) {
  test(`an emoji at the start of a name keeps whole initials (${width}px)`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const lastName = `Palace${stamp.slice(-6)}`;
    await signInAs(page, DEMO_USERS.owner.email, '/customers/new');
    await page.getByLabel('First Name').fill('🎉 Party');
    await page.getByLabel('Last Name').fill(lastName);
    await page.getByLabel('Email').fill(`party.${stamp}@e2e.example`);
    await page.getByRole('button', { name: 'Create Customer' }).click();
    await expect(
      page.getByRole('heading', { name: `🎉 Party ${lastName}`, level: 1 }),
    ).toBeVisible();

    // The profile's avatar shows the whole emoji and the last name's initial.
    const avatar = page.locator('main span[aria-hidden="true"]').filter({ hasText: /^🎉P$/ });
    await expect(avatar.first()).toBeVisible();
    expect(LONE_SURROGATE.test((await page.locator('main').textContent()) ?? '')).toBe(false);

    // And in the list, found by name.
    await page.goto(`/customers?search=${encodeURIComponent(lastName)}`);
    await expect(page.getByRole('link', { name: new RegExp(lastName) }).first()).toBeVisible();
    await expect(
      page
        .locator('main span[aria-hidden="true"]')
        .filter({ hasText: /^🎉P$/, visible: true })
        .first(),
    ).toBeVisible();
    expect(LONE_SURROGATE.test((await page.locator('main').textContent()) ?? '')).toBe(false);
    expect(await pageWidth(page)).toBeLessThanOrEqual(width);
  });
}

for (const { width, height } of WIDTHS) {
  test(`a 300-character link in a text wraps in Reach and the journey (${width}px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
    const line = stamp.slice(-7);
    const phone = `+1555${line}`;
    const lastName = `Linkman${stamp.slice(-6)}`;
    await signInAs(page, DEMO_USERS.owner.email, '/customers/new');
    await page.getByLabel('First Name').fill('Lena');
    await page.getByLabel('Last Name').fill(lastName);
    await page.getByLabel('Email').fill(`lena.${stamp}@e2e.example`);
    await page.getByLabel('Phone Number').fill(phone);
    await page.getByRole('button', { name: 'Create Customer' }).click();
    await expect(page.getByRole('heading', { name: `Lena ${lastName}`, level: 1 })).toBeVisible();
    const customerPath = new URL(page.url()).pathname;

    const link = `https://pay.example.com/checkout/${'a1b2c3d4'.repeat(34)}`;
    expect(link.length).toBeGreaterThan(300);
    await customerTexts(page, phone, await businessNumber(page), `Your payment link: ${link}`);

    // On a phone, Reach shows calls or messages (`view`); on a desktop both.
    await page.goto('/phone?view=messages');
    const row = messagesPanel(page)
      .getByRole('list', { name: 'Conversations' })
      .getByRole('button')
      .filter({ hasText: lastName });
    await row.click();
    const bubble = messagesPanel(page).getByTestId('message').filter({ hasText: 'payment link' });
    await expect(bubble).toBeVisible();
    expect(await pageWidth(page)).toBeLessThanOrEqual(width);
    const box = await bubble.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `${screenshots}/reach-long-link-${width}.png` });

    await page.goto(customerPath);
    await page.getByRole('tab', { name: 'Journey' }).click();
    await expect(page.getByText(/payment link/).first()).toBeVisible();
    expect(await pageWidth(page)).toBeLessThanOrEqual(width);
  });
}

for (const { width, height } of WIDTHS) {
  test(`the business number is in Reach, in Settings and on the phone simulator (${width}px)`, async ({
    page,
    context,
  }) => {
    await page.setViewportSize({ width, height });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInAs(page, DEMO_USERS.owner.email, '/phone');
    const business = await businessNumber(page);

    await expect(page.getByTestId('business-number')).toHaveText(formatPhone(business));
    await page.getByRole('button', { name: 'Copy business number' }).click();
    await expect(page.getByRole('button', { name: 'Business number copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(business);
    expect(await pageWidth(page)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `${screenshots}/reach-business-number-${width}.png` });

    await page.goto('/account?tab=voice');
    const section = page.getByRole('region', { name: 'Business number' });
    await expect(section.getByTestId('business-number')).toHaveText(formatPhone(business));
    expect(await pageWidth(page)).toBeLessThanOrEqual(width);

    // The customer's side: the simulator offers the business to call, and keeps its number.
    const phone = await context.newPage();
    await phone.setViewportSize({ width, height });
    await phone.goto('/sandbox/phone');
    await expect(phone.getByTestId('status')).toHaveText('idle');
    await expect(phone.getByRole('list', { name: 'Business numbers' })).toContainText(business);
    await expect(phone.getByLabel('Number to call')).toHaveValue(business);
    const mine = await phone.getByLabel('My number').inputValue();
    await phone.reload();
    await expect(phone.getByLabel('My number')).toHaveValue(mine);
    await phone.close();
  });
}

for (const { width, height } of WIDTHS) {
  test(`leaving the phone settings with unsaved changes asks first (${width}px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await signInAs(page, DEMO_USERS.owner.email, '/account?tab=voice');
    const voicemail = page.getByLabel('Voicemail text');
    await expect(voicemail).toBeVisible();
    const typed = `Back soon ${Date.now()}`;
    await voicemail.fill(typed);

    const leave = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', {
      name: 'Dashboard',
    });
    await leave.click();
    const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await expect(ask).toBeHidden();
    await expect(page).toHaveURL(/\/account\?tab=voice/);
    await expect(voicemail).toHaveValue(typed);

    await leave.click();
    await page
      .getByRole('dialog', { name: 'Leave without saving?' })
      .getByRole('button', { name: 'Leave without saving' })
      .click();
    await expect(page).toHaveURL(/\/$/);
  });
}

/** `seconds` of 8 kHz 8-bit mono silence as a WAV file. */
function silentWav(seconds: number): Buffer {
  const samples = 8000 * seconds;
  const wav = Buffer.alloc(44 + samples, 128);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + samples, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(8000, 24);
  wav.writeUInt32LE(8000, 28);
  wav.writeUInt16LE(1, 32);
  wav.writeUInt16LE(8, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(samples, 40);
  return wav;
}

// A voicemail from a customer with a long name, as the call log shows it (the route is
// answered here, so no real call has to go unanswered for it).
const VOICEMAIL_CALL = {
  id: '00000000-0000-4000-8000-00000000f00d',
  direction: 'inbound',
  via: 'pstn',
  from: '+15550100777',
  to: '+15550190100',
  counterpartNumber: '+15550100777',
  status: 'no-answer',
  missed: true,
  startedAt: new Date().toISOString(),
  durationSeconds: 0,
  customer: {
    id: '00000000-0000-4000-8000-00000000beef',
    firstName: 'Maximiliana',
    lastName: 'Featherstonehaugh-Worthington',
  },
  answeredBy: null,
  placedBy: null,
  voicemail: {
    url: '/api/phone/calls/00000000-0000-4000-8000-00000000f00d/voicemail',
    durationSeconds: 47,
  },
};

for (const { width, height } of WIDTHS) {
  test(`a voicemail row keeps the caller's name readable in the call log (${width}px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await page.route('**/api/phone/calls?*', (route) =>
      route.fulfill({ json: { calls: [VOICEMAIL_CALL] } }),
    );
    await page.route('**/api/phone/calls/*/voicemail', (route) =>
      route.fulfill({ contentType: 'audio/wav', body: silentWav(2) }),
    );
    await signInAs(page, DEMO_USERS.owner.email, '/phone?view=calls');
    const row = page.getByRole('list', { name: 'Call log' }).getByRole('listitem').first();
    await row.getByRole('button', { name: 'Play voicemail (0:47)' }).click();
    await expect(
      row.getByLabel('Voicemail from Maximiliana Featherstonehaugh-Worthington'),
    ).toBeAttached();

    // The name keeps real room (it was squeezed to 0 px), and no button wraps a word per line.
    const name = await row.getByTestId('call-party-name').boundingBox();
    expect(name?.width ?? 0).toBeGreaterThan(120);
    const callBack = await row.getByRole('button', { name: /Call back/ }).boundingBox();
    expect(callBack?.height ?? 99).toBeLessThan(44);
    expect(await pageWidth(page)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `${screenshots}/call-log-voicemail-${width}.png` });
  });
}

// A demo customer the seed always makes (the issues' example number).
const DEMO_CUSTOMER_NUMBER = '+15550100123';

for (const { width, height } of WIDTHS) {
  test(`Ctrl+K opens the command palette, which finds a demo customer by name and opens them (${width}px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await signInAs(page, DEMO_USERS.owner.email, '/');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    const customer = await customerWithNumber(page, DEMO_CUSTOMER_NUMBER);
    const name = `${customer.firstName} ${customer.lastName}`;

    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Search' });
    await expect(palette).toBeVisible();
    const input = palette.getByRole('combobox', { name: 'Search customers, pages and actions' });
    await expect(input).toBeFocused();
    // Before anything is typed: the actions Bounce Kingdom's owner has, and every page.
    await expect(palette.getByRole('group', { name: 'Actions' }).getByRole('option')).toHaveText([
      'New text',
      'Outbound call',
      'New order',
    ]);
    const pages = palette.getByRole('group', { name: 'Pages' });
    for (const title of ['Orders', 'Products', 'Categories', 'Setup Surface', 'Team']) {
      await expect(pages.getByRole('option', { name: new RegExp(`^${title}`) })).toHaveCount(1);
    }
    await expectNoSeriousAxe(page, { what: 'the command palette', tags: WCAG_21_AA });
    await page.screenshot({ path: `${screenshots}/command-palette-open-${width}.png` });

    await input.fill(name);
    const option = palette
      .getByRole('group', { name: 'Customers' })
      .getByRole('option')
      .filter({ hasText: formatPhone(DEMO_CUSTOMER_NUMBER) });
    await expect(option).toContainText(name);
    await expect(option).toContainText(formatPhone(DEMO_CUSTOMER_NUMBER));
    const box = await palette.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
    expect(await pageWidth(page)).toBeLessThanOrEqual(width);
    await expectNoSeriousAxe(page, {
      what: 'the command palette with customers found',
      tags: WCAG_21_AA,
    });
    await page.screenshot({ path: `${screenshots}/command-palette-${width}.png` });

    await option.click();
    await expect(palette).toBeHidden();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/customers\/[0-9a-f-]{36}$/);

    // The sidebar's Search opens it too (from the sheet on a phone); Escape closes it.
    if (width < 768) await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
    const search = page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('button', { name: /^Search/ });
    await search.click();
    await expect(palette).toBeVisible();
    await expect(input).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(palette).toBeHidden();
    if (width >= 768) await expect(search).toBeFocused();
  });
}

for (const { width, height } of WIDTHS) {
  test(`the phone simulator offers the demo customers' numbers, and picking one makes it its own (${width}px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await signInAs(page, DEMO_USERS.owner.email, '/');
    await page.goto('/sandbox/phone');
    await expect(page.getByTestId('status')).toHaveText('idle');

    const demo = page.getByRole('group', { name: 'Play a demo customer' });
    await expect(demo).toContainText('Pick one and this phone takes their number');
    const picks = demo.getByRole('list', { name: 'Demo customers' }).getByRole('button');
    await expect(picks).toHaveCount(10);
    const pick = picks.nth(3);
    const number = (await pick.getAttribute('data-number')) ?? '';
    // Each is a customer of the demo business, by that number.
    const customer = await customerWithNumber(page, number);
    await expect(pick).toContainText(`${customer.firstName} ${customer.lastName}`);

    await pick.click();
    await expect(page.getByLabel('My number')).toHaveValue(number);
    await expect(page.getByTestId('status')).toHaveText('idle');
    await expect(pick).toHaveAttribute('aria-pressed', 'true');
    expect(await pageWidth(page)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `${screenshots}/phone-simulator-demo-customers-${width}.png` });

    // The browser remembers the customer it plays.
    await page.reload();
    await expect(page.getByLabel('My number')).toHaveValue(number);
    await expect(picks.nth(3)).toHaveAttribute('aria-pressed', 'true');
  });
}
