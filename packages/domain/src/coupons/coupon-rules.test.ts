import { describe, expect, it } from 'vitest';
import { DEFAULT_ORDER_SETTINGS } from '../orders/order-settings';
import { orderTotals, type TotalsLine } from '../orders/totals';
import { type CouponOrderFacts, checkCoupon } from './coupon-rules';
import { type CouponRules, couponInputSchema, couponPatchSchema } from './coupon-schemas';

const BOUNCE = '11111111-1111-4111-8111-111111111111';
const TENT = '22222222-2222-4222-8222-222222222222';
const INFLATABLES = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const WATER = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

const rules = (over: Partial<CouponRules> = {}): CouponRules => ({
  code: 'SUMMER10',
  description: null,
  kind: 'percent',
  percentBps: 1000,
  amount: null,
  appliesTo: 'all',
  categoryIds: [],
  productIds: [],
  minimumSubtotal: 0,
  validFrom: null,
  validUntil: null,
  dateBasis: 'event',
  maxUses: null,
  maxUsesPerCustomer: null,
  newCustomersOnly: false,
  channel: 'both',
  active: true,
  ...over,
});

const facts = (over: Partial<CouponOrderFacts> = {}): CouponOrderFacts => ({
  channel: 'staff',
  eventDate: '2026-07-04',
  bookingDate: '2026-06-01',
  lines: [
    // A water slide under Inflatables › Water, and a tent in no category.
    { productId: BOUNCE, categoryIds: [WATER, INFLATABLES], amount: 20_000 },
    { productId: TENT, categoryIds: [], amount: 30_000 },
  ],
  newCustomer: true,
  uses: 0,
  customerUses: 0,
  ...over,
});

describe('checkCoupon', () => {
  it.each<[string, Partial<CouponRules>, Partial<CouponOrderFacts>, string | null]>([
    ['an active coupon with no limits', {}, {}, null],
    ['inactive', { active: false }, {}, 'Coupon SUMMER10 is not active'],
    [
      'store-only, applied by staff',
      { channel: 'store' },
      {},
      'Coupon SUMMER10 is for online bookings only',
    ],
    [
      'staff-only, in the store',
      { channel: 'staff' },
      { channel: 'store' },
      'Coupon SUMMER10 can only be applied by staff',
    ],
    ['staff-only, applied by staff', { channel: 'staff' }, {}, null],
    [
      'event before the window',
      { validFrom: '2026-07-05' },
      {},
      'Coupon SUMMER10 is for events from 2026-07-05',
    ],
    ['event on the first day', { validFrom: '2026-07-04' }, {}, null],
    ['event on the last day', { validUntil: '2026-07-04' }, {}, null],
    [
      'event after the window',
      { validUntil: '2026-07-03' },
      {},
      'Coupon SUMMER10 was for events until 2026-07-03',
    ],
    [
      'booking date basis: booked inside, event outside',
      { validUntil: '2026-06-30', dateBasis: 'booking' },
      {},
      null,
    ],
    [
      'booking date basis: booked late',
      { validUntil: '2026-05-31', dateBasis: 'booking' },
      {},
      'Coupon SUMMER10 was for bookings until 2026-05-31',
    ],
    ['minimum met exactly', { minimumSubtotal: 50_000 }, {}, null],
    [
      'minimum missed by a cent',
      { minimumSubtotal: 50_001 },
      {},
      'Coupon SUMMER10 needs a rental subtotal of at least $500.01',
    ],
    [
      'new customers only, returning customer',
      { newCustomersOnly: true },
      { newCustomer: false },
      'Coupon SUMMER10 is for new customers only',
    ],
    ['one use, none yet', { maxUses: 1 }, { uses: 0 }, null],
    ['one use, used', { maxUses: 1 }, { uses: 1 }, 'Coupon SUMMER10 has been used up'],
    [
      'once per customer, used by them',
      { maxUsesPerCustomer: 1 },
      { customerUses: 1 },
      'This customer has already used coupon SUMMER10',
    ],
    [
      'some products, none in the order',
      { appliesTo: 'products', productIds: ['33333333-3333-4333-8333-333333333333'] },
      {},
      'Coupon SUMMER10 does not apply to any item in this order',
    ],
    [
      'a parent category reaches its subcategory',
      { appliesTo: 'categories', categoryIds: [INFLATABLES] },
      {},
      null,
    ],
  ])('%s', (_name, over, factsOver, message) => {
    const verdict = checkCoupon(rules(over), facts(factsOver));
    if (message === null) expect(verdict.ok).toBe(true);
    else expect(verdict).toMatchObject({ ok: false, message });
  });

  it('resolves the products a scoped coupon discounts', () => {
    expect(checkCoupon(rules({ appliesTo: 'categories', categoryIds: [WATER] }), facts())).toEqual({
      ok: true,
      coupon: { kind: 'percent', percentBps: 1000, productIds: [BOUNCE] },
    });
    expect(
      checkCoupon(rules({ kind: 'amount', amount: 2_500, percentBps: null }), facts()),
    ).toEqual({
      ok: true,
      coupon: { kind: 'amount', amount: 2_500, productIds: null },
    });
    expect(checkCoupon(rules({ kind: 'free_delivery', percentBps: null }), facts())).toEqual({
      ok: true,
      coupon: { kind: 'free_delivery' },
    });
  });
});

