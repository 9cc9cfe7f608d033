import {
  COUPON_CHANNEL_LABELS,
  COUPON_DATE_BASIS_LABELS,
  type CouponRules,
  dateTimeFormat,
  type LocaleFormat,
  numberFormat,
} from '@tentpole/domain';

const percent = (locale: string) => numberFormat(locale, { maximumFractionDigits: 2 });
const count = (locale: string) => numberFormat(locale);
const day = (locale: string) =>
  dateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

type Discount = Pick<CouponRules, 'kind' | 'percentBps' | 'amount'>;

/** What the coupon takes off: '10% off', '$25.00 off', 'Free delivery'. */
export function discountText({ kind, percentBps, amount }: Discount, format: LocaleFormat): string {
  if (kind === 'percent') return `${percent(format.locale).format((percentBps ?? 0) / 100)}% off`;
  if (kind === 'amount') return `${format.money(amount ?? 0)} off`;
  return 'Free delivery';
}

/** Uses so far, against the total allowed: '3 / 10', or '3' with no limit. */
export function usesText(
  { uses, maxUses }: { uses: number; maxUses: number | null },
  locale: string,
): string {
  return maxUses === null
    ? count(locale).format(uses)
    : `${count(locale).format(uses)} / ${count(locale).format(maxUses)}`;
}

/** A local calendar day (YYYY-MM-DD) as 'Jun 1, 2026'. */
export function formatDay(isoDay: string, locale: string): string {
  return day(locale).format(new Date(`${isoDay}T00:00:00Z`));
}

/** The validity window (§9): 'Jun 1, 2026 – Aug 31, 2026', 'From Jun 1, 2026', 'Any date'. */
export function validDatesText(
  { validFrom, validUntil }: Pick<CouponRules, 'validFrom' | 'validUntil'>,
  locale: string,
): string {
  if (validFrom && validUntil)
    return `${formatDay(validFrom, locale)} – ${formatDay(validUntil, locale)}`;
  if (validFrom) return `From ${formatDay(validFrom, locale)}`;
  if (validUntil) return `Until ${formatDay(validUntil, locale)}`;
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

function named(
  ids: readonly string[],
  names: NameLookup,
  noun: [string, string],
  locale: string,
): string {
  const known = ids.map((id) => names.get(id)).filter((name) => name !== undefined);
  if (known.length !== ids.length || ids.length === 0)
    return `${count(locale).format(ids.length)} ${ids.length === 1 ? noun[0] : noun[1]}`;
  const [first, second, ...rest] = known;
  if (rest.length === 0) return [first, second].filter(Boolean).join(', ');
  return `${first}, ${second} and ${count(locale).format(rest.length)} more`;
}

/** What the discount applies to, in a few words for the list. */
export function appliesToText(
  coupon: Pick<CouponRules, 'kind' | 'appliesTo' | 'categoryIds' | 'productIds'>,
  names: { categories: NameLookup; products: NameLookup },
  locale: string,
): string {
  if (coupon.kind === 'free_delivery') return 'Delivery fees';
  if (coupon.appliesTo === 'categories')
    return named(coupon.categoryIds, names.categories, ['category', 'categories'], locale);
  if (coupon.appliesTo === 'products')
    return named(coupon.productIds, names.products, ['product', 'products'], locale);
  return 'Whole rental subtotal';
}

/** The conditions beyond the discount itself, for the line under the code. */
export function conditionsText(
  coupon: Pick<
    CouponRules,
    'minimumSubtotal' | 'maxUsesPerCustomer' | 'newCustomersOnly' | 'channel'
  >,
  format: LocaleFormat,
): string {
  const { locale } = format;
  const parts: string[] = [];
  if (coupon.minimumSubtotal > 0) parts.push(`Min. ${format.money(coupon.minimumSubtotal)}`);
  if (coupon.maxUsesPerCustomer !== null)
    parts.push(
      coupon.maxUsesPerCustomer === 1
        ? 'Once per customer'
        : `${count(locale).format(coupon.maxUsesPerCustomer)} per customer`,
    );
  if (coupon.newCustomersOnly) parts.push('New customers only');
  if (coupon.channel !== 'both') parts.push(COUPON_CHANNEL_LABELS[coupon.channel]);
  return parts.join(' · ');
}
