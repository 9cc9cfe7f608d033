// The reach-calls server's own PostgreSQL database, when the browser tests run on PostgreSQL
// (see playwright.config.ts): `node e2e/calls-database.mjs` makes DATABASE_URL's database
// afresh before that server starts (the server migrates and seeds it), and the default export,
// Playwright's global teardown, drops it after the run. It uses the server's own driver.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(new URL('../apps/server/package.json', import.meta.url));
const pg = require('pg');

/** Runs `statements` on the server of `databaseUrl`, connected to its `postgres` database. */
async function onServer(databaseUrl, statements) {
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

function databaseName(databaseUrl) {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  if (!/^\w+$/.test(name)) throw new Error(`unexpected database name: ${name}`);
  return name;
}

export default async function dropCallsDatabase() {
  const databaseUrl = process.env.E2E_CALLS_DATABASE_URL;
  if (!databaseUrl) return;
  await onServer(databaseUrl, [
    `drop database if exists ${databaseName(databaseUrl)} with (force)`,
  ]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is not set');
  const name = databaseName(databaseUrl);
  await onServer(databaseUrl, [
    `drop database if exists ${name} with (force)`,
    `create database ${name}`,
  ]);
}
