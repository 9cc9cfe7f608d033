import {
  BOOKED_ORDER_STATUSES,
  type CouponOrderFacts,
  type CouponResponse,
  type CouponRules,
  type CouponVerdict,
  checkCoupon,
  HOLDING_ORDER_STATUSES,
} from '@tentpole/domain';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import { ownsAll, productCategoryPaths } from '../inventory/queries.js';
import { coupons } from './tables.js';

/** The statuses in which an order's coupon counts as used (§9: released when it is cancelled). */
const USING = sql.raw(
  `(${[...new Set([...HOLDING_ORDER_STATUSES, ...BOOKED_ORDER_STATUSES])].map((s) => `'${s}'`).join(', ')})`,
);

type CouponRow = typeof coupons.$inferSelect;

export function couponRules(row: CouponRow): CouponRules {
  return {
    code: row.code,
    description: row.description,
    kind: row.kind,
    percentBps: row.percentBps,
    amount: row.amountCents,
    appliesTo: row.appliesTo,
    categoryIds: row.categoryIds,
    productIds: row.productIds,
    minimumSubtotal: row.minimumSubtotalCents,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    dateBasis: row.dateBasis,
    maxUses: row.maxUses,
    maxUsesPerCustomer: row.maxUsesPerCustomer,
    newCustomersOnly: row.newCustomersOnly,
    channel: row.channel,
    active: row.active,
  };
}

/** Uses, discount given and revenue of the account's coupons (or one of them), in one pass. */
async function couponStats(db: Db, accountId: string, couponId?: string) {
  const rows = await queryRows<{
    coupon_id: string;
    uses: number;
    discount: string | number;
    revenue: string | number;
  }>(
    db,
    sql`select coupon_id, count(*)::int as uses,
        coalesce(sum(coalesce((totals->>'couponDiscount')::bigint, 0)), 0)::bigint as discount,
        coalesce(sum(total_cents), 0)::bigint as revenue
      from orders
      where account_id = ${accountId} and coupon_id is not null and status in ${USING}
        ${couponId ? sql`and coupon_id = ${couponId}` : sql``}
      group by coupon_id`,
  );
  return new Map(
    rows.map((r) => [
      r.coupon_id,
      { uses: Number(r.uses), discountGiven: Number(r.discount), revenue: Number(r.revenue) },
    ]),
  );
}

function body(
  row: CouponRow,
  stats: Map<string, Omit<CouponResponse, keyof CouponRules | 'id' | 'createdAt' | 'updatedAt'>>,
): CouponResponse {
  return {
    id: row.id,
    ...couponRules(row),
    ...(stats.get(row.id) ?? { uses: 0, discountGiven: 0, revenue: 0 }),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The account's coupons, newest first, each with its uses and what it gave. */
export async function listCoupons(db: Db, accountId: string): Promise<CouponResponse[]> {
  const [rows, stats] = await Promise.all([
    db
      .select()
      .from(coupons)
      .where(eq(coupons.accountId, accountId))
      .orderBy(sql`${coupons.createdAt} desc`, coupons.code),
    couponStats(db, accountId),
  ]);
  return rows.map((row) => body(row, stats));
}

export async function findCoupon(
  db: Db,
  accountId: string,
  couponId: string,
): Promise<CouponResponse | null> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.accountId, accountId), eq(coupons.id, couponId)));
  return row ? body(row, await couponStats(db, accountId, couponId)) : null;
}

/** A coupon of the account by its code, typed in any case. */
export async function findCouponByCode(db: Db, accountId: string, code: string) {
  const [row] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.accountId, accountId), eq(coupons.code, code.trim().toUpperCase())));
  return row ? { id: row.id, rules: couponRules(row) } : null;
}

/**
 * Locks the coupon's row until the transaction ends: two orders claiming its last use queue
 * here, and the second counts the first's use (its own statement sees what was committed).
 * Answers the coupon's rules as they are now.
 */
export async function lockCoupon(
  tx: Db,
  accountId: string,
  couponId: string,
): Promise<CouponRules | null> {
  const [row] = await tx
    .select()
    .from(coupons)
    .where(and(eq(coupons.accountId, accountId), eq(coupons.id, couponId)))
    .for('update');
  return row ? couponRules(row) : null;
}

async function countUses(
  db: Db,
  accountId: string,
  couponId: string,
  customerId: string | null,
  excludeOrderId: string | null,
): Promise<{ uses: number; customerUses: number }> {
  const exclude: SQL = excludeOrderId ? sql`and id <> ${excludeOrderId}` : sql``;
  const [row] = await queryRows<{ uses: number; customer_uses: number }>(
    db,
    sql`select count(*)::int as uses,
        count(*) filter (where customer_id = ${customerId})::int as customer_uses
      from orders
      where account_id = ${accountId} and coupon_id = ${couponId} and status in ${USING} ${exclude}`,
  );
  return { uses: Number(row?.uses ?? 0), customerUses: Number(row?.customer_uses ?? 0) };
}

/** Whether the customer has another order that holds stock or was booked (§9 new customers). */
async function isNewCustomer(
  db: Db,
  accountId: string,
  customerId: string | null,
  excludeOrderId: string | null,
): Promise<boolean> {
  if (!customerId) return true;
  const exclude: SQL = excludeOrderId ? sql`and id <> ${excludeOrderId}` : sql``;
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from orders
      where account_id = ${accountId} and customer_id = ${customerId} and status in ${USING} ${exclude}
      limit 1`,
  );
  return rows.length === 0;
}

export type CouponCheck = {
  couponId: string;
  rules: CouponRules;
  channel: CouponOrderFacts['channel'];
  customerId: string | null;
  /** The order being priced (its own use is not counted against it); null for a new one. */
  orderId: string | null;
  eventDate: string;
  bookingDate: string;
  lines: readonly { productId: string; amount: number }[];
};

/**
 * §9's one check, with the facts read from the database: the uses of other orders, whether the
 * customer is new, the products' categories. Called when an order is priced, and again under
 * `lockCoupon` when it first holds stock.
 */
export async function checkOrderCoupon(
  db: Db,
  accountId: string,
  check: CouponCheck,
  currency?: string,
): Promise<CouponVerdict> {
  const [paths, counts, newCustomer] = await Promise.all([
    productCategoryPaths(
      db,
      accountId,
      check.lines.map((l) => l.productId),
    ),
    countUses(db, accountId, check.couponId, check.customerId, check.orderId),
    isNewCustomer(db, accountId, check.customerId, check.orderId),
  ]);
  return checkCoupon(
    check.rules,
    {
      channel: check.channel,
      eventDate: check.eventDate,
      bookingDate: check.bookingDate,
      lines: check.lines.map((l) => ({ ...l, categoryIds: paths.get(l.productId) ?? [] })),
      newCustomer,
      uses: counts.uses,
      customerUses: counts.customerUses,
    },
    currency,
  );
}

/** The field errors for categories or products a coupon names that are not the account's. */
export async function unknownTargets(
  db: Db,
  accountId: string,
  targets: { categoryIds: string[]; productIds: string[] },
): Promise<Record<string, string[]>> {
  const fields: Record<string, string[]> = {};
  if (!(await ownsAll(db, accountId, 'category', targets.categoryIds)))
    fields.categoryIds = ['Unknown category'];
  if (!(await ownsAll(db, accountId, 'product', targets.productIds)))
    fields.productIds = ['Unknown product'];
  return fields;
}
