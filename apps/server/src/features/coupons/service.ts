import {
  type CouponInputParsed,
  type CouponPatch,
  type CouponResponse,
  couponConsistencyIssues,
} from '@tentpole/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../http/app-error.js';
import { isUniqueViolation } from '../../http/db-errors.js';
import { couponRules, findCoupon, unknownTargets } from './queries.js';
import { coupons } from './tables.js';

const invalid = (fields: Record<string, string[]>) =>
  new AppError('validation_failed', 'Some fields are not valid.', fields);

const DUPLICATE_CODE = { code: ['A coupon with this code already exists'] };

/** The categories and products a coupon names must be the account's. */
async function checkTargets(
  db: Db,
  accountId: string,
  rules: Pick<CouponInputParsed, 'appliesTo' | 'categoryIds' | 'productIds'>,
) {
  const categoryIds = [...new Set(rules.categoryIds)];
  const productIds = [...new Set(rules.productIds)];
  const fields = await unknownTargets(db, accountId, {
    categoryIds: rules.appliesTo === 'categories' ? categoryIds : [],
    productIds: rules.appliesTo === 'products' ? productIds : [],
  });
  if (Object.keys(fields).length > 0) throw invalid(fields);
  return { categoryIds, productIds };
}

/** The columns of a coupon's rules; a scope's list is kept only for that scope. */
function columns(
  rules: CouponInputParsed,
  targets: { categoryIds: string[]; productIds: string[] },
) {
  return {
    code: rules.code,
    description: rules.description,
    kind: rules.kind,
    percentBps: rules.kind === 'percent' ? rules.percentBps : null,
    amountCents: rules.kind === 'amount' ? rules.amount : null,
    appliesTo: rules.appliesTo,
    categoryIds: rules.appliesTo === 'categories' ? targets.categoryIds : [],
    productIds: rules.appliesTo === 'products' ? targets.productIds : [],
    minimumSubtotalCents: rules.minimumSubtotal,
    validFrom: rules.validFrom,
    validUntil: rules.validUntil,
    dateBasis: rules.dateBasis,
    maxUses: rules.maxUses,
    maxUsesPerCustomer: rules.maxUsesPerCustomer,
    newCustomersOnly: rules.newCustomersOnly,
    channel: rules.channel,
    active: rules.active,
  };
}

export async function createCoupon(
  db: Db,
  accountId: string,
  input: CouponInputParsed,
  now: Date,
): Promise<CouponResponse> {
  const targets = await checkTargets(db, accountId, input);
  try {
    const [row] = await db
      .insert(coupons)
      .values({ accountId, ...columns(input, targets), createdAt: now, updatedAt: now })
      .returning({ id: coupons.id });
    return (await findCoupon(db, accountId, row?.id as string)) as CouponResponse;
  } catch (error) {
    if (isUniqueViolation(error)) throw invalid(DUPLICATE_CODE);
    throw error;
  }
}

/**
 * Changes a coupon's rules. Orders that already used it keep the rules they were priced with
 * (their snapshot); the change applies to orders from now on.
 */
export async function updateCoupon(
  db: Db,
  accountId: string,
  couponId: string,
  patch: CouponPatch,
  now: Date,
): Promise<CouponResponse> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.accountId, accountId), eq(coupons.id, couponId)));
  if (!row) throw notFound('Coupon');
  const current = couponRules(row);
  const merged = {
    ...current,
    ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)),
  } as CouponInputParsed;
  const issues = couponConsistencyIssues(merged);
  if (issues.length > 0)
    throw invalid(Object.fromEntries(issues.map((i) => [i.path, [i.message]])));
  const targets = await checkTargets(db, accountId, merged);
  try {
    await db
      .update(coupons)
      .set({ ...columns(merged, targets), updatedAt: now })
      .where(and(eq(coupons.accountId, accountId), eq(coupons.id, couponId)));
  } catch (error) {
    if (isUniqueViolation(error)) throw invalid(DUPLICATE_CODE);
    throw error;
  }
  return (await findCoupon(db, accountId, couponId)) as CouponResponse;
}
