import { type Browser, type BrowserContext, expect, type Page } from '@playwright/test';
import { signInAs } from './sign-in-as';

/** Bounce Kingdom's business number, bought from the sandbox carrier at start. */
export async function businessNumber(page: Page): Promise<string> {
  const response = await page.request.get('/sandbox/control/state');
  const state = (await response.json()) as { phoneNumbers: { phoneNumber: string }[] };
  const number = state.phoneNumbers[0]?.phoneNumber;
  if (!number) throw new Error('the sandbox has no business number');
  return number;
}

/**
 * Records every RTCPeerConnection the page makes, so a test can read the browser phone's
 * audio counters the way the sandbox's own tests do (the app exposes nothing for tests).
 */
const RECORD_PEER_CONNECTIONS = `(() => {
  const Native = window.RTCPeerConnection;
  const all = [];
  window.__peerConnections = all;
  window.RTCPeerConnection = class extends Native {
    constructor(...args) { super(...args); all.push(this); }
  };
})();`;

const CONSOLE_ERRORS = new WeakMap<Page, string[]>();

/** The console errors a staff page opened by openStaffPhone has logged so far (issue 15). */
export function consoleErrors(page: Page): string[] {
  return [...(CONSOLE_ERRORS.get(page) ?? [])];
}

/** A signed-in staff member's browser on `path`, with the browser phone ready for calls. */
export async function openStaffPhone(
  browser: Browser,
  email: string,
  path = '/phone',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  await context.addInitScript(RECORD_PEER_CONNECTIONS);
  const page = await context.newPage();
  // A device error in the log says more than a failed expectation about the phone.
  const errors: string[] = [];
  CONSOLE_ERRORS.set(page, errors);
  page.on('console', (message) => {
    if (message.text().startsWith('Voice device error')) console.log(`[${email}]`, message.text());
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await signInAs(page, email, path);
  if (path === '/phone') {
    await expect(page.getByRole('status').filter({ hasText: 'Ready for calls' })).toBeVisible({
      timeout: 20_000,
    });
  }
  return { context, page };
}

/** Audio bytes the staff page's latest peer connection received and sent. */
export function staffAudioBytes(page: Page): Promise<{ received: number; sent: number }> {
  return page.evaluate(async () => {
    const all = (window as unknown as { __peerConnections?: RTCPeerConnection[] })
      .__peerConnections;
    const pc = all?.at(-1);
    let received = 0;
    let sent = 0;
    if (!pc) return { received, sent };
    (await pc.getStats()).forEach(
      (report: { type: string; kind?: string } & Record<string, unknown>) => {
        if (report.type === 'inbound-rtp' && report.kind === 'audio')
          received += Number(report.bytesReceived ?? 0);
        if (report.type === 'outbound-rtp' && report.kind === 'audio')
          sent += Number(report.bytesSent ?? 0);
      },
    );
    return { received, sent };
  });
}

/** The sandbox's phone simulator: a customer's (or a staff member's own) phone. */
export async function openSimulator(context: BrowserContext, number: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`/sandbox/phone?number=${encodeURIComponent(number)}`);
  await expect(simulatorStatus(page)).toHaveText('idle');
  return page;
}

export function simulatorStatus(phone: Page) {
  return phone.getByTestId('status');
}

export async function simulatorDial(phone: Page, to: string): Promise<void> {
  await phone.getByLabel('Number to call').fill(to);
  await phone.getByRole('button', { name: 'Call', exact: true }).click();
}

export function simulatorAudioBytes(phone: Page): Promise<{ received: number; sent: number }> {
  return phone.evaluate(async () => {
    const stats = await (
      window as unknown as {
        phoneStats: () => Promise<{ bytesReceived: number; bytesSent: number }>;
      }
    ).phoneStats();
    return { received: stats.bytesReceived, sent: stats.bytesSent };
  });
}

/** The Incoming Call dialog on a staff page. */
export function incomingCallDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Incoming Call' });
}

/** The active call panel on a staff page. */
export function activeCall(page: Page) {
  return page.getByRole('region', { name: 'Active call' });
}

/** A customer of Bounce Kingdom with this phone number, by the customers API. */
export async function customerWithNumber(
  page: Page,
  number: string,
): Promise<{ id: string; firstName: string; lastName: string }> {
  const response = await page.request.get(
    `/api/customers?search=${encodeURIComponent(number.slice(-7))}&pageSize=100`,
  );
  const { customers } = (await response.json()) as {
    customers: { id: string; firstName: string; lastName: string; phoneNumber: string | null }[];
  };
  const customer = customers.find((c) => c.phoneNumber === number);
  if (!customer) throw new Error(`no customer has the number ${number}`);
  return customer;
}

/** A call as the sandbox carrier sees it (its control API, for tests). */
export type CarrierCall = {
  sid: string;
  status: string;
  /** The call's Dial legs: `to` is a number or `client:` + a browser phone's identity. */
  children: { sid: string; to: string; status: string }[];
  /** Seconds of the caller's audio a `<Record>` under way has captured; null when not recording. */
  recordingSeconds: number | null;
};

/** The calls the carrier carried from `from`, newest first. */
export async function carrierCalls(page: Page, from: string): Promise<CarrierCall[]> {
  const response = await page.request.get(
    `/sandbox/control/calls?from=${encodeURIComponent(from)}`,
  );
  expect(response.ok()).toBe(true);
  return (await response.json()) as CarrierCall[];
}

/** The signed-in user's id, from the session. */
export async function sessionUserId(page: Page): Promise<string> {
  const session = (await (await page.request.get('/api/auth/session')).json()) as {
    user: { id: string };
  };
  return session.user.id;
}
