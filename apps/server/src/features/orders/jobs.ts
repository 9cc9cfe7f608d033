import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../../db/client.js';
import { enqueue } from '../../jobs/job-queue.js';
import { defineJob, type JobDeps } from '../feature.js';
import { settleOrders } from './queries.js';

export const JOB_EXPIRE_HOLDS = 'expire-holds';
const MINUTE_MS = 60_000;

/**
 * §4: a hold past its expiry goes back to quote and releases its stock. One UPDATE moves every
 * expired hold and records each move: an order is moved once, however many instances or runs
 * race (the WHERE no longer matches it the second time). Availability already ignores an
 * expired hold, so the minute until the sweep never double-books.
 */
export async function expireHolds(db: Db, now: Date): Promise<string[]> {
  const rows = await queryRows<{ id: string; account_id: string }>(
    db,
    sql`with expired as (
        update orders set status = 'quote', hold_expires_at = null, updated_at = ${now}
        where status = 'hold' and hold_expires_at <= ${now}
        returning id, account_id)
      insert into order_activity (account_id, order_id, action, detail)
        select account_id, id, 'status', '{"from":"hold","to":"quote","reason":"The hold expired"}'::jsonb
        from expired
      returning order_id as id, account_id`,
  );
  return rows.map((r) => r.id);
}

export function orderJobs({ db }: JobDeps) {
  return [
    defineJob({
      kind: JOB_EXPIRE_HOLDS,
      payload: z.object({}),
      async run() {
        const now = new Date();
        await expireHolds(db, now);
        await settleOrders(db, now);
      },
    }),
  ];
}

/** Every instance asks each minute; the minute's dedupe key makes it one sweep. */
export function orderSchedules(db: Db) {
  return [
    {
      everyMs: MINUTE_MS,
      run: (now: Date) =>
        enqueue(db, JOB_EXPIRE_HOLDS, {}, `${JOB_EXPIRE_HOLDS}:${now.toISOString().slice(0, 16)}`),
    },
  ];
}

export { settleOrders };
