// Load on a large account (issue 8): the built server in its own process on PostgreSQL, with
// Bounce Kingdom grown to 100,000 customers, 1,000,000 messages and 100,000 calls, driven by
// autocannon from this process. Each target's throughput and latency is also a ratio to a bare
// node:http server (its own process too) loaded the same way in the same run.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { BOUNCE_KINGDOM, DEMO_PASSWORD } from '@tentpole/domain';
import autocannon from 'autocannon';
import pg from 'pg';
import twilio from 'twilio';
import { WEBHOOK_BASE } from '../src/telephony/webhook-urls.js';
import { HttpClient } from '../test/helpers/http-client.js';
import { type ChildServer, startBareServer, startBuiltServer } from './child-server.js';
import { customerPhone, hasPhone, type LoadAccount, seedLargeAccount } from './load-seed.js';

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_LOAD_WARMUP_SECONDS ?? 2);
const CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 50);
const PLAN = {
  customers: Number(process.env.BENCH_LOAD_CUSTOMERS ?? 100_000),
  messages: Number(process.env.BENCH_LOAD_MESSAGES ?? 1_000_000),
  calls: Number(process.env.BENCH_LOAD_CALLS ?? 100_000),
};

// What people type into customer search: names, a name and surname, an e-mail, a company, a
// reference, and phone numbers written three ways.
const SEARCHES = [
  'smith',
  'olivia garcia',
  'emma lee',
  'noah.brown',
  'harbor events',
  'REF-142420',
  '(555) 200-4242',
  '5552031337',
  '+1 555 201 9000',
  'wright',
  'summit corp 12',
  'mia@mail',
];

// Each target is compared with the bare server answering the same kind of request.
type Kind = 'GET' | 'POST';
type Target = { name: string; kind: Kind; isBaseline?: true; options: autocannon.Options };
type Row = {
  name: string;
  kind: Kind;
  isBaseline: boolean;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  /** Answers other than 2xx, by status code. */
  otherStatuses: string;
  total: number;
};

type SandboxCredentials = { accountSid: string; authToken: string };

/** Runs the whole section; false when any target had errors, timeouts or non-2xx answers. */
export async function benchLoad(postgresUrl: string): Promise<boolean> {
  const name = `tentpole_load_${randomBytes(6).toString('hex')}`;
  const databaseUrl = Object.assign(new URL(postgresUrl), { pathname: `/${name}` }).toString();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tentpole-load-'));
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  };
  let server: ChildServer | undefined;
  let bare: ChildServer | undefined;
  let cleaned: Promise<void> | undefined;
  const cleanUp = () => {
    cleaned ??= (async () => {
      await Promise.all([server?.stop(), bare?.stop()]);
      await admin(`drop database if exists ${name} with (force)`).catch((error: unknown) =>
        console.error(`could not drop the scratch database ${name}:`, error),
      );
      rmSync(dataDir, { recursive: true, force: true });
    })();
    return cleaned;
  };
  // Ctrl-C mid-run still stops the server and drops the scratch database.
  const interrupted = () => void cleanUp().finally(() => process.exit(130));
  process.once('SIGINT', interrupted);

  try {
    await admin(`create database ${name}`);
    const started = performance.now();
    server = await startBuiltServer(databaseUrl, dataDir);
    const businessNumber = await waitForBusinessNumber(databaseUrl);
    const booted = (performance.now() - started) / 1000;
    console.log(
      `\nLoad: the built server on PostgreSQL (scratch database ${name}) migrated, loaded the demo data and bought ${businessNumber} in ${booted.toFixed(1)} s`,
    );
    const account = await seedLargeAccount(databaseUrl, BOUNCE_KINGDOM, PLAN);
    const seeding = Object.values(account.timings).reduce((sum, s) => sum + s, 0);
    console.log(
      `Seeded ${BOUNCE_KINGDOM}: ${Object.entries(account.counts)
        .map(([table, n]) => `${n.toLocaleString('en-US')} ${table}`)
        .join(', ')} in ${seeding.toFixed(1)} s (${Object.entries(account.timings)
        .map(([step, s]) => `${step} ${s.toFixed(1)} s`)
        .join(', ')})`,
    );

    const cookie = await signIn(server.url);
    const credentials = JSON.parse(
      readFileSync(path.join(dataDir, 'sandbox-credentials.json'), 'utf8'),
    ) as SandboxCredentials;
    bare = await startBareServer();
    const targets = loadTargets(server.url, bare.url, cookie, credentials, account);

    const rows: Row[] = [];
    for (const target of targets) {
      if (WARMUP_SECONDS > 0) await cannon({ ...target.options, duration: WARMUP_SECONDS });
      const { result, latencies } = await cannon({ ...target.options, duration: SECONDS });
      rows.push({
        name: target.name,
        kind: target.kind,
        isBaseline: target.isBaseline ?? false,
        perSecond: result.requests.average,
        p50: percentile(latencies, 0.5),
        p99: percentile(latencies, 0.99),
        errors: result.errors,
        timeouts: result.timeouts,
        non2xx: result.non2xx,
        otherStatuses: Object.entries(result.statusCodeStats ?? {})
          .filter(([status]) => !status.startsWith('2'))
          .map(([status, { count }]) => `${count ?? 0} × ${status}`)
          .join(', '),
        total: result.requests.total,
      });
    }
    printTable(rows);
    const failed = rows.filter((r) => r.errors > 0 || r.timeouts > 0 || r.non2xx > 0);
    if (failed.length > 0) {
      console.error('\nLOAD FAILED: errors, timeouts or answers other than 2xx');
      for (const r of failed) {
        console.error(
          `  ${r.name}: ${r.errors} errors, ${r.timeouts} timeouts, non-2xx: ${r.otherStatuses || 'none'}`,
        );
      }
      console.error(`Last lines of the server's output:\n${server.logTail()}`);
      return false;
    }
    return true;
  } catch (error) {
    if (server) console.error(`Last lines of the server's output:\n${server.logTail()}`);
    throw error;
  } finally {
    process.removeListener('SIGINT', interrupted);
    await cleanUp();
  }
}

