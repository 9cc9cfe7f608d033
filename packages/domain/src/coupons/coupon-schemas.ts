import { z } from 'zod';

/**
 * back-office spec §9: a coupon's rules, as staff write them (POST /api/coupons, PATCH
 * /api/coupons/{id}) and as the API answers them. Money is integer cents, a percent is in basis
 * points (1000 = 10 %), dates are the account's local calendar days (YYYY-MM-DD).
 */
export const COUPON_KINDS = ['percent', 'amount', 'free_delivery'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];
export const COUPON_KIND_LABELS: Readonly<Record<CouponKind, string>> = {
  percent: 'Percent off',
  amount: 'Amount off',
  free_delivery: 'Free delivery',
};

export const COUPON_SCOPES = ['all', 'categories', 'products'] as const;
export type CouponScope = (typeof COUPON_SCOPES)[number];
export const COUPON_SCOPE_LABELS: Readonly<Record<CouponScope, string>> = {
  all: 'The whole rental subtotal',
  categories: 'Some categories',
  products: 'Some products',
};

export const COUPON_CHANNELS = ['both', 'store', 'staff'] as const;
export type CouponChannel = (typeof COUPON_CHANNELS)[number];
export const COUPON_CHANNEL_LABELS: Readonly<Record<CouponChannel, string>> = {
  both: 'Online store and staff',
  store: 'Online store only',
  staff: 'Staff only',
};

/** Which date the validity window is checked against, chosen per coupon (§9). */
export const COUPON_DATE_BASES = ['event', 'booking'] as const;
export type CouponDateBasis = (typeof COUPON_DATE_BASES)[number];
export const COUPON_DATE_BASIS_LABELS: Readonly<Record<CouponDateBasis, string>> = {
  event: 'Event date',
  booking: 'Booking date',
};

export const COUPON_CODE_MAX = 40;
export const COUPON_DESCRIPTION_MAX = 200;
export const COUPON_TARGETS_MAX = 200;
/** The most an amount coupon or a minimum subtotal may be: $1,000,000. */
export const COUPON_AMOUNT_MAX = 100_000_000;

/** A code is typed by customers: letters, digits, dashes and underscores, kept upper case. */
export const couponCodeSchema = z
  .string({ error: 'Enter the code' })
  .trim()
  .min(1, 'Enter the code')
  .max(COUPON_CODE_MAX, `The code must be at most ${COUPON_CODE_MAX} characters`)
  .regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, dashes and underscores only')
  .transform((code) => code.toUpperCase());

const localDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), 'Enter a real date')
  .nullish()
  .transform((d) => d ?? null);

const limit = (what: string) =>
  z
    .number({ error: `Enter the ${what} as a whole number` })
    .int(`Enter the ${what} as a whole number`)
    .min(1, `The ${what} must be at least 1`)
    .max(1_000_000, `The ${what} must be at most 1,000,000`)
    .nullish()
    .transform((n) => n ?? null);

const couponFields = {
  code: couponCodeSchema,
  description: z
    .string()
    .trim()
    .max(COUPON_DESCRIPTION_MAX, `Must be at most ${COUPON_DESCRIPTION_MAX} characters`)
    .nullish()
    .transform((v) => (v ? v : null)),
  kind: z.enum(COUPON_KINDS, { error: 'Choose the kind of discount' }),
  /** Percent coupons: 1 to 10,000 basis points (0.01 % to 100 %). */
  percentBps: z
    .number({ error: 'Enter the percent' })
    .int('Enter the percent with at most two decimals')
    .min(1, 'The percent must be more than 0')
    .max(10_000, 'The percent must be at most 100')
    .nullish()
    .transform((n) => n ?? null),
  /** Amount coupons: cents off. */
  amount: z
    .number({ error: 'Enter the amount' })
    .int('Enter the amount in cents')
    .min(1, 'The amount must be more than $0.00')
    .max(COUPON_AMOUNT_MAX, 'The amount is too large')
    .nullish()
    .transform((n) => n ?? null),
  appliesTo: z.enum(COUPON_SCOPES, { error: 'Choose what the coupon applies to' }),
  categoryIds: z
    .array(z.string().uuid('Unknown category'))
    .max(COUPON_TARGETS_MAX, `At most ${COUPON_TARGETS_MAX} categories`),
  productIds: z
    .array(z.string().uuid('Unknown product'))
    .max(COUPON_TARGETS_MAX, `At most ${COUPON_TARGETS_MAX} products`),
  minimumSubtotal: z
    .number({ error: 'Enter the minimum subtotal' })
    .int('Enter the minimum subtotal in cents')
    .min(0, 'The minimum subtotal cannot be negative')
    .max(COUPON_AMOUNT_MAX, 'The minimum subtotal is too large'),
  validFrom: localDay,
  validUntil: localDay,
  dateBasis: z.enum(COUPON_DATE_BASES, { error: 'Choose which date the validity is checked on' }),
  maxUses: limit('maximum uses'),
  maxUsesPerCustomer: limit('maximum uses per customer'),
  newCustomersOnly: z.boolean(),
  channel: z.enum(COUPON_CHANNELS, { error: 'Choose where the coupon can be used' }),
  active: z.boolean(),
};

