import type { CouponChannel, CouponDateBasis, CouponKind, CouponScope } from '@tentpole/domain';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accountId } from '../../auth/tables.js';
import { createdAt, id } from '../../db/columns.js';

/**
 * back-office spec §9: an account's coupons. The code is kept upper case, so "unique per
 * account, case-insensitive" is a plain unique index. Uses are not stored: they are the orders
 * that carry the coupon and hold stock or were booked (a cancelled order gives its use back),
 * counted under the coupon's row lock when an order first holds stock.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: id(),
    accountId: accountId(),
    code: text('code').notNull(),
    description: text('description'),
    kind: text('kind').$type<CouponKind>().notNull(),
    percentBps: integer('percent_bps'),
    amountCents: integer('amount_cents'),
    appliesTo: text('applies_to').$type<CouponScope>().notNull().default('all'),
    categoryIds: jsonb('category_ids').$type<string[]>().notNull().default([]),
    productIds: jsonb('product_ids').$type<string[]>().notNull().default([]),
    minimumSubtotalCents: integer('minimum_subtotal_cents').notNull().default(0),
    validFrom: date('valid_from', { mode: 'string' }),
    validUntil: date('valid_until', { mode: 'string' }),
    dateBasis: text('date_basis').$type<CouponDateBasis>().notNull().default('event'),
    maxUses: integer('max_uses'),
    maxUsesPerCustomer: integer('max_uses_per_customer'),
    newCustomersOnly: boolean('new_customers_only').notNull().default(false),
    channel: text('channel').$type<CouponChannel>().notNull().default('both'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupons_account_code_idx').on(t.accountId, t.code),
    index('coupons_account_created_idx').on(t.accountId, t.createdAt),
  ],
);
