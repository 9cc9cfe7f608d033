// From the carrier delivering an inbound text to it being visible in the open conversation
// (issue 7), p50/p95 over 20 texts, next to the page's own round trip to the server.
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { conversations } from '../src/features/phone/texts/tables.js';
import { startTestServer } from '../test/helpers/test-server.js';
import {
  benchBrowser,
  businessNumber,
  pageRoundTrip,
  signedInPage,
  WEB_DIST,
} from './bench-kit.js';
import { summarize, type Timing } from './measure.js';

const TEXTS = 20;
const FROM = '+15550100199';

export async function benchTextVisible(): Promise<Record<string, Timing> | string> {
  const browser = await benchBrowser();
  if (typeof browser === 'string') return browser;
  const server = await startTestServer({ webDistDir: WEB_DIST });
  const text = (body: string, to: string) =>
    fetch(`${server.baseUrl}/sandbox/control/sms`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from: FROM, to, body }),
    });
  try {
    const business = await businessNumber(server);
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
    const page = await signedInPage(
      browser,
      server.baseUrl,
      'owner@tentpole.test',
      `/phone?conversation=${conversationId}`,
      { width: 1600, height: 900 },
    );
    const log = page
      .getByRole('region', { name: 'Messages' })
      .getByRole('log', { name: 'Messages' });
    await log.getByText('Hello!').waitFor({ timeout: 30_000 });
    await page.getByText('Live', { exact: true }).first().waitFor({ timeout: 15_000 });

    const baseline = await pageRoundTrip(page, TEXTS);
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
