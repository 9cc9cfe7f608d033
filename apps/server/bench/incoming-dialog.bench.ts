// From the carrier placing an inbound call to the Incoming Call dialog being visible in a
// staff member's browser (issue 6), p50/p95 over 20 calls, next to the same page's round
// trip to the server measured in the same run.
import { performance } from 'node:perf_hooks';
import { startTestServer } from '../test/helpers/test-server.js';
import {
  benchBrowser,
  businessNumber,
  pageRoundTrip,
  signedInPage,
  WEB_DIST,
} from './bench-kit.js';
import { summarize, type Timing } from './measure.js';

const CALLS = 20;

export async function benchIncomingDialog(): Promise<Record<string, Timing> | string> {
  const browser = await benchBrowser();
  if (typeof browser === 'string') return browser;
  const server = await startTestServer({ webDistDir: WEB_DIST });
  try {
    const business = await businessNumber(server);
    const page = await signedInPage(browser, server.baseUrl, 'staff@tentpole.test', '/phone');
    await page
      .getByRole('status')
      .filter({ hasText: 'Ready for calls' })
      .waitFor({ timeout: 30_000 });
    const dialog = page.getByRole('dialog', { name: 'Incoming Call' });

    const baseline = await pageRoundTrip(page, CALLS);
    const samples: number[] = [];
    for (let i = 0; i < CALLS + 2; i++) {
      const start = performance.now();
      const placed = await fetch(`${server.baseUrl}/sandbox/control/calls`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ from: `+1555060${String(1000 + i)}`, to: business }),
      }).then((r) => r.json() as Promise<{ callSid: string }>);
      await dialog.waitFor({ state: 'visible', timeout: 15_000 });
      // The first two calls warm up; the rest are timed from placing to the dialog showing.
      if (i >= 2) samples.push(performance.now() - start);
      // Untimed: the caller hangs up and the dialog closes before the next call.
      await fetch(`${server.baseUrl}/sandbox/control/calls/${placed.callSid}/hangup`, {
        method: 'POST',
      });
      await dialog.waitFor({ state: 'hidden', timeout: 15_000 });
    }
    return {
      "page's round trip to the server (baseline)": baseline,
      'inbound call placed → Incoming Call dialog visible': summarize(samples),
    };
  } finally {
    await browser.close();
    await server.close();
  }
}
