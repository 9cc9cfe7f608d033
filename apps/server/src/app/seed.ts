import { count, sql } from 'drizzle-orm';
import { users } from '../auth/tables.js';
import type { Db } from '../db/client.js';
import { namedRandom } from '../db/seeding.js';
import { isDeadlock } from '../http/db-errors.js';
import { FEATURES } from './features.js';
import { allTableNames } from './tables.js';

export async function isSeeded(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) > 0;
}

/**
 * Empties every table of the app (npm run seed resets the demo). A running instance's job may
 * hold one table and wait for another the truncate already took: PostgreSQL then ends one of
 * the two, and when it is the truncate, it is run again (the job's work is its own to retry).
 */
export async function resetDatabase(db: Db): Promise<void> {
  const names = allTableNames().map((name) => sql.identifier(name));
  for (let attempt = 1; ; attempt++) {
    try {
      await db.execute(sql`truncate ${sql.join(names, sql`, `)} cascade`);
      return;
    } catch (error) {
      if (!isDeadlock(error) || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

/** The demo data: each feature's part, in the composition list's order. */
export async function seedDemoData(db: Db, now = new Date()): Promise<void> {
  for (const feature of FEATURES) {
    await feature.seed?.({ db, now, random: namedRandom });
  }
  // The tables were empty a moment ago: their statistics say so until autovacuum next looks
  // (never, where it is off). Planned on them, a query takes an account's hundreds of orders
  // for a row or two and walks them once per row (the demo's reports and carts, 5-15 ms
  // instead of 1). Gathered now, as after any bulk load.
  const names = allTableNames().map((name) => sql.identifier(name));
  await db.execute(sql`analyze ${sql.join(names, sql`, `)}`);
}
