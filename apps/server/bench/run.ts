// `npm run bench`: every benchmark, each timed against a baseline measured in the same run.
import pg from 'pg';
import { benchAuth } from './auth.bench.js';
import { benchAvailability } from './availability.bench.js';
import { benchBundle } from './bundle.bench.js';
import { benchCustomerSearch } from './customer-search.bench.js';
import { benchIncomingDialog } from './incoming-dialog.bench.js';
import { benchLoad } from './load.bench.js';
import { ms, type Timing } from './measure.js';
import { benchOrders } from './orders.bench.js';
import { benchReports, REPORT_GOAL_MS } from './reports.bench.js';
import { benchSmsWebhook } from './sms-webhook.bench.js';
import { benchStore, STORE_GOAL_MS } from './store.bench.js';
import { benchTextVisible } from './text-visible.bench.js';
import { benchVoiceWebhook } from './voice-webhook.bench.js';

const POSTGRES_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** The table of a section; with `goalMs`, a column saying whether each p95 is within it. */
function print(
  title: string,
  results: Record<string, Timing & { perSecond?: number }> | string,
  goalMs?: number,
) {
  if (typeof results === 'string') {
    console.log(`\n${title}: ${results}`);
    return;
  }
  const baselineName = Object.keys(results).find((k) => k.includes('baseline'));
  const baseline = baselineName ? results[baselineName] : undefined;
  const goalHead = goalMs === undefined ? '' : ` ${`p95 ≤ ${goalMs} ms`.padStart(13)}`;
  console.log(`\n${title}`);
  console.log(
    `${'measure'.padEnd(52)} ${'p50'.padStart(10)} ${'p95'.padStart(10)} ${'p50 ×'.padStart(8)} ${'p95 ×'.padStart(8)} ${'req/s'.padStart(8)}${goalHead}`,
  );
  for (const [name, t] of Object.entries(results)) {
    const r50 = baseline ? (t.p50 / baseline.p50).toFixed(2) : '-';
    const r95 = baseline ? (t.p95 / baseline.p95).toFixed(2) : '-';
    const rate = t.perSecond ? t.perSecond.toFixed(0) : '';
    const goal =
      goalMs === undefined
        ? ''
        : ` ${(name === baselineName ? '' : t.p95 <= goalMs ? 'met' : 'MISSED').padStart(13)}`;
    console.log(
      `${name.padEnd(52)} ${ms(t.p50).padStart(10)} ${ms(t.p95).padStart(10)} ${r50.padStart(8)} ${r95.padStart(8)} ${rate.padStart(8)}${goal}`,
    );
  }
}

const customers = process.env.BENCH_CUSTOMERS ?? '100000';
const pgUp = await postgresReachable();
if (!pgUp) console.log(`\nPostgreSQL at ${POSTGRES_URL} is not reachable: its runs are skipped.`);

/** Runs `run` on the embedded database, then (when reachable) on PostgreSQL. */
async function onBothDatabases(title: string, run: () => Promise<Parameters<typeof print>[1]>) {
  delete process.env.DATABASE_URL;
  print(`${title}, embedded PGlite`, await run());
  if (pgUp) {
    process.env.DATABASE_URL = POSTGRES_URL;
    print(`${title}, PostgreSQL`, await run());
    delete process.env.DATABASE_URL;
  }
}

