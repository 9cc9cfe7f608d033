import type { PgTable } from 'drizzle-orm/pg-core';
import type { SeedRandom } from '../features/feature.js';
import type { Db } from './client.js';

/** A small seeded generator (mulberry32), so every seed run makes the same demo business. */
export function seededRandom(seed: number): SeedRandom {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return { next, int, pick, chance: (p: number) => next() < p };
}

/** A stream per name: the same name always draws the same numbers. */
export function namedRandom(name: string): SeedRandom {
  let hash = 2166136261;
  for (const char of name) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return seededRandom(hash);
}

export const DAY_MS = 24 * 60 * 60 * 1000;
export const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** Inserts many rows a few hundred at a time (one statement per batch). */
export async function insertInBatches<T extends PgTable>(
  db: Db,
  table: T,
  rows: T['$inferInsert'][],
  size = 500,
) {
  for (let i = 0; i < rows.length; i += size) {
    await db.insert(table).values(rows.slice(i, i + size));
  }
}
