import {
  COUNTED_RESOURCES,
  type CountedResource,
  checkLimit,
  isReadOnly,
  isValidTimeZone,
  type PlanResource,
  parsePlan,
} from '@tentpole/domain';
import { eq, sql } from 'drizzle-orm';
import { accounts } from '../../auth/tables.js';
import { type Db, queryRows } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import type { Tx } from '../../jobs/job-queue.js';
import { accountTimezone } from '../accounts/queries.js';
import { accountBilling } from './tables.js';

export { handleBillingEvent } from './sync.js';

/**
 * §13: what the account uses of each counted resource, by one SQL statement; texts and call
 * minutes count from the first of this month in the account's timezone. Seats are members who
 * are not suspended plus invitations still open (each will take a seat when accepted).
 */
export async function accountUsage(
  db: Db,
  accountId: string,
  now: Date,
  only?: CountedResource,
): Promise<Record<CountedResource, number>> {
  const at = now.toISOString();
  const zone = await accountTimezone(db, accountId);
  const want = (r: CountedResource) => !only || only === r;
  const zero = sql`0`;
  const [row] = await queryRows<Record<CountedResource, number | string>>(
    db,
    sql`with month as (
          select (date_trunc('month', ${at}::timestamptz at time zone ${zone})
                  at time zone ${zone}) as start
        )
        select
          ${
            want('seats')
              ? sql`(select count(*) from memberships m
                     where m.account_id = ${accountId} and m.suspended_at is null)
                  + (select count(*) from staff_invites i
                     where i.account_id = ${accountId} and i.accepted_at is null
                       and i.revoked_at is null and i.expires_at > ${at}::timestamptz)`
              : zero
          } as "seats",
          ${
            want('products')
              ? sql`(select count(*) from products p
                     where p.account_id = ${accountId} and p.status = 'active')`
              : zero
          } as "products",
          ${
            want('vehicles')
              ? sql`(select count(*) from vehicles v
                     where v.account_id = ${accountId} and v.active)`
              : zero
          } as "vehicles",
          ${
            want('texts')
              ? sql`(select count(*) from messages x, month
                     where x.account_id = ${accountId} and x.direction = 'outbound'
                       and x.created_at >= month.start)`
              : zero
          } as "texts",
          ${
            want('callMinutes')
              ? sql`(select coalesce(sum(ceil(coalesce(c.duration_seconds, 0) / 60.0)), 0)
                     from calls c, month
                     where c.account_id = ${accountId} and c.started_at >= month.start)`
              : zero
          } as "callMinutes"`,
  );
  return Object.fromEntries(COUNTED_RESOURCES.map((r) => [r, Number(row?.[r] ?? 0)])) as Record<
    CountedResource,
    number
  >;
}

/** The account's billing row (null: it never started a Checkout). */
export async function findAccountBilling(db: Db, accountId: string) {
  const [row] = await db
    .select()
    .from(accountBilling)
    .where(eq(accountBilling.accountId, accountId))
    .limit(1);
  return row ?? null;
}

export const ACTIVE_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due']);

/** §13: whether the account may only read (its trial ended with no card and no paid plan). */
export async function accountReadOnly(db: Db, accountId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({
      trialEndDate: accounts.trialEndDate,
      timezone: sql<string | null>`${accounts.settings}->>'timezone'`,
      paymentMethodId: accountBilling.paymentMethodId,
      subscriptionStatus: accountBilling.subscriptionStatus,
    })
    .from(accounts)
    .leftJoin(accountBilling, eq(accountBilling.accountId, accounts.id))
    .where(eq(accounts.id, accountId))
    .limit(1);
  if (!row?.trialEndDate) return false;
  const zone = row.timezone && isValidTimeZone(row.timezone) ? row.timezone : 'UTC';
  return isReadOnly({
    trialEndDate: row.trialEndDate,
    today: now.toLocaleDateString('en-CA', { timeZone: zone }),
    hasPaymentMethod: Boolean(row.paymentMethodId),
    subscriptionActive: ACTIVE_STATUSES.has(row.subscriptionStatus ?? ''),
  });
}

/**
 * The route table's plan gates (§13), checked centrally before a route's handler: a write while
 * the account is read-only, and one more of a counted resource (or a feature) the plan does not
 * allow, answer 403 with a code the client turns into the spec's upgrade suggestion.
 */
export function billingGates(db: Db, clock: () => Date) {
  return {
    async writable(accountId: string) {
      if (await accountReadOnly(db, accountId, clock()))
        throw new AppError(
          'account_read_only',
          'Your free trial has ended, so this account is read-only. Add a payment method in Settings → Billing to keep working; nothing has been deleted.',
          undefined,
          { fix: '/account?tab=billing' },
        );
    },
    async plan(accountId: string, resource: PlanResource) {
      await refuseOverPlan(db, accountId, resource, clock());
    },
  };
}

/** 403 `plan_limit` when the account's plan does not allow one more of `resource`. */
async function refuseOverPlan(db: Db, accountId: string, resource: PlanResource, now: Date) {
  const [account] = await db
    .select({ planLevel: accounts.planLevel })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  const tier = parsePlan(account?.planLevel);
  const counted = (COUNTED_RESOURCES as readonly string[]).includes(resource);
  const used = counted
    ? (await accountUsage(db, accountId, now, resource as CountedResource))[
        resource as CountedResource
      ]
    : 0;
  const check = checkLimit(tier, resource, used);
  if (check.reached)
    throw new AppError('plan_limit', check.message, undefined, {
      resource,
      limit: check.limit,
      plan: check.liftedBy,
    });
}

/**
 * §13, inside the transaction that adds one more seat, product or vehicle, just before it does:
 * takes the account's lock for that resource (held to the commit) and counts again. The route
 * table's gate answers early, but two requests at the limit could both pass it; here the second
 * waits for the first to commit and then counts its row, on any number of server instances.
 */
export async function holdPlanRoom(
  tx: Tx,
  accountId: string,
  resource: 'seats' | 'products' | 'vehicles',
  now: Date,
) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`plan:${accountId}:${resource}`}))`);
  await refuseOverPlan(tx as unknown as Db, accountId, resource, now);
}
export type BillingGates = ReturnType<typeof billingGates>;
