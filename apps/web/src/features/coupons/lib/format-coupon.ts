import {
  COUPON_CHANNEL_LABELS,
  COUPON_DATE_BASIS_LABELS,
  type CouponRules,
  formatMoney,
} from '@tentpole/domain';

const percent = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const count = new Intl.NumberFormat('en-US');
const day = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

type Discount = Pick<CouponRules, 'kind' | 'percentBps' | 'amount'>;

/** What the coupon takes off: '10% off', '$25.00 off', 'Free delivery'. */
export function discountText({ kind, percentBps, amount }: Discount): string {
  if (kind === 'percent') return `${percent.format((percentBps ?? 0) / 100)}% off`;
  if (kind === 'amount') return `${formatMoney(amount ?? 0)} off`;
  return 'Free delivery';
}

/** Uses so far, against the total allowed: '3 / 10', or '3' with no limit. */
export function usesText({ uses, maxUses }: { uses: number; maxUses: number | null }): string {
  return maxUses === null ? count.format(uses) : `${count.format(uses)} / ${count.format(maxUses)}`;
}

/** A local calendar day (YYYY-MM-DD) as 'Jun 1, 2026'. */
export function formatDay(isoDay: string): string {
  return day.format(new Date(`${isoDay}T00:00:00Z`));
}

/** The validity window (§9): 'Jun 1, 2026 – Aug 31, 2026', 'From Jun 1, 2026', 'Any date'. */
export function validDatesText({
  validFrom,
  validUntil,
}: Pick<CouponRules, 'validFrom' | 'validUntil'>): string {
  if (validFrom && validUntil) return `${formatDay(validFrom)} – ${formatDay(validUntil)}`;
  if (validFrom) return `From ${formatDay(validFrom)}`;
  if (validUntil) return `Until ${formatDay(validUntil)}`;
  return 'Any date';
}

/** Which day the window is checked on, when there is one: 'Event date', 'Booking date'. */
export function dateBasisText(
  coupon: Pick<CouponRules, 'validFrom' | 'validUntil' | 'dateBasis'>,
): string | null {
  if (!coupon.validFrom && !coupon.validUntil) return null;
  return COUPON_DATE_BASIS_LABELS[coupon.dateBasis];
}

/** The names the list knows, by id; a missing one (no access, not loaded) counts instead. */
export type NameLookup = ReadonlyMap<string, string>;

function named(ids: readonly string[], names: NameLookup, noun: [string, string]): string {
  const known = ids.map((id) => names.get(id)).filter((name) => name !== undefined);
  if (known.length !== ids.length || ids.length === 0)
    return `${count.format(ids.length)} ${ids.length === 1 ? noun[0] : noun[1]}`;
  const [first, second, ...rest] = known;
  if (rest.length === 0) return [first, second].filter(Boolean).join(', ');
  return `${first}, ${second} and ${count.format(rest.length)} more`;
}

/** What the discount applies to, in a few words for the list. */
export function appliesToText(
  coupon: Pick<CouponRules, 'kind' | 'appliesTo' | 'categoryIds' | 'productIds'>,
  names: { categories: NameLookup; products: NameLookup },
): string {
  if (coupon.kind === 'free_delivery') return 'Delivery fees';
  if (coupon.appliesTo === 'categories')
    return named(coupon.categoryIds, names.categories, ['category', 'categories']);
  if (coupon.appliesTo === 'products')
    return named(coupon.productIds, names.products, ['product', 'products']);
  return 'Whole rental subtotal';
}

/** The conditions beyond the discount itself, for the line under the code. */
export function conditionsText(
  coupon: Pick<
    CouponRules,
    'minimumSubtotal' | 'maxUsesPerCustomer' | 'newCustomersOnly' | 'channel'
  >,
): string {
  const parts: string[] = [];
  if (coupon.minimumSubtotal > 0) parts.push(`Min. ${formatMoney(coupon.minimumSubtotal)}`);
  if (coupon.maxUsesPerCustomer !== null)
    parts.push(
      coupon.maxUsesPerCustomer === 1
        ? 'Once per customer'
        : `${count.format(coupon.maxUsesPerCustomer)} per customer`,
    );
  if (coupon.newCustomersOnly) parts.push('New customers only');
  if (coupon.channel !== 'both') parts.push(COUPON_CHANNEL_LABELS[coupon.channel]);
  return parts.join(' · ');
}
