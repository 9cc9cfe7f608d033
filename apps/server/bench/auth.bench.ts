// The authenticated request's cost (issue 14 item 3): the built server on PostgreSQL, signed
// in as the demo owner, against Twilio's quickstart `/token` (a bare Hono route that signs the
// same access token with no auth, in a process of its own), loaded the same way in one run.
// Goals: the voice token endpoint at ≥ 0.5× the baseline's requests per second, and every
// authenticated JSON read at ≥ 3,000 req/s, 20 connections, with p99.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type autocannon from 'autocannon';
import pg from 'pg';
import { type ChildServer, startBareServer, startBuiltServer } from './child-server.js';
import { cannon, percentile, signIn, waitForBusinessNumber } from './load.bench.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const SECONDS = Number(process.env.BENCH_AUTH_SECONDS ?? 5);
const WARMUP_SECONDS = Number(process.env.BENCH_AUTH_WARMUP_SECONDS ?? 1);
const CONNECTIONS = 20;
const TOKEN_GOAL = 0.5;
const READ_GOAL = 3_000;

type Row = { name: string; perSecond: number; p50: number; p99: number; bad: number };

// JSON reads that are not the API's own description or liveness: what a signed-in page asks.
const NOT_READS = new Set([
  '/api/openapi.json',
  '/api/health',
  '/api/ready',
  '/api/events',
  '/api/phone/voice/token',
]);

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minimum?: number;
  anyOf?: JsonSchema[];
};
type QueryParameter = { name: string; in: string; required?: boolean; schema?: JsonSchema };
type Operation = {
  /** `[]` on a public route. */
  security?: unknown[];
  parameters?: QueryParameter[];
  responses?: Record<string, { content?: object }>;
};
type OpenApi = { paths: Record<string, Record<string, Operation>> };

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString();

/**
 * A value a page would send for a required query parameter, from its schema: the first of an
 * enum, a date (a range's start 30 days back), a month, a time, a number at its minimum. Null
 * when the schema says too little to guess (the route is then left out, and said so).
 */
function sampleValue(name: string, schema: JsonSchema = {}): string | null {
  if (schema.enum?.length) return String(schema.enum[0]);
  for (const option of schema.anyOf ?? []) {
    const value = sampleValue(name, option);
    if (value !== null) return value;
  }
  const start = /^(from|start)/i.test(name);
  if (schema.format === 'date' || schema.pattern?.includes('\\d{4}-\\d{2}-\\d{2}'))
    return day(start ? -30 : 0).slice(0, 10);
  if (schema.pattern?.includes('\\d{4}-\\d{2}')) return day(0).slice(0, 7);
  if (schema.pattern?.includes('\\d{2}:\\d{2}')) return start ? '10:00' : '16:00';
  if (schema.type === 'integer' || schema.type === 'number') return String(schema.minimum ?? 1);
  if (schema.type === 'boolean') return 'true';
  return null;
}

/**
 * Every signed-in GET route that answers JSON and takes no path parameter (a customer's routes
 * take the demo customer), from the API's own document, its required query parameters filled in.
 */
