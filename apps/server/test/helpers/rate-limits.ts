import { hitKey, type Limit, windowOf } from '../../src/http/rate-limit.js';

/**
 * Rows for `rate_limit_hits` that fill `limit` for `subject` in the window now and in the next
 * one: a test's request may land just past the window's end, where a fresh window would let it
 * through (windows are aligned to the clock).
 */
export function fullWindows(limit: Limit, subject: string, now = new Date()) {
  const current = windowOf(limit, now);
  const next = new Date(current.getTime() + limit.windowMs);
  return [current, next].map((windowStart) => ({
    key: hitKey(limit, subject),
    windowStart,
    hits: limit.max,
  }));
}
