import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { seedDemoData } from '../../src/app/seed.js';
import { type Database, openDatabase } from '../../src/db/client.js';
import {
  admin,
  blobOf,
  type Template,
  type TemplateName,
  withDatabase,
} from './template-databases.js';

export type TestDatabase = Database & { url: string | null; seededAt: Date | null };

/** The run's template for this content, built once per run by the global setup. */
export async function fetchTemplate(name: TemplateName): Promise<Template> {
  const service = inject('testDatabaseTemplates');
  if (!service) throw new Error('no template service: is template-databases.ts the globalSetup?');
  const response = await fetch(`${service}/template?name=${encodeURIComponent(name)}`);
  if (!response.ok) throw new Error(`template ${name}: ${await response.text()}`);
  return (await response.json()) as Template;
}

/**
 * A database of its own for one test file, copied from a template the run built once:
 * 'empty' (migrated), 'demo' (migrated and seeded when the run started) or, for a Date,
 * seeded at that moment. In-memory PGlite loads the template's data folder; on the PostgreSQL
 * server of DATABASE_URL it is a new database made with CREATE DATABASE … TEMPLATE (dropped
 * again on close).
 */
export async function openTestDatabase(
  existingUrl?: string,
  content: 'empty' | 'demo' | Date = 'empty',
): Promise<TestDatabase> {
  if (existingUrl) {
    // Another instance's database: it owns creating and dropping it.
    const shared = await openDatabase({ databaseUrl: existingUrl, poolSize: 5 });
    return { ...shared, url: existingUrl, seededAt: null };
  }
  // Outside vitest (npm run bench) there is no template service: build the database here.
  if (!process.env.VITEST) return buildDirect(content);
  const template = await fetchTemplate(
    content instanceof Date ? `at:${content.toISOString()}` : content,
  );
  const seededAt = template.seededAt ? new Date(template.seededAt) : null;
  if (template.engine === 'pglite') {
    const database = await openDatabase({
      dataDir: null,
      loadDataDir: await blobOf(template.file),
    });
    return { ...database, url: null, seededAt };
  }
  const serverUrl = process.env.DATABASE_URL as string;
  const name = `tentpole_test_${randomBytes(6).toString('hex')}`;
  await admin(serverUrl, `create database ${name} template ${template.database}`);
  const url = withDatabase(serverUrl, name);
  const database = await openDatabase({ databaseUrl: url, poolSize: 5 });
  return {
    ...database,
    url,
    seededAt,
    async close() {
      await database.close();
      await admin(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/** A migrated (and, unless 'empty', seeded) database made on the spot: benchmarks use it. */
async function buildDirect(content: 'empty' | 'demo' | Date): Promise<TestDatabase> {
  const seededAt = content === 'empty' ? null : content === 'demo' ? new Date() : content;
  const serverUrl = process.env.DATABASE_URL;
  let database: Database;
  let url: string | null = null;
  let name: string | null = null;
  if (serverUrl) {
    name = `tentpole_bench_${randomBytes(6).toString('hex')}`;
    await admin(serverUrl, `create database ${name}`);
    url = withDatabase(serverUrl, name);
    database = await openDatabase({ databaseUrl: url, poolSize: 10 });
  } else {
    database = await openDatabase({ dataDir: null });
  }
  await database.migrate();
  if (seededAt) await seedDemoData(database.db, seededAt);
  return {
    ...database,
    url,
    seededAt,
    async close() {
      await database.close();
      if (serverUrl && name) await admin(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}
