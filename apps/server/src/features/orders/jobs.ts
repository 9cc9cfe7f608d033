import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../../db/client.js';
import { enqueue } from '../../jobs/job-queue.js';
import { defineJob, type JobDeps } from '../feature.js';

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

/**
 * §4's other automatic moves, each one UPDATE (so once per order however many run): a hold or
 * reserved order signed with its booking deposit paid is confirmed; a returned order with
 * nothing due and its security deposit settled is completed. Staff and the customer's page
 * move orders at once; this catches what a payment or a refund made true.
 */
export async function settleOrders(db: Db, now: Date): Promise<string[]> {
  const rental = sql.raw(`coalesce((select sum(p.amount_cents) from payments p
    where p.order_id = o.id and p.of = 'rental'), 0)`);
  const deposit = sql.raw(`coalesce((select sum(p.amount_cents) from payments p
    where p.order_id = o.id and p.of = 'deposit'), 0)`);
  const rows = await queryRows<{ id: string }>(
    db,
    sql`with moved as (
        update orders o set
          status = case when o.status = 'returned' then 'completed' else 'confirmed' end,
          hold_expires_at = null, updated_at = ${now}
        where (
            o.status in ('hold', 'reserved')
            and (o.status <> 'hold' or o.hold_expires_at > ${now})
            and exists (select 1 from documents d where d.order_id = o.id
              and d.kind = 'contract' and d.status = 'signed')
            and ${rental} >= coalesce((o.totals->>'depositDue')::integer, 0)
          ) or (
            o.status = 'returned'
            and ${rental} = coalesce((o.totals->>'total')::integer, o.total_cents)
            and ${deposit} = 0
          )
        returning o.id, o.account_id, o.status)
      insert into order_activity (account_id, order_id, action, detail)
        select account_id, id, 'status', jsonb_build_object('to', status,
          'reason', case when status = 'completed' then 'Settled' else 'Signed and the deposit paid' end)
        from moved
      returning order_id as id`,
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
