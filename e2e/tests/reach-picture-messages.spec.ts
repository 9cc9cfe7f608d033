import { expect, type Page, test } from '@playwright/test';
import { DEMO_USERS } from './demo-users';
import { businessNumber, openSimulator, simulatorDial, simulatorStatus } from './reach-phone';
import { carrierMessages, messagesPanel, sameOrigin } from './reach-texts-helpers';
import { signInAs } from './sign-in-as';
import { timeLimit } from './test-time';

// Issue 24 items 4 and 5 through the phone sandbox: a new number calls and hangs up and gets
// exactly one text back; a customer sends a photo from the sandbox phone page, it shows in the
// thread, and staff put it on the order's site photos with one click. The first test turns
// text-back on and off again, so the two run in order.
test.describe.configure({ mode: 'default' });

const screenshots = 'e2e/.artifacts/screenshots';
// A small drawing of a backyard (PNG), as a phone's camera would send it.
const YARD_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAPAAAACgCAMAAAAFBRFXAAAArlBMVEWNbmN+tEL82DXPyzrz1TaHtkHp0jd8s0JViy/92DWwwjyOuED61zbQyzno0jfj0Tfi0DeBtUKAtELj0Tjy1TaqwD2owD2MuEGHt0HLyTrKyTrIyTqpwD6BtEHq0zfn0Tfk0TfJyTuevT5+s0KfvT+dvT/k0Djh0Djg0Djfzzj62DXezzmywzyNuED51zaxwz2pwD2GtkGnwD59tEGgvj6gvT7g0Dfi0Djf0Dj01jb6cvbMAAAACXBIWXMAAAsTAAALEwEAmpwYAAABxElEQVR42u3ZZ3KCUBRAYVHg5okNiTWWGEusMb3sf2Pxp5MAbzKjYq7nLIDhA14bcnJh5QADBgwYMGDAgAEDBgwYMGDAcQXr8uxruXRn5W2gHzxuzM1enz1HN/htYH7kTxSD+x0TUzfUCm5HJraapxPc9k1CvqcR3I9MYrW6QnDHpDTSB56Y1F61gceDdHDFUQZuGEtNZeB3G3ihCxzYvCa/UQVeW8GmqApctoMLqsC3dnBVFdi1g69VgUt28ANgPmkmLZalswFvL23jEeStW8vWUW/rIP3l8DC3gVeiC9yzgZ+VgR0/3Tt0lIHlLh08FW1g6aZ5b0QfOKwle+/rCsHiJQ7jypNoBIv3kfB+j//jIRuwhKPY8XuC3w4ZgXdzdeXXejQVUQwW53Gxt8vMr5ovohu8a1MsRG6p5FYLxZacqEzBmZxpAAMGDBgwYMCAAQMGDBgwYMCAAQMGDBgwYMCAAQMGDBgwYMCAAQMGDBgwYMCAAQMGDBgwYMCAAQMGDPj/gK/OssOAY68MGDBgwIABAwZ84eAjPkrAgAEDBgwYMGDAgAEDBgwYMGDAgAEDBgwYMGDAgAEDBgwYMGDAgAEDPm3fgZO8uYeplkkAAAAASUVORK5CYII=',
  'base64',
);

async function setTextBack(page: Page, enabled: boolean) {
  const current = await (await page.request.get('/api/phone/text-back')).json();
  const saved = await page.request.put('/api/phone/text-back', {
    headers: sameOrigin(page),
    data: { ...current, enabled },
  });
  expect(saved.status()).toBe(200);
}

// Each attempt uses its own numbers, so a retry starts as new as the first try.
const numberFor = (base: number) => `+1555017${base + test.info().retry}`;

test('a new number calls and hangs up: it gets exactly one text back', async ({ browser }) => {
  test.setTimeout(timeLimit(120_000));
  const caller = numberFor(8301);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, DEMO_USERS.owner.email, '/account?tab=voice');
  try {
    // Settings → Reach: the owner turns it on.
    const form = page.getByRole('form', { name: 'Missed-call text-back' });
    await expect(form).toBeVisible({ timeout: 15_000 });
    const toggle = form.getByRole('switch', { name: 'Text back missed calls' });
    if ((await toggle.getAttribute('aria-checked')) !== 'true') await toggle.click();
    await expect(form.getByLabel('New caller')).toHaveValue(
      /What date and ZIP code is your party\?/,
    );
    await form.getByRole('button', { name: 'Save missed-call texts' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await form.scrollIntoViewIfNeeded();
      await form.screenshot({ path: `${screenshots}/reach-text-back-settings-${width}.png` });
    }

    const business = await businessNumber(page);
    const phone = await openSimulator(context, caller);
    for (let call = 0; call < 2; call += 1) {
      await simulatorDial(phone, business);
      await expect(simulatorStatus(phone)).toHaveText('ringing', { timeout: 15_000 });
      await phone.getByRole('button', { name: 'Hang up' }).click();
      await expect(simulatorStatus(phone)).toHaveText(/ended/);
      // The first missed call's text arrives; the second call's does not come.
      await expect
        .poll(async () => (await carrierMessages(page, business, caller)).length, {
          timeout: 20_000,
        })
        .toBe(1);
    }
    await page.waitForTimeout(1500);
    const texts = await carrierMessages(page, business, caller);
    expect(texts).toHaveLength(1);
    expect(texts[0]?.body).toContain('What date and ZIP code is your party?');
    expect(texts[0]?.body).toContain('/s/bounce-kingdom');
    await expect(phone.getByRole('list', { name: 'Messages' })).toContainText(
      'What date and ZIP code is your party?',
    );
    await phone.screenshot({ path: `${screenshots}/reach-text-back-phone.png`, fullPage: true });
  } finally {
    await setTextBack(page, false);
    await context.close();
  }
});

