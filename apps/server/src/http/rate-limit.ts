import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { AppError } from './app-error.js';
import { rateLimitHits } from './tables.js';

export type Limit = { name: string; max: number; windowMs: number; message: string };

/** The start of the window `now` falls in: windows are aligned to the clock (a minute, a day). */
export const windowOf = (limit: Pick<Limit, 'windowMs'>, now: Date) =>
  new Date(Math.floor(now.getTime() / limit.windowMs) * limit.windowMs);

/** The key a limit counts `subject`'s hits under. */
export const hitKey = (limit: Pick<Limit, 'name'>, subject: string) => `${limit.name}:${subject}`;

/**
 * Counts one hit against `limit` for `subject` and refuses it, with a 429 and the seconds until
 * the window ends, when the window already holds `max`. The count and the check are one upsert,
 * so concurrent requests (on any instance) cannot all slip under the limit.
 */
export async function hit(db: Db, limit: Limit, subject: string, now = new Date()) {
  const windowStart = windowOf(limit, now);
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key: hitKey(limit, subject), windowStart, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimitHits.key, rateLimitHits.windowStart],
      set: { hits: sql`${rateLimitHits.hits} + 1` },
    })
    .returning({ hits: rateLimitHits.hits });
  if ((row?.hits ?? 0) > limit.max) {
    const retryAfterS = Math.max(
      1,
      Math.ceil((windowStart.getTime() + limit.windowMs - now.getTime()) / 1000),
    );
    throw new AppError('rate_limited', limit.message, undefined, {
      retryAfterSeconds: retryAfterS,
    });
  }
}

/** Drops windows that ended long ago (the daily clean-up). */
export async function deleteOldHits(db: Db, before: Date): Promise<number> {
  const rows = await db
    .delete(rateLimitHits)
    .where(lt(rateLimitHits.windowStart, before))
    .returning({ key: rateLimitHits.key });
  return rows.length;
}