describe('a coupon in the totals', () => {
  const settings = { ...DEFAULT_ORDER_SETTINGS, taxRateBps: 1000, taxDeliveryFees: true };
  const lines: TotalsLine[] = [
    { kind: 'product', productId: BOUNCE, amount: 20_000, taxable: true, securityDeposit: 0 },
    { kind: 'product', productId: TENT, amount: 30_000, taxable: false, securityDeposit: 0 },
    { kind: 'fee', fee: 'delivery', amount: 4_000, taxable: true },
  ];
  const totals = (coupon: Parameters<typeof orderTotals>[0]['coupon']) =>
    orderTotals({
      lines,
      settings,
      taxExempt: false,
      damageWaiverChosen: false,
      coupon,
      paid: 0,
      refunded: 0,
      securityDepositPaid: 0,
      securityDepositRefunded: 0,
    });

  it('a percent coupon for some products discounts only their lines, and only their tax', () => {
    const t = totals({ kind: 'percent', percentBps: 1000, productIds: [BOUNCE] });
    // 10 % of the bounce house's $200; tax on (200 − 20) + 40 delivery = 220 → $22.
    expect(t).toMatchObject({ couponDiscount: 2_000, discounts: 2_000, tax: 2_200 });
    expect(t.total).toBe(20_000 + 30_000 + 4_000 - 2_000 + 2_200);
  });

  it('an amount coupon never exceeds the lines it applies to', () => {
    expect(totals({ kind: 'amount', amount: 99_999, productIds: [TENT] }).couponDiscount).toBe(
      30_000,
    );
    expect(totals({ kind: 'amount', amount: 99_999, productIds: null }).couponDiscount).toBe(
      50_000,
    );
  });

  it('free delivery takes off the delivery fees and their tax', () => {
    const t = totals({ kind: 'free_delivery' });
    expect(t).toMatchObject({ couponDiscount: 4_000, tax: 2_000 });
  });

  it('no coupon, no coupon discount', () => {
    expect(totals(null).couponDiscount).toBe(0);
  });
});

describe('coupon input', () => {
  it('keeps codes upper case and fills the defaults', () => {
    expect(
      couponInputSchema.parse({ code: ' summer-10 ', kind: 'percent', percentBps: 1000 }),
    ).toMatchObject({
      code: 'SUMMER-10',
      appliesTo: 'all',
      channel: 'both',
      active: true,
      minimumSubtotal: 0,
      maxUses: null,
    });
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ['a percent with no percent', { kind: 'percent' }, 'percentBps', 'Enter the percent'],
    ['an amount with no amount', { kind: 'amount' }, 'amount', 'Enter the amount'],
    [
      'over 100 %',
      { kind: 'percent', percentBps: 10_001 },
      'percentBps',
      'The percent must be at most 100',
    ],
    [
      'categories with none chosen',
      { kind: 'free_delivery', appliesTo: 'categories' },
      'categoryIds',
      'Choose at least one category',
    ],
    [
      'an end before the start',
      { kind: 'free_delivery', validFrom: '2026-07-04', validUntil: '2026-07-01' },
      'validUntil',
      'The coupon must end on or after it starts',
    ],
    [
      'spaces in the code',
      { code: 'TEN OFF', kind: 'free_delivery' },
      'code',
      'Use letters, digits, dashes and underscores only',
    ],
  ])('refuses %s', (_name, input, path, message) => {
    const result = couponInputSchema.safeParse({ code: 'TENOFF', ...input });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toContainEqual(expect.objectContaining({ path: [path], message }));
  });

  it('a patch names only what it changes', () => {
    expect(couponPatchSchema.parse({ active: false })).toEqual({ active: false });
  });
});
