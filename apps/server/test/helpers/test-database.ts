import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../../src/db/client.js';

/**
 * A migrated, empty database of its own for one test file: in-memory PGlite, or a fresh
 * database on the PostgreSQL server of DATABASE_URL (dropped again on close).
 */
export async function openTestDatabase(
  existingUrl?: string,
): Promise<Database & { url: string | null }> {
  if (existingUrl) {
    // Another instance's database: it owns creating and dropping it.
    const shared = await openDatabase({ databaseUrl: existingUrl, poolSize: 5 });
    return { ...shared, url: existingUrl };
  }
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ dataDir: null });
    await database.migrate();
    return { ...database, url: null };
  }
  const name = `tentpole_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
  await database.migrate();
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
