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
    staff: {
      events: string[];
      errors: number[];
      call: import('@twilio/voice-sdk').Call | null;
      incomingAt?: number;
    };
    signalLog: { type: string; at: number }[];
    SignalingShim: typeof import('../src/browser/signaling-shim');
    phoneStats: () => Promise<{ bytesReceived: number; bytesSent: number; renegotiations: number }>;
  }
}

/** Page A: the staff browser, its Device registered through the sandbox. */
async function openStaffPhone(page: Page, options: { sandboxSounds?: boolean } = {}) {
  await page.goto(e2e.harnessUrl);
  await page.evaluate(async ({ sandboxSounds }) => {
    const { token, chunderw } = await (await fetch('/harness/token?identity=user_a')).json();
    const device = window.TwilioVoice.createDevice(
      token,
      chunderw,
      sandboxSounds
        ? { sounds: window.SignalingShim.sandboxSoundUrls(`${location.origin}/sandbox`) }
        : {},
    );
    window.staff = { events: [], errors: [], call: null };
    const watch = (call: import('@twilio/voice-sdk').Call) => {
      window.staff.call = call;
      for (const name of ['accept', 'disconnect', 'cancel', 'reject', 'ringing']) {
        call.on(name, () => window.staff.events.push(name));
      }
      call.on('error', (error: { code: number }) => window.staff.errors.push(error.code));
    };
    device.on('incoming', (call: import('@twilio/voice-sdk').Call) => {
      window.staff.incomingAt = performance.now();
      window.staff.events.push('incoming');
      watch(call);
    });
    (window as unknown as { device: unknown }).device = device;
    (window as unknown as { watch: unknown }).watch = watch;
    await device.register();
    window.staff.events.push('registered');
  }, options);
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

test("an ICE restart (the SDK's reinvite) on a page-to-page call is answered by the phone page; audio keeps flowing", async ({
  browser,
}) => {
  const staff = await browser.newPage();
  const phone = await browser.newPage();
  await openStaffPhone(staff);
  await phone.goto(e2e.phoneUrl('+15550007003'));
  await expect(phone.getByTestId('status')).toHaveText('idle');
  await phone.getByLabel('Number to call').fill(e2e.businessNumber);
  await phone.getByRole('button', { name: 'Call' }).click();
  await expect.poll(() => staffEvents(staff)).toContain('incoming');
  await staff.evaluate(() => window.staff.call?.accept());
  await expect.poll(() => staffEvents(staff)).toContain('accept');
  await expect
    .poll(async () => (await staffStats(staff)).bytesReceived, { timeout: 20_000 })
    .toBeGreaterThan(1000);
  const before = await staff.evaluate(() => window.TwilioVoice.remoteUfrags());

  // What the SDK does when media fails: a new offer with fresh ICE credentials, sent as reinvite.
  await staff.evaluate(() => {
    const call = window.staff.call as unknown as { _mediaHandler: { iceRestart(): void } };
    call._mediaHandler.iceRestart();
  });
  await expect
    .poll(async () => (await phone.evaluate(() => window.phoneStats())).renegotiations)
    .toBe(1);
  await expect
    .poll(() => staff.evaluate(() => window.TwilioVoice.remoteUfrags()))
    .not.toEqual(before);
  const received = (await staffStats(staff)).bytesReceived;
  const phoneReceived = (await phone.evaluate(() => window.phoneStats())).bytesReceived;
  await expect
    .poll(async () => (await staffStats(staff)).bytesReceived, { timeout: 20_000 })
    .toBeGreaterThan(received + 2000);
  await expect
    .poll(async () => (await phone.evaluate(() => window.phoneStats())).bytesReceived, {
      timeout: 20_000,
    })
    .toBeGreaterThan(phoneReceived + 2000);
  expect(await staff.evaluate(() => window.staff.errors)).toEqual([]);
  await phone.getByRole('button', { name: 'Hang up' }).click();
  await expect.poll(() => staffEvents(staff)).toContain('disconnect');
});

test('with the sandbox sounds passed to the Device, incoming fires promptly (no sdk.twilio.com fetch)', async ({
  browser,
}) => {
  const staff = await browser.newPage();
  const phone = await browser.newPage();
  const outside: string[] = [];
  staff.on('request', (request) => {
    if (request.url().includes('sdk.twilio.com')) outside.push(request.url());
  });
  await openStaffPhone(staff, { sandboxSounds: true });
  // The sounds decode as audio.
  const durations = await staff.evaluate(async () => {
    const urls = window.SignalingShim.sandboxSoundUrls(`${location.origin}/sandbox`);
    const context = new AudioContext();
    const result: Record<string, number> = {};
    for (const [name, url] of Object.entries(urls)) {
      const data = await (await fetch(url)).arrayBuffer();
      result[name] = (await context.decodeAudioData(data)).duration;
    }
    return result;
  });
  expect(Object.keys(durations).sort()).toEqual(
    [
      'disconnect',
      'dtmf0',
      'dtmf1',
      'dtmf2',
      'dtmf3',
      'dtmf4',
      'dtmf5',
      'dtmf6',
      'dtmf7',
      'dtmf8',
      'dtmf9',
      'dtmfh',
      'dtmfs',
      'incoming',
      'outgoing',
    ].sort(),
  );
  for (const seconds of Object.values(durations)) expect(seconds).toBeGreaterThan(0.1);

  await phone.goto(e2e.phoneUrl('+15550007004'));
  await expect(phone.getByTestId('status')).toHaveText('idle');
  await phone.getByLabel('Number to call').fill(e2e.businessNumber);
  await phone.getByRole('button', { name: 'Call' }).click();
  await expect.poll(() => staffEvents(staff)).toContain('incoming');
  const delay = await staff.evaluate(() => {
    const invite = window.signalLog.find((f) => f.type === 'invite');
    return (window.staff.incomingAt ?? 0) - (invite?.at ?? 0);
  });
  expect(delay).toBeGreaterThanOrEqual(0);
  expect(delay).toBeLessThan(1000);
  expect(outside).toEqual([]);
  await staff.evaluate(() => window.staff.call?.reject());
  await expect(phone.getByTestId('status')).toContainText('ended');
});

test('the phone page sends a text, shows the business reply, and receives a text the business sends', async ({
  browser,
}) => {
  const phone = await browser.newPage();
  const number = '+15550007005';
  await phone.goto(e2e.phoneUrl(number));
  await expect(phone.getByTestId('status')).toHaveText('idle');
  await phone.getByLabel('Text to').fill(e2e.businessNumber);
  await phone
    .getByRole('textbox', { name: 'Message', exact: true })
    .fill('Is the big tent free on Saturday?');
  await phone.getByRole('button', { name: 'Send text' }).click();
  const messages = phone.getByRole('list', { name: 'Messages' });
  await expect(messages).toContainText(
    `To ${e2e.businessNumber}: Is the big tent free on Saturday?`,
  );
  // The business's webhook replied with <Message>; the reply reaches the page.
  await expect(messages).toContainText(
    `${e2e.businessNumber}: Thanks! We got: Is the big tent free on Saturday?`,
  );
  const inbound = e2e.server.sandbox.control.store
    .messagesFor(number)
    .find((m) => m.direction === 'inbound');
  expect(inbound?.body).toBe('Is the big tent free on Saturday?');

  // The business texts the phone through the REST API.
  await e2e.client.messages.create({
    from: e2e.businessNumber,
    to: number,
    body: 'Yes, it is yours.',
  });
  await expect(messages).toContainText(`${e2e.businessNumber}: Yes, it is yours.`);
  // A reload shows the conversation again (the inbox comes from the sandbox).
  await phone.reload();
  await expect(phone.getByRole('list', { name: 'Messages' })).toContainText('Yes, it is yours.');
});

test('an ICE restart on a call the server-side peer answered is renegotiated by that peer', async ({
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
  const before = await staff.evaluate(() => window.TwilioVoice.remoteUfrags());
  await staff.evaluate(() => {
    const call = window.staff.call as unknown as { _mediaHandler: { iceRestart(): void } };
    call._mediaHandler.iceRestart();
  });
  await expect
    .poll(() => staff.evaluate(() => window.TwilioVoice.remoteUfrags()))
    .not.toEqual(before);
  const received = (await staffStats(staff)).bytesReceived;
  await expect
    .poll(async () => (await staffStats(staff)).bytesReceived, { timeout: 20_000 })
    .toBeGreaterThan(received + 2000);
  expect(await staff.evaluate(() => window.staff.errors)).toEqual([]);
  await staff.evaluate(() => window.staff.call?.disconnect());
});
