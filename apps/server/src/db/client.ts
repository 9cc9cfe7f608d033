import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { logger } from '../logging/logger.js';

/** The database, on either engine; tables come from their owners' tables.ts. */
export type Db = PgDatabase<PgQueryResultHKT>;

export type Database = {
  db: Db;
  engine: 'pglite' | 'postgres';
  /** Applies pending migrations; safe to call from several instances at once. */
  migrate(): Promise<void>;
  /** LISTENs on a channel (a dedicated connection on PostgreSQL); returns how to stop. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

export type DatabaseOptions =
  | { databaseUrl: string; poolSize?: number }
  | {
      dataDir: string | null /* null: in memory */;
      /** Start from this dumped data folder (PGlite `dumpDataDir`) instead of an empty one. */
      loadDataDir?: Blob;
    };

// A fixed key for pg_advisory_lock so that concurrent instances migrate one at a time.
const MIGRATION_LOCK_KEY = 7_231_004;

/** The folder of SQL migrations: beside the bundle in dist, or the package's drizzle/ in dev. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.join(here, 'drizzle'), path.join(here, '../../drizzle')];
  const found = candidates.find((dir) => existsSync(path.join(dir, 'meta', '_journal.json')));
  if (!found) throw new Error(`No migrations found (looked in ${candidates.join(', ')})`);
  return found;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('databaseUrl' in options) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // The queries here are short and planned often: PostgreSQL's JIT compiles any plan over
      // its cost threshold (a year of orders in a report), spending up to a second compiling
      // what runs in a fifth of that. And the app runs its queries side by side (a report's
      // periods, many users): parallel workers inside each query only fight them for the same
      // cores (decision 0033).
      options: '-c jit=off -c max_parallel_workers_per_gather=0',
    });
    // An idle client losing its connection (database restart) must not crash the process.
    pool.on('error', (error) => logger.warn({ err: error }, 'postgres pool lost a connection'));
    const db = drizzleNodePg(pool);
    return {
      db,
      engine: 'postgres',
      async migrate() {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          await migrateNodePg(drizzleNodePg(client), {
            migrationsFolder: migrationsFolder(),
          });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
          client.release();
        }
      },
      async listen(channel, onPayload) {
        // Its own client: a pooled one would lose the LISTEN when handed to someone else. When
        // the connection drops it reconnects with backoff (0.25 s doubling to 5 s) and listens
        // again. Events raised while it was away are missed; clients refetch on reconnect.
        let stopped = false;
        let current: pg.Client | null = null;
        let timer: NodeJS.Timeout | null = null;
        const schedule = (attempt: number) => {
          if (stopped || timer) return;
          timer = setTimeout(
            () => {
              timer = null;
              void open(attempt);
            },
            Math.min(5000, 250 * 2 ** attempt),
          );
        };
        const open = async (attempt: number): Promise<boolean> => {
          const listener = new pg.Client({ connectionString: options.databaseUrl });
          let established = false;
          let failed = false;
          const fail = (error?: Error) => {
            if (failed) return;
            failed = true;
            if (error) logger.warn({ err: error }, 'postgres listener lost its connection');
            if (current === listener) current = null;
            listener.end().catch(() => {});
            schedule(established ? 0 : attempt + 1);
          };
          listener.on('error', fail);
          listener.on('end', () => fail());
          listener.on('notification', (n) => {
            if (n.channel === channel && n.payload) onPayload(n.payload);
          });
          try {
            await listener.connect();
            await listener.query(`listen ${pg.escapeIdentifier(channel)}`);
          } catch (error) {
            fail(error as Error);
            return false;
          }
          if (failed) return false;
          established = true;
          current = listener;
          return true;
        };
        if (!(await open(0))) {
          stopped = true;
          if (timer) clearTimeout(timer);
          throw new Error(`could not LISTEN on ${channel}`);
        }
        return async () => {
          stopped = true;
          if (timer) clearTimeout(timer);
          await current?.end().catch(() => {});
        };
      },
      close: () => pool.end(),
    };
  }

  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(options.dataDir ? { dataDir: path.join(options.dataDir, 'pglite') } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { pg_trgm },
  });
  const db = drizzlePglite(client);
  return {
    db,
    engine: 'pglite',
    async migrate() {
      await migratePglite(db, { migrationsFolder: migrationsFolder() });
    },
    async listen(channel, onPayload) {
      return client.listen(channel, onPayload);
    },
    close: () => client.close(),
  };
}

let latestMigration: number | undefined;

/** True when the database holds every migration this build ships (drizzle's own ledger). */
export async function migrationsApplied(db: Db): Promise<boolean> {
  if (latestMigration === undefined) {
    const journal = JSON.parse(
      readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
    ) as { entries: { when: number }[] };
    latestMigration = Math.max(...journal.entries.map((entry) => entry.when));
  }
  const [row] = await queryRows<{ latest: string | null }>(
    db,
    sql`select max(created_at)::text as latest from drizzle.__drizzle_migrations`,
  );
  return Number(row?.latest ?? 0) >= latestMigration;
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/** Rows of a raw SQL query; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