/**
 * One autocannon run, with every 2xx answer's latency kept at full resolution (autocannon's
 * own histogram counts whole milliseconds, too coarse for the bare server).
 */
export async function cannon(options: autocannon.Options) {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error: unknown, done: autocannon.Result) =>
      error ? reject(error) : resolve(done),
    );
    instance.on('response', (_client, status, _bytes, milliseconds) => {
      if (status >= 200 && status < 300) latencies.push(milliseconds);
    });
  });
  latencies.sort((a, b) => a - b);
  return { result, latencies };
}

export const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** The server buys Bounce Kingdom's number at the sandbox carrier just after it starts. */
export async function waitForBusinessNumber(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const { rows } = await client.query<{ phone_number: string | null }>(
        `select ps.phone_number from phone_services ps
         join accounts a on a.id = ps.account_id where a.name = $1`,
        [BOUNCE_KINGDOM],
      );
      const number = rows[0]?.phone_number;
      if (number) return number;
      if (Date.now() > deadline) throw new Error('the server did not set up its phone number');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    await client.end();
  }
}

/** Signs in as the demo owner through Auth.js, as the browser does; the session cookie. */
export async function signIn(baseUrl: string): Promise<string> {
  const client = new HttpClient(baseUrl);
  const result = await client.signIn('owner@tentpole.test', DEMO_PASSWORD);
  if (!result.ok) throw new Error(`sign-in failed: ${result.error ?? result.status}`);
  return [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}

function loadTargets(
  appUrl: string,
  bareUrl: string,
  cookie: string,
  { accountSid, authToken }: SandboxCredentials,
  account: LoadAccount,
): Target[] {
  const common = { connections: CONNECTIONS };
  const signedIn = { cookie };
  // A caller who is a customer, half the time; a number never seen before otherwise.
  const caller = (i: number, strangers: number) => {
    const customer = 1 + ((i * 7919) % account.seededCustomers);
    return i % 2 === 0 && hasPhone(customer)
      ? customerPhone(customer)
      : `+1555${strangers + (i % 1_000_000)}`;
  };
  const run = Date.now().toString(16);
  const sid = (prefix: string, i: number) =>
    `${prefix}${run}${String(i).padStart(32 - run.length, '0')}`;
  const voiceParams = (i: number) => {
    const from = caller(i, 5_000_000);
    return {
      AccountSid: accountSid,
      ApiVersion: '2010-04-01',
      CallSid: sid('CA', i),
      CallStatus: 'ringing',
      Called: account.businessNumber,
      Caller: from,
      Direction: 'inbound',
      From: from,
      FromCountry: 'US',
      To: account.businessNumber,
      ToCountry: 'US',
    };
  };
  const smsParams = (i: number) => ({
    AccountSid: accountSid,
    ApiVersion: '2010-04-01',
    MessageSid: sid('SM', i),
    SmsSid: sid('SM', i),
    SmsMessageSid: sid('SM', i),
    SmsStatus: 'received',
    From: caller(i, 6_000_000),
    FromCountry: 'US',
    To: account.businessNumber,
    ToCountry: 'US',
    Body: `Is the bounce house free on the ${(i % 28) + 1}th?`,
    NumMedia: '0',
    NumSegments: '1',
  });
  // A carrier webhook as Twilio posts it: a form, signed over the URL we gave it.
  const webhook = (
    url: string,
    signedUrl: string,
    params: (i: number) => Record<string, string>,
  ) => {
    let i = 0;
    return {
      ...common,
      url,
      requests: [
        {
          method: 'POST' as const,
          setupRequest: (request: autocannon.Request) => {
            const body = params(i++);
            return {
              ...request,
              body: new URLSearchParams(body).toString(),
              headers: {
                ...request.headers,
                'content-type': 'application/x-www-form-urlencoded',
                'x-twilio-signature': twilio.getExpectedTwilioSignature(authToken, signedUrl, body),
              },
            };
          },
        },
      ],
    };
  };
  let search = 0;
  const voiceUrl = `${appUrl}${WEBHOOK_BASE}/voice`;
  const smsUrl = `${appUrl}${WEBHOOK_BASE}/sms`;
  return [
    {
      name: 'bare node:http, GET → JSON',
      kind: 'GET',
      isBaseline: true,
      options: { ...common, url: `${bareUrl}/api/health` },
    },
    {
      name: 'conversation list',
      kind: 'GET',
      options: { ...common, url: `${appUrl}/api/phone/text?filter=all`, headers: signedIn },
    },
    {
      // The web app reads a conversation's page with a POST (spec §7); it marks it read.
      name: `conversation page (of ${account.busyMessages.toLocaleString('en-US')} texts)`,
      kind: 'GET',
      options: {
        ...common,
        url: `${appUrl}/api/phone/text/${account.busyConversationId}`,
        method: 'POST',
        body: '{}',
        headers: { ...signedIn, origin: appUrl, 'content-type': 'application/json' },
      },
    },
    {
      name: 'customer search (12 terms)',
      kind: 'GET',
      options: {
        ...common,
        url: appUrl,
        headers: signedIn,
        requests: [
          {
            setupRequest: (request) => ({
              ...request,
              path: `/api/customers?search=${encodeURIComponent(SEARCHES[search++ % SEARCHES.length] ?? '')}`,
            }),
          },
        ],
      },
    },
    {
      name: 'call log',
      kind: 'GET',
      options: { ...common, url: `${appUrl}/api/phone/calls?filter=all`, headers: signedIn },
    },
    {
      name: 'bare node:http, POST form → TwiML',
      kind: 'POST',
      isBaseline: true,
      options: webhook(`${bareUrl}/voice`, `${bareUrl}/voice`, voiceParams),
    },
    {
      name: 'voice webhook (new inbound call)',
      kind: 'POST',
      options: webhook(voiceUrl, voiceUrl, voiceParams),
    },
    {
      name: 'SMS webhook (new inbound text)',
      kind: 'POST',
      options: webhook(smsUrl, smsUrl, smsParams),
    },
  ];
}

function printTable(rows: Row[]) {
  const baselines = new Map(rows.filter((r) => r.isBaseline).map((r) => [r.kind, r]));
  const ratio = (value: number, against: number | undefined) =>
    against ? `${(value / against).toFixed(value / against < 0.1 ? 3 : 2)}×` : '-';
  const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;
  const header = [
    'target'.padEnd(38),
    'req/s'.padStart(8),
    'p50'.padStart(9),
    'p99'.padStart(9),
    'req/s ×'.padStart(9),
    'p50 ×'.padStart(8),
    'p99 ×'.padStart(8),
    'requests'.padStart(9),
    'errors'.padStart(7),
    'timeouts'.padStart(9),
    'non-2xx'.padStart(8),
  ];
  console.log(
    `\nLoad, ${CONNECTIONS} connections, ${SECONDS} s per target (after ${WARMUP_SECONDS} s warm-up); × is the ratio to the bare node:http row of the same kind`,
  );
  console.log(header.join(' '));
  for (const r of rows) {
    const against = r.isBaseline ? undefined : baselines.get(r.kind);
    console.log(
      [
        r.name.padEnd(38),
        r.perSecond.toFixed(0).padStart(8),
        ms(r.p50).padStart(9),
        ms(r.p99).padStart(9),
        ratio(r.perSecond, against?.perSecond).padStart(9),
        ratio(r.p50, against?.p50).padStart(8),
        ratio(r.p99, against?.p99).padStart(8),
        String(r.total).padStart(9),
        String(r.errors).padStart(7),
        String(r.timeouts).padStart(9),
        String(r.non2xx).padStart(8),
      ].join(' '),
    );
  }
}
