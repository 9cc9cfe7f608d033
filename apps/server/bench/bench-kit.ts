// What the in-process benchmarks share: the demo business number, a bare node:http baseline,
// signed carrier webhooks, and a Chromium page signed in to the built web app.
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import twilio from 'twilio';
import { accounts } from '../src/auth/tables.js';
import { phoneServices } from '../src/features/phone/tables.js';
import type { TestServer } from '../test/helpers/test-server.js';
import { measure, type Timing } from './measure.js';

export const WEB_DIST = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../web/dist',
);

/** Bounce Kingdom's business number (the demo account with phone service). */
export async function businessNumber(server: TestServer): Promise<string> {
  const [row] = await server.db
    .select({ number: phoneServices.phoneNumber })
    .from(phoneServices)
    .innerJoin(accounts, eq(accounts.id, phoneServices.accountId))
    .where(eq(accounts.name, 'Bounce Kingdom Party Rentals'));
  if (!row?.number) throw new Error('the demo account has no business number');
  return row.number;
}

/** A node:http server that reads the request and answers `body` as XML: the baseline. */
export async function bareXmlServer(body: string) {
  const bare = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'text/xml' });
      response.end(body);
    });
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(bare.address() as AddressInfo).port}/webhook`,
    close: () => bare.close(),
  };
}

/** Posts a form as the carrier does, signed with `authToken`; anything but 200 throws. */
export function carrierPoster(authToken: string) {
  return async (target: string, body: Record<string, string>) => {
    const response = await fetch(target, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilio.getExpectedTwilioSignature(authToken, target, body),
      },
      body: new URLSearchParams(body),
    });
    if (response.status !== 200) throw new Error(`webhook answered ${response.status}`);
    await response.text();
  };
}

/** Chromium for the browser benches, or why they are skipped. */
export async function benchBrowser(): Promise<Browser | string> {
  if (!existsSync(path.join(WEB_DIST, 'index.html')))
    return 'the web app is not built (npm run build): skipped';
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) return `no Chromium at ${executablePath}: skipped`;
  return chromium.launch({
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
    ],
  });
}

/** A page signed in as `email` through the sign-in screen, landing on `path`. */
export async function signedInPage(
  browser: Browser,
  baseURL: string,
  email: string,
  target: string,
  viewport?: { width: number; height: number },
): Promise<Page> {
  const page = await browser.newPage({ baseURL, ...(viewport ? { viewport } : {}) });
  await page.goto(`/auth/login?callbackUrl=${encodeURIComponent(target)}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('tentpole-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  return page;
}

/** The page's own round trip to the server: the baseline of the browser benches. */
export function pageRoundTrip(page: Page, n: number): Promise<Timing> {
  return measure(
    async () => {
      await page.evaluate(() => fetch('/api/health').then((r) => r.text()));
    },
    n,
    3,
  );
}