test('a customer sends a photo from their phone: it shows in the thread and goes on the order', async ({
  browser,
}) => {
  test.setTimeout(timeLimit(150_000));
  const number = numberFor(8402);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, DEMO_USERS.owner.email, '/phone');
  const headers = sameOrigin(page);
  // A customer with a party next week.
  const madeCustomer = await page.request.post('/api/customers', {
    headers,
    data: {
      firstName: 'Rosalind',
      lastName: 'Backyard-Photographer 🌳',
      email: `rosalind-${Date.now()}@example.com`,
      phoneNumber: number,
    },
  });
  expect(madeCustomer.status()).toBe(201);
  const customer = (await madeCustomer.json()) as { customer?: { id: string }; id?: string };
  const customerId = customer.customer?.id ?? customer.id ?? '';
  const { products } = (await (
    await page.request.get(`/api/products?search=${encodeURIComponent('Round Table 60in')}`)
  ).json()) as { products: { id: string; name: string }[] };
  const day = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const madeOrder = await page.request.post('/api/orders', {
    headers,
    data: {
      customerId,
      eventStart: `${day}T15:00:00Z`,
      eventEnd: `${day}T23:00:00Z`,
      fulfilment: 'pickup',
      lines: [{ productId: products.find((p) => p.name === 'Round Table 60in')?.id, quantity: 1 }],
    },
  });
  expect(madeOrder.status()).toBe(201);
  const { order } = (await madeOrder.json()) as { order: { id: string; number: number } };

  // From the order: text the photo request.
  await page.goto(`/orders/${order.id}`);
  await page.getByRole('button', { name: 'Ask for a site photo' }).click();
  await expect(page.getByText('Photo request texted to the customer')).toBeVisible();

  // The customer's phone gets it and answers with a picture.
  const business = await businessNumber(page);
  const phone = await openSimulator(context, number);
  await expect(phone.getByRole('list', { name: 'Messages' })).toContainText(
    'Could you send us a photo of the setup spot',
    { timeout: 20_000 },
  );
  await phone.getByLabel('Text to').fill(business);
  await phone.getByRole('textbox', { name: 'Message' }).fill('Here is the backyard!');
  await phone.getByLabel('Picture').setInputFiles({
    name: 'backyard.png',
    mimeType: 'image/png',
    buffer: YARD_PNG,
  });
  await phone.getByRole('button', { name: 'Send text' }).click();
  await expect(phone.getByRole('list', { name: 'Messages' })).toContainText('[1 picture]');
  await phone.screenshot({ path: `${screenshots}/reach-picture-phone.png`, fullPage: true });

  // Staff: the picture shows inline in the thread.
  await page.goto('/phone');
  const row = messagesPanel(page)
    .getByRole('list', { name: 'Conversations' })
    .getByRole('button')
    .filter({ hasText: 'Rosalind' });
  await row.click();
  const log = messagesPanel(page).getByRole('log', { name: 'Messages' });
  const picture = log.getByRole('img', { name: 'Picture from the customer' });
  await expect(picture).toBeVisible({ timeout: 20_000 });
  await expect
    .poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBe(240);
  await expect(log).toContainText('Here is the backyard!');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await picture.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${screenshots}/reach-picture-thread-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // One click: on the order's site photos.
  await log.getByRole('button', { name: `Add to order #${order.number}` }).click();
  await expect(page.getByText("Added to the order's site photos")).toBeVisible();
  await expect(log.getByRole('link', { name: "order's site photos" })).toBeVisible();
  await log.getByRole('link', { name: "order's site photos" }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${order.id}`));
  const sitePhotos = page.getByRole('region', { name: 'Site photos' });
  await expect(sitePhotos.getByRole('img')).toHaveCount(1);
  await expect(page.getByText('Text sent: Photo of the setup spot')).toBeVisible();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await sitePhotos.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${screenshots}/reach-picture-order-${width}.png` });
  }
  await context.close();
});
