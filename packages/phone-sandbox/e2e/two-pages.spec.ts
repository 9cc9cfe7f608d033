import { expect, type Page, test } from '@playwright/test';
import { type E2eServer, startE2eServer } from './harness-server';

let e2e: E2eServer;
test.beforeAll(async () => {
  e2e = await startE2eServer();
});
test.afterAll(async () => {
  await e2e.close();
});

declare global {
  interface Window {
    TwilioVoice: typeof import('./sdk-entry');
    staff: { events: string[]; errors: number[]; call: import('@twilio/voice-sdk').Call | null };
    phoneStats: () => Promise<{ bytesReceived: number; bytesSent: number }>;
  }
}

/** Page A: the staff browser, its Device registered through the sandbox. */
async function openStaffPhone(page: Page) {
  await page.goto(e2e.harnessUrl);
  await page.evaluate(async () => {
    const { token, chunderw } = await (await fetch('/harness/token?identity=user_a')).json();
    const device = window.TwilioVoice.createDevice(token, chunderw);
    window.staff = { events: [], errors: [], call: null };
    const watch = (call: import('@twilio/voice-sdk').Call) => {
      window.staff.call = call;
      for (const name of ['accept', 'disconnect', 'cancel', 'reject', 'ringing']) {
        call.on(name, () => window.staff.events.push(name));
      }
      call.on('error', (error: { code: number }) => window.staff.errors.push(error.code));
    };
    device.on('incoming', (call: import('@twilio/voice-sdk').Call) => {
      window.staff.events.push('incoming');
      watch(call);
    });
    (window as unknown as { device: unknown }).device = device;
    (window as unknown as { watch: unknown }).watch = watch;
    await device.register();
    window.staff.events.push('registered');
  });
}

const staffEvents = (page: Page) => page.evaluate(() => window.staff.events);
const staffStats = (page: Page) => page.evaluate(() => window.TwilioVoice.audioStats());

test('a customer calls the business; the staff browser answers; audio flows both ways; the customer hangs up', async ({
  browser,
}) => {
  const staff = await browser.newPage();
  const phone = await browser.newPage();
  await openStaffPhone(staff);
  await phone.goto(e2e.phoneUrl('+15550007001'));
  await expect(phone.getByTestId('status')).toHaveText('idle');

  await phone.getByLabel('Number to call').fill(e2e.businessNumber);
  await phone.getByRole('button', { name: 'Call' }).click();
  await expect.poll(() => staffEvents(staff)).toContain('incoming');
  await staff.evaluate(() => window.staff.call?.accept());

  await expect.poll(() => staffEvents(staff)).toContain('accept');
  await expect(phone.getByTestId('status')).toHaveText('open');
  await expect
    .poll(async () => (await staffStats(staff)).bytesReceived, { timeout: 20_000 })
    .toBeGreaterThan(1000);
  await expect
    .poll(async () => (await phone.evaluate(() => window.phoneStats())).bytesReceived, {
      timeout: 20_000,
    })
    .toBeGreaterThan(1000);

  await phone.getByRole('button', { name: 'Hang up' }).click();
  await expect.poll(() => staffEvents(staff)).toContain('disconnect');
});

test('the staff browser calls a customer; the customer answers; the staff hangs up', async ({
  browser,
}) => {
  const staff = await browser.newPage();
  const phone = await browser.newPage();
  const customer = '+15550007002';
  await openStaffPhone(staff);
  await phone.goto(e2e.phoneUrl(customer));
  await expect(phone.getByTestId('status')).toHaveText('idle');

  await staff.evaluate(async (to) => {
    const device = (window as unknown as { device: import('@twilio/voice-sdk').Device }).device;
    const call = await device.connect({ params: { To: to } });
    (window as unknown as { watch: (c: unknown) => void }).watch(call);
  }, customer);
  await expect(phone.getByTestId('status')).toHaveText('incoming');
  await phone.getByRole('button', { name: 'Answer' }).click();
  await expect.poll(() => staffEvents(staff)).toContain('accept');
  await expect(phone.getByTestId('status')).toHaveText('open');
  await expect
    .poll(async () => (await staffStats(staff)).bytesReceived, { timeout: 20_000 })
    .toBeGreaterThan(1000);
  await expect
    .poll(async () => (await phone.evaluate(() => window.phoneStats())).bytesReceived, {
      timeout: 20_000,
    })
    .toBeGreaterThan(1000);

  await staff.evaluate(() => window.staff.call?.disconnect());
  await expect(phone.getByTestId('status')).toContainText('ended');
});

test('calling a busy number fails with 31486', async ({ browser }) => {
  const staff = await browser.newPage();
  await openStaffPhone(staff);
  await staff.evaluate(async () => {
    const device = (window as unknown as { device: import('@twilio/voice-sdk').Device }).device;
    const call = await device.connect({ params: { To: '+15005550010' } });
    (window as unknown as { watch: (c: unknown) => void }).watch(call);
  });
  await expect.poll(() => staff.evaluate(() => window.staff.errors)).toContain(31486);
  await expect.poll(() => staffEvents(staff)).toContain('disconnect');
});

test('a number with no page open is answered by the server-side peer, whose audio reaches the browser', async ({
  browser,
}) => {
  const staff = await browser.newPage();
  await openStaffPhone(staff);
  await staff.evaluate(async () => {
    const device = (window as unknown as { device: import('@twilio/voice-sdk').Device }).device;
    const call = await device.connect({ params: { To: '+15005550013' } });
    (window as unknown as { watch: (c: unknown) => void }).watch(call);
  });
  await expect.poll(() => staffEvents(staff)).toContain('accept');
  await expect
    .poll(async () => (await staffStats(staff)).bytesReceived, { timeout: 20_000 })
    .toBeGreaterThan(1000);
  await staff.evaluate(() => window.staff.call?.disconnect());
});
