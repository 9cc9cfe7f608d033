import { count, sql } from 'drizzle-orm';
import { users } from '../auth/tables.js';
import type { Db } from '../db/client.js';
import { namedRandom } from '../db/seeding.js';
import { FEATURES } from './features.js';
import { allTableNames } from './tables.js';

export async function isSeeded(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) > 0;
}

/** Empties every table of the app (npm run seed resets the demo). */
export async function resetDatabase(db: Db): Promise<void> {
  const names = allTableNames().map((name) => sql.identifier(name));
  await db.execute(sql`truncate ${sql.join(names, sql`, `)} cascade`);
}

/** The demo data: each feature's part, in the composition list's order. */
export async function seedDemoData(db: Db, now = new Date()): Promise<void> {
  for (const feature of FEATURES) {
    await feature.seed?.({ db, now, random: namedRandom });
  }
}
