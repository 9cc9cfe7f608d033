import { formatMoney } from '../money/format-money';
import type { Coupon } from '../orders/totals';
import type { CouponRules } from './coupon-schemas';

/**
 * back-office spec §9: whether a coupon applies to an order, and how the totals apply it. The
 * store's checkout and the staff order editor both call this one function, when the order is
 * saved and again, under the coupon's lock, when the order first holds stock (the uses counted
 * then are the ones that count).
 */
export type CouponOrderFacts = {
  /** Who applies it: the online store or staff in the order editor. */
  channel: 'store' | 'staff';
  /** The event's first day and today, in the account's time zone (YYYY-MM-DD). */
  eventDate: string;
  bookingDate: string;
  /** The order's product lines: the product, its category with the categories above it, its amount. */
  lines: readonly { productId: string; categoryIds: readonly string[]; amount: number }[];
  /** The customer has no other booking (§9 "new customers only"). */
  newCustomer: boolean;
  /** Other orders using the coupon now: all of them, and the customer's. */
  uses: number;
  customerUses: number;
};

export type CouponRefusal =
  | 'inactive'
  | 'channel'
  | 'not_yet'
  | 'expired'
  | 'minimum'
  | 'new_customers'
  | 'used_up'
  | 'customer_used_up'
  | 'no_items';

export type CouponVerdict =
  | { ok: true; coupon: Coupon }
  | { ok: false; reason: CouponRefusal; message: string };

const refuse = (reason: CouponRefusal, message: string): CouponVerdict => ({
  ok: false,
  reason,
  message,
});

/** The products of the order the coupon discounts, or null for all of them. */
function eligibleProducts(rules: CouponRules, facts: CouponOrderFacts): string[] | null {
  if (rules.appliesTo === 'all') return null;
  if (rules.appliesTo === 'products') {
    const wanted = new Set(rules.productIds);
    return facts.lines.filter((l) => wanted.has(l.productId)).map((l) => l.productId);
  }
  const wanted = new Set(rules.categoryIds);
  return facts.lines
    .filter((l) => l.categoryIds.some((c) => wanted.has(c)))
    .map((l) => l.productId);
}

export function checkCoupon(
  rules: CouponRules,
  facts: CouponOrderFacts,
  currency?: string,
): CouponVerdict {
  const code = rules.code;
  if (!rules.active) return refuse('inactive', `Coupon ${code} is not active`);
  if (rules.channel !== 'both' && rules.channel !== facts.channel)
    return refuse(
      'channel',
      rules.channel === 'store'
        ? `Coupon ${code} is for online bookings only`
        : `Coupon ${code} can only be applied by staff`,
    );
  const day = rules.dateBasis === 'event' ? facts.eventDate : facts.bookingDate;
  const which = rules.dateBasis === 'event' ? 'events' : 'bookings';
  if (rules.validFrom && day < rules.validFrom)
    return refuse('not_yet', `Coupon ${code} is for ${which} from ${rules.validFrom}`);
  if (rules.validUntil && day > rules.validUntil)
    return refuse('expired', `Coupon ${code} was for ${which} until ${rules.validUntil}`);
  const subtotal = facts.lines.reduce((total, l) => total + l.amount, 0);
  if (subtotal < rules.minimumSubtotal)
    return refuse(
      'minimum',
      `Coupon ${code} needs a rental subtotal of at least ${formatMoney(rules.minimumSubtotal, currency)}`,
    );
  if (rules.newCustomersOnly && !facts.newCustomer)
    return refuse('new_customers', `Coupon ${code} is for new customers only`);
  if (rules.maxUses !== null && facts.uses >= rules.maxUses)
    return refuse('used_up', `Coupon ${code} has been used up`);
  if (rules.maxUsesPerCustomer !== null && facts.customerUses >= rules.maxUsesPerCustomer)
    return refuse('customer_used_up', `This customer has already used coupon ${code}`);
  if (rules.kind === 'free_delivery') return { ok: true, coupon: { kind: 'free_delivery' } };
  const productIds = eligibleProducts(rules, facts);
  if (productIds !== null && productIds.length === 0)
    return refuse('no_items', `Coupon ${code} does not apply to any item in this order`);
  return rules.kind === 'percent'
    ? { ok: true, coupon: { kind: 'percent', percentBps: rules.percentBps ?? 0, productIds } }
    : { ok: true, coupon: { kind: 'amount', amount: rules.amount ?? 0, productIds } };
}