type CouponShape = {
  kind?: CouponKind;
  percentBps?: number | null;
  amount?: number | null;
  appliesTo?: CouponScope;
  categoryIds?: string[];
  productIds?: string[];
  validFrom?: string | null;
  validUntil?: string | null;
};

/** The rules that tie one field to another; a patch is checked on the coupon it produces. */
export function couponConsistencyIssues(value: CouponShape): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  if (value.kind === 'percent' && value.percentBps == null)
    issues.push({ path: 'percentBps', message: 'Enter the percent' });
  if (value.kind === 'amount' && value.amount == null)
    issues.push({ path: 'amount', message: 'Enter the amount' });
  if (value.appliesTo === 'categories' && (value.categoryIds ?? []).length === 0)
    issues.push({ path: 'categoryIds', message: 'Choose at least one category' });
  if (value.appliesTo === 'products' && (value.productIds ?? []).length === 0)
    issues.push({ path: 'productIds', message: 'Choose at least one product' });
  if (value.validFrom && value.validUntil && value.validUntil < value.validFrom)
    issues.push({ path: 'validUntil', message: 'The coupon must end on or after it starts' });
  return issues;
}

const consistent = (value: CouponShape, ctx: z.core.$RefinementCtx) => {
  for (const issue of couponConsistencyIssues(value))
    ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
};

/** POST /api/coupons. Left out: whole subtotal, no minimum, no dates, no limits, both channels, active. */
export const couponInputSchema = z
  .object({
    ...couponFields,
    percentBps: couponFields.percentBps.default(null),
    amount: couponFields.amount.default(null),
    appliesTo: couponFields.appliesTo.default('all'),
    categoryIds: couponFields.categoryIds.default([]),
    productIds: couponFields.productIds.default([]),
    minimumSubtotal: couponFields.minimumSubtotal.default(0),
    dateBasis: couponFields.dateBasis.default('event'),
    newCustomersOnly: couponFields.newCustomersOnly.default(false),
    channel: couponFields.channel.default('both'),
    active: couponFields.active.default(true),
  })
  .superRefine(consistent);
export type CouponInput = z.input<typeof couponInputSchema>;
export type CouponInputParsed = z.output<typeof couponInputSchema>;

/** PATCH /api/coupons/{id}: any of the fields; the server checks the coupon it would make. */
export const couponPatchSchema = z.object(couponFields).partial();
export type CouponPatch = z.output<typeof couponPatchSchema>;

/** The rules alone: what an order keeps of the coupon it used (a later edit changes nothing). */
export const couponRulesSchema = z.object({
  code: z.string(),
  description: z.string().nullable(),
  kind: z.enum(COUPON_KINDS),
  percentBps: z.number().int().nullable(),
  amount: z.number().int().nullable(),
  appliesTo: z.enum(COUPON_SCOPES),
  categoryIds: z.array(z.string()),
  productIds: z.array(z.string()),
  minimumSubtotal: z.number().int(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  dateBasis: z.enum(COUPON_DATE_BASES),
  maxUses: z.number().int().nullable(),
  maxUsesPerCustomer: z.number().int().nullable(),
  newCustomersOnly: z.boolean(),
  channel: z.enum(COUPON_CHANNELS),
  active: z.boolean(),
});
export type CouponRules = z.output<typeof couponRulesSchema>;

export const couponResponseSchema = couponRulesSchema.extend({
  id: z.string(),
  /** Orders that hold stock or were booked with it (a cancelled one gives its use back). */
  uses: z.number().int(),
  /** The coupon's discount on those orders, in cents. */
  discountGiven: z.number().int(),
  /** Those orders' totals, in cents. */
  revenue: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CouponResponse = z.output<typeof couponResponseSchema>;

export const couponListResponseSchema = z.object({ coupons: z.array(couponResponseSchema) });
export type CouponListResponse = z.output<typeof couponListResponseSchema>;
