import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { seedDemoData } from '../../src/app/seed.js';
import { type Database, openDatabase } from '../../src/db/client.js';

/**
 * Vitest global setup: builds the test databases once per run instead of once per test file.
 *
 * Migrating and seeding took 4–8 s per file. Here, in the main process, a small service on
 * loopback builds each template the first time a test file asks for it and then hands out
 * the same one: 'empty' (migrated) and 'demo' (migrated and seeded at the run's start) are
 * started at once; a template seeded at another fixed `now` is made the first time a file
 * asks for that `now` (the fixed-date tests share one). The templates come from the app's
 * own migrations and seed code, so they cannot drift from what `npm start` builds.
 *
 * A test file then opens a copy (see test-database.ts): PGlite loads the dumped data folder,
 * PostgreSQL runs `CREATE DATABASE … TEMPLATE …`.
 */

export type TemplateName = 'empty' | 'demo' | `at:${string}`;
export type Template =
  | { engine: 'pglite'; file: string; seededAt: string | null }
  | { engine: 'postgres'; database: string; seededAt: string | null };

declare module 'vitest' {
  export interface ProvidedContext {
    /** The template service's base URL (GET /template?name=…). */
    testDatabaseTemplates: string;
  }
}

/** Database names of this run's templates: unique, so parallel runs on one server never collide. */
const RUN_ID = randomBytes(4).toString('hex');

export default async function setup(project: TestProject) {
  const runStart = new Date();
  const serverUrl = process.env.DATABASE_URL || null;
  const folder = mkdtempSync(path.join(tmpdir(), 'tentpole-templates-'));
  const built = new Map<TemplateName, Promise<Template>>();

  const seedTime = (name: TemplateName): Date | null =>
    name === 'empty' ? null : name === 'demo' ? runStart : new Date(name.slice(3));

  function template(name: TemplateName): Promise<Template> {
    let promise = built.get(name);
    if (!promise) {
      promise = build(name);
      built.set(name, promise);
    }
    return promise;
  }

  async function build(name: TemplateName): Promise<Template> {
    const now = seedTime(name);
    if (now && Number.isNaN(now.getTime())) throw new Error(`bad template name ${name}`);
    const seededAt = now?.toISOString() ?? null;
    if (serverUrl) {
      const database = `tentpole_tpl_${RUN_ID}_${now ? now.getTime() : 'empty'}`;
      if (now) {
        const empty = await template('empty');
        await admin(
          serverUrl,
          `create database ${database} template ${(empty as { database: string }).database}`,
        );
      } else {
        await admin(serverUrl, `create database ${database}`);
      }
      const db = await openDatabase({
        databaseUrl: withDatabase(serverUrl, database),
        poolSize: 2,
      });
      try {
        if (now) await seedDemoData(db.db, now);
        else await db.migrate();
      } finally {
        // Nobody may stay connected to a template, or copying it fails.
        await db.close();
      }
      return { engine: 'postgres', database, seededAt };
    }
    let db: Database;
    if (now) {
      const empty = (await template('empty')) as { file: string };
      db = await openDatabase({ dataDir: null, loadDataDir: await blobOf(empty.file) });
    } else {
      db = await openDatabase({ dataDir: null });
    }
    try {
      if (now) await seedDemoData(db.db, now);
      else await db.migrate();
      const client = (db.db as unknown as { $client: PGlite }).$client;
      const dump = await client.dumpDataDir('none');
      const file = path.join(folder, `${now ? now.getTime() : 'empty'}.tar`);
      writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
      return { engine: 'pglite', file, seededAt };
    } finally {
      await db.close();
    }
  }

  const service = createServer((request, response) => {
    const name = new URL(request.url ?? '/', 'http://x').searchParams.get('name') as TemplateName;
    template(name).then(
      (t) => {
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify(t));
      },
      (error: Error) => {
        response.statusCode = 500;
        response.end(error.stack ?? error.message);
      },
    );
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  project.provide(
    'testDatabaseTemplates',
    `http://127.0.0.1:${(service.address() as AddressInfo).port}`,
  );
  // Most files want these two: start now, while vitest starts its workers.
  for (const name of ['empty', 'demo'] as const) template(name).catch(() => {});

  return async function teardown() {
    service.close();
    const templates = await Promise.allSettled(built.values());
    if (serverUrl) {
      for (const t of templates) {
        if (t.status === 'fulfilled' && t.value.engine === 'postgres') {
          await admin(serverUrl, `drop database if exists ${t.value.database} with (force)`);
        }
      }
    }
    rmSync(folder, { recursive: true, force: true });
  };
}

export function withDatabase(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function admin(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export async function blobOf(file: string): Promise<Blob> {
  return new Blob([await readFile(file)]);
}
