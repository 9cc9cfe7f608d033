// From the carrier delivering an inbound text to it being visible in the open conversation
// (issue 7), p50/p95 over 20 texts, next to the page's own round trip to the server.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { accounts, conversations, phoneServices } from '../src/db/schema.js';
import { startTestServer } from '../test/helpers/test-server.js';
import { measure, summarize, type Timing } from './measure.js';

const TEXTS = 20;
const FROM = '+15550100199';
const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export async function benchTextVisible(): Promise<Record<string, Timing> | string> {
  if (!existsSync(path.join(webDist, 'index.html')))
    return 'the web app is not built (npm run build): skipped';
  const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromiumPath)) return `no Chromium at ${chromiumPath}: skipped`;
  const server = await startTestServer({ webDistDir: webDist });
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
    ],
  });
  const text = (body: string, to: string) =>
    fetch(`${server.baseUrl}/sandbox/control/sms`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from: FROM, to, body }),
    });
  try {
    const [row] = await server.db
      .select({ number: phoneServices.phoneNumber })
      .from(phoneServices)
      .innerJoin(accounts, eq(accounts.id, phoneServices.accountId))
      .where(eq(accounts.name, 'Bounce Kingdom Party Rentals'));
    const business = row?.number as string;
    await text('Hello!', business);
    let conversationId: string | undefined;
    for (let i = 0; i < 50 && !conversationId; i++) {
      [conversationId] = (
        await server.db
          .select({ id: conversations.id })
          .from(conversations)
          .where(eq(conversations.phoneNumber, FROM))
      ).map((c) => c.id);
      if (!conversationId) await new Promise((r) => setTimeout(r, 100));
    }
    const page = await browser.newPage({
      baseURL: server.baseUrl,
      viewport: { width: 1600, height: 900 },
    });
    await page.goto(
      `/auth/login?callbackUrl=${encodeURIComponent(`/phone?conversation=${conversationId}`)}`,
    );
    await page.getByLabel('Email').fill('owner@tentpole.test');
    await page.getByLabel('Password').fill('tentpole-demo');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const log = page
      .getByRole('region', { name: 'Messages' })
      .getByRole('log', { name: 'Messages' });
    await log.getByText('Hello!').waitFor({ timeout: 30_000 });
    await page.getByText('Live', { exact: true }).first().waitFor({ timeout: 15_000 });

    const baseline = await measure(
      async () => {
        await page.evaluate(() => fetch('/api/health').then((r) => r.text()));
      },
      TEXTS,
      3,
    );
    const samples: number[] = [];
    for (let i = 0; i < TEXTS + 2; i++) {
      const body = `Bench text ${i}: is the castle free?`;
      const start = performance.now();
      await text(body, business);
      await log.getByText(body).waitFor({ timeout: 15_000 });
      if (i >= 2) samples.push(performance.now() - start);
    }
    return {
      "page's round trip to the server (baseline)": baseline,
      'inbound text → visible in the open conversation': summarize(samples),
    };
  } finally {
    await browser.close();
    await server.close();
  }
}