// Each section has a name; BENCH_ONLY=name[,name] runs just those.
const sections: Record<string, () => Promise<void>> = {
  // Customers (issue 4).
  'customer-search': () =>
    onBothDatabases(`Customer search, ${customers} customers`, benchCustomerSearch),
  // Reach calling (issue 6).
  'voice-webhook': () =>
    onBothDatabases('Voice webhook, 100 concurrent inbound calls', benchVoiceWebhook),
  'incoming-dialog': async () =>
    print(
      'Incoming call to the Incoming Call dialog, 20 calls, Chromium',
      await benchIncomingDialog(),
    ),
  // Reach texting (issue 7).
  'sms-webhook': () => onBothDatabases('Inbound text webhook, 50 in flight', benchSmsWebhook),
  'text-visible': async () =>
    print(
      'Inbound text to visible in the open conversation, 20 texts, Chromium',
      await benchTextVisible(),
    ),
  // Load on a large account, PostgreSQL only (issue 8); errors or non-2xx fail the run.
  load: async () => {
    if (!pgUp) return print('Load on a large account', 'skipped (PostgreSQL is not reachable)');
    if (!(await benchLoad(POSTGRES_URL))) process.exitCode = 1;
  },
  // The authenticated request's cost against Twilio's quickstart /token (issue 14).
  auth: async () => {
    if (!pgUp) return print('Authenticated requests', 'skipped (PostgreSQL is not reachable)');
    if (!(await benchAuth(POSTGRES_URL))) process.exitCode = 1;
  },
  // Availability on a large account (issue 16), PostgreSQL: 20-item answers against a
  // primary-key lookup, and reserve transitions from 20 connections with no errors.
  availability: async () => {
    const title = 'Availability, 2,000 products and 200,000 holding lines, PostgreSQL';
    if (!pgUp) return print(title, 'skipped (PostgreSQL is not reachable)');
    const { results, errors } = await benchAvailability(POSTGRES_URL);
    print(title, results);
    const answer = results['availability, 20 items'];
    console.log(
      `  goal: p95 <= 15 ms (${answer?.p95.toFixed(2)} ms) and <= 3x the lookup; reserve errors: ${errors}`,
    );
    if (errors > 0) process.exitCode = 1;
  },
  // The order list on a large account (issue 17), PostgreSQL: 100,000 orders.
  orders: async () => {
    const title = 'Order list, 100,000 orders, PostgreSQL';
    if (!pgUp) return print(title, 'skipped (PostgreSQL is not reachable)');
    print(title, await benchOrders(POSTGRES_URL));
  },
  // Reports on a large account (issue 22), PostgreSQL: each over the last 365 days of 100,000
  // orders, p95 ≤ 200 ms. A missed goal is printed; an error fails the run.
  reports: async () => {
    const title = 'Reports over a year, 100,000 orders, PostgreSQL';
    if (!pgUp) return print(title, 'skipped (PostgreSQL is not reachable)');
    try {
      const { results, notes } = await benchReports(POSTGRES_URL);
      print(title, results, REPORT_GOAL_MS);
      for (const note of notes) console.log(`  ${note}`);
      const missed = Object.entries(results).filter(
        ([name, t]) => !name.includes('baseline') && t.p95 > REPORT_GOAL_MS,
      );
      console.log(
        missed.length === 0
          ? `  goal: p95 <= ${REPORT_GOAL_MS} ms each: met by all ${Object.keys(results).length - 1}`
          : `  goal: p95 <= ${REPORT_GOAL_MS} ms each: MISSED by ${missed.map(([name, t]) => `${name} (${ms(t.p95)})`).join(', ')}`,
      );
    } catch (error) {
      console.error(`\n${title}: failed`, error);
      process.exitCode = 1;
    }
  },
  // The store's category page on a large account (issue 20), PostgreSQL: first byte p95 ≤ 50 ms.
  store: async () => {
    const title = 'Store category page, 300 products and 120,000 holding lines, PostgreSQL';
    if (!pgUp) return print(title, 'skipped (PostgreSQL is not reachable)');
    const results = await benchStore(POSTGRES_URL);
    print(title, results, STORE_GOAL_MS);
  },
  // The route optimiser on Solomon's VRPTW instances and a party day (issue 19, item 4; decision 0035).
  routing: async () => void (await import('./routing.bench.js')).benchRouting(),
  // The JavaScript a first visit downloads, against its 150 kB budget (issue 13).
  bundle: async () =>
    console.log(`\nFirst visit, the built web app (apps/web/dist)\n${benchBundle()}`),
};

const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
for (const [name, run] of Object.entries(sections)) {
  if (!only || only.includes(name)) await run();
}