async function authenticatedReads(baseUrl: string, customerId: string): Promise<string[]> {
  const document = (await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as OpenApi;
  const reads: string[] = [];
  const skipped: string[] = [];
  for (const [route, methods] of Object.entries(document.paths)) {
    const get = methods.get;
    const json = get?.responses?.['200']?.content;
    if (!get || !json || !('application/json' in json) || NOT_READS.has(route)) continue;
    // Public routes (the TLS proxy's domain question) are not a signed-in page's reads.
    if (get.security?.length === 0) continue;
    if (!route.startsWith('/api/') || route.startsWith('/api/auth/')) continue;
    let path = route;
    if (route.includes('{')) {
      if (!route.startsWith('/api/customers/{id}')) continue;
      path = route.replace('{id}', customerId);
    }
    const query = new URLSearchParams();
    for (const parameter of get.parameters ?? []) {
      if (parameter.in !== 'query' || !parameter.required) continue;
      const value = sampleValue(parameter.name, parameter.schema);
      if (value === null) break;
      query.set(parameter.name, value);
    }
    const required = (get.parameters ?? []).filter((p) => p.in === 'query' && p.required);
    if ([...query.keys()].length < required.length) {
      skipped.push(route);
      continue;
    }
    reads.push(query.size > 0 ? `${path}?${query}` : path);
  }
  if (skipped.length > 0)
    console.log(
      `Left out (a required query parameter the bench cannot guess): ${skipped.join(', ')}`,
    );
  return ['/api/auth/session', ...reads];
}

export async function benchAuth(postgresUrl: string): Promise<boolean> {
  const name = `tentpole_auth_${randomBytes(6).toString('hex')}`;
  const databaseUrl = Object.assign(new URL(postgresUrl), { pathname: `/${name}` }).toString();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tentpole-auth-'));
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    try {
      return await client.query(query);
    } finally {
      await client.end();
    }
  };
  let server: ChildServer | undefined;
  let baseline: ChildServer | undefined;
  try {
    await admin(`create database ${name}`);
    server = await startBuiltServer(databaseUrl, dataDir);
    const app = server;
    await waitForBusinessNumber(databaseUrl);
    baseline = await startBareServer(path.join(here, 'token-baseline-server.mjs'));
    const cookie = await signIn(server.url);
    const customers = await fetch(`${server.url}/api/customers?pageSize=1`, {
      headers: { cookie },
    });
    const customerId = ((await customers.json()) as { customers: { id: string }[] }).customers[0]
      ?.id as string;

    const targets: { name: string; options: autocannon.Options }[] = [
      { name: 'baseline: bare Hono /token (no auth)', options: { url: `${baseline.url}/token` } },
      {
        name: 'GET /api/phone/voice/token',
        options: { url: `${server.url}/api/phone/voice/token`, headers: { cookie } },
      },
      ...(await authenticatedReads(app.url, customerId)).map((route) => ({
        name: `GET ${route}`,
        options: { url: `${app.url}${route}`, headers: { cookie } },
      })),
    ];
    const rows: Row[] = [];
    for (const target of targets) {
      const options = { ...target.options, connections: CONNECTIONS };
      if (WARMUP_SECONDS > 0) await cannon({ ...options, duration: WARMUP_SECONDS });
      const { result, latencies } = await cannon({ ...options, duration: SECONDS });
      rows.push({
        name: target.name,
        perSecond: result.requests.average,
        p50: percentile(latencies, 0.5),
        p99: percentile(latencies, 0.99),
        bad: result.errors + result.timeouts + result.non2xx,
      });
    }

    const base = rows[0]?.perSecond ?? 1;
    console.log(
      `\nAuthenticated requests, PostgreSQL, ${CONNECTIONS} connections, ${SECONDS} s each`,
    );
    console.log(
      `${'target'.padEnd(48)} ${'req/s'.padStart(8)} ${'× base'.padStart(8)} ${'p50'.padStart(8)} ${'p99'.padStart(8)} ${'goal'.padStart(10)} ${'bad'.padStart(5)}`,
    );
    let met = true;
    for (const [index, row] of rows.entries()) {
      const goal =
        index === 0
          ? ''
          : index === 1
            ? `≥ ${TOKEN_GOAL}×`
            : `≥ ${READ_GOAL.toLocaleString('en-US')}`;
      const ok =
        index === 0 ||
        (index === 1 ? row.perSecond >= TOKEN_GOAL * base : row.perSecond >= READ_GOAL);
      if (!ok || row.bad > 0) met = false;
      console.log(
        `${row.name.padEnd(48)} ${row.perSecond.toFixed(0).padStart(8)} ${(row.perSecond / base).toFixed(2).padStart(8)} ${`${row.p50.toFixed(1)}ms`.padStart(8)} ${`${row.p99.toFixed(1)}ms`.padStart(8)} ${`${goal}${index === 0 ? '' : ok ? ' ✓' : ' ✗'}`.padStart(10)} ${String(row.bad).padStart(5)}`,
      );
    }
    console.log(met ? 'Every goal met.' : 'Not every goal met (see ✗).');
    return rows.every((row) => row.bad === 0);
  } catch (error) {
    if (server) console.error(`Last lines of the server's output:\n${server.logTail()}`);
    throw error;
  } finally {
    await Promise.all([server?.stop(), baseline?.stop()]);
    await admin(`drop database if exists ${name} with (force)`).catch(() => {});
    rmSync(dataDir, { recursive: true, force: true });
  }
}
