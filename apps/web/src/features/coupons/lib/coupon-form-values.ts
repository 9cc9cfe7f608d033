import type {
  CouponChannel,
  CouponDateBasis,
  CouponInput,
  CouponInputParsed,
  CouponKind,
  CouponPatch,
  CouponRules,
  CouponScope,
} from '@tentpole/domain';
import type { DateRange } from '@/components/form/date-range-field';
import { bpsToPercentText, percentToBps } from '@/components/form/percent-input';

/**
 * The coupon form's values: the input's fields as the boxes hold them. The percent and the
 * limits are text (typed), money is cents or null (the money field), the two dates one range.
 */
export type CouponFormValues = {
  code: string;
  description: string;
  kind: CouponKind;
  percent: string;
  amount: number | null;
  appliesTo: CouponScope;
  categoryIds: string[];
  productIds: string[];
  minimumSubtotal: number | null;
  validity: DateRange;
  dateBasis: CouponDateBasis;
  maxUses: string;
  maxUsesPerCustomer: string;
  newCustomersOnly: boolean;
  channel: CouponChannel;
  active: boolean;
};

export type CouponFormField = keyof CouponFormValues;

/** The form for a coupon, or a new one (the schema's defaults: 10 % off everything, active). */
export function couponFormValues(coupon?: CouponRules): CouponFormValues {
  return {
    code: coupon?.code ?? '',
    description: coupon?.description ?? '',
    kind: coupon?.kind ?? 'percent',
    percent: coupon?.percentBps == null ? '' : bpsToPercentText(coupon.percentBps),
    amount: coupon?.amount ?? null,
    appliesTo: coupon?.appliesTo ?? 'all',
    categoryIds: coupon?.categoryIds ?? [],
    productIds: coupon?.productIds ?? [],
    minimumSubtotal: coupon?.minimumSubtotal || null,
    validity: { from: coupon?.validFrom ?? '', to: coupon?.validUntil ?? '' },
    dateBasis: coupon?.dateBasis ?? 'event',
    maxUses: coupon?.maxUses == null ? '' : String(coupon.maxUses),
    maxUsesPerCustomer: coupon?.maxUsesPerCustomer == null ? '' : String(coupon.maxUsesPerCustomer),
    newCustomersOnly: coupon?.newCustomersOnly ?? false,
    channel: coupon?.channel ?? 'both',
    active: coupon?.active ?? true,
  };
}

/** A limit box: empty is no limit; anything else a number the schema checks ('1.5' is refused). */
function limitOf(text: string): number | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : Number(trimmed);
}

/**
 * The API's input for the form. Only the value of the chosen kind is sent, and only the
 * targets of the chosen scope; free delivery takes off the delivery fees, so it has no scope.
 */
export function couponInputOf(values: CouponFormValues): CouponInput {
  const appliesTo = values.kind === 'free_delivery' ? 'all' : values.appliesTo;
  return {
    code: values.code,
    description: values.description,
    kind: values.kind,
    percentBps: values.kind === 'percent' ? percentToBps(values.percent) : null,
    amount: values.kind === 'amount' ? values.amount : null,
    appliesTo,
    categoryIds: appliesTo === 'categories' ? values.categoryIds : [],
    productIds: appliesTo === 'products' ? values.productIds : [],
    minimumSubtotal: values.minimumSubtotal ?? 0,
    validFrom: values.validity.from || null,
    validUntil: values.validity.to || null,
    dateBasis: values.dateBasis,
    maxUses: limitOf(values.maxUses),
    maxUsesPerCustomer: limitOf(values.maxUsesPerCustomer),
    newCustomersOnly: values.newCustomersOnly,
    channel: values.channel,
    active: values.active,
  };
}

const FIELD_OF_KEY: Record<string, CouponFormField> = {
  percentBps: 'percent',
  validFrom: 'validity',
  validUntil: 'validity',
};
const FORM_FIELDS = new Set<string>(Object.keys(couponFormValues()));

/**
 * The form field that shows a problem with an input key, the schema's or the server's
 * ('percentBps' on the percent box, 'categoryIds.2' on the category picker); null for none.
 */
export function couponFormField(key: string): CouponFormField | null {
  const [top = ''] = key.split('.');
  const field = FIELD_OF_KEY[top] ?? top;
  return FORM_FIELDS.has(field) ? (field as CouponFormField) : null;
}

/** What an edit changes: the parsed input's fields that differ from the coupon's rules. */
export function couponPatchOf(input: CouponInputParsed, coupon: CouponRules): CouponPatch {
  const patch: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    const before = coupon[key as keyof CouponRules];
    if (JSON.stringify(value) !== JSON.stringify(before)) patch[key] = value;
  }
  return patch as CouponPatch;
}
