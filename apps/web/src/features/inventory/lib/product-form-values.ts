import {
  type Product,
  type ProductInput,
  type ProductPricing,
  type ProductTracking,
  type ProductType,
  productInputSchema,
} from '@tentpole/domain';
import type { z } from 'zod';

export type PricingMode = ProductPricing['mode'];
export type ParsedProductInput = z.output<typeof productInputSchema>;

/**
 * The product form's values: the input's fields, with the price's three modes side by side
 * (switching mode keeps what was typed in the others) and empty money boxes as null.
 */
export type ProductFormValues = {
  name: string;
  categoryId: string;
  description: string;
  type: ProductType;
  tracking: ProductTracking;
  quantity: number;
  pricingMode: PricingMode;
  tiers: { hours: number; amount: number | null }[];
  extraDayAmount: number | null;
  minimumHours: number;
  minimumAmount: number | null;
  extraHourAmount: number | null;
  flatAmount: number | null;
  taxable: boolean;
  securityDeposit: number | null;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  recoveryMinutes: number;
  setupMinutes: number;
  crewSize: number;
  dimensions: { lengthCm: number | null; widthCm: number | null; heightCm: number | null };
  powerNeeds: string;
  capacity: string;
  anchorPoints: number;
  showInStore: boolean;
  components: { productId: string; quantity: number }[];
  accessories: { productId: string; quantity: number; required: boolean }[];
};

/** The form's values for a product, or a new product's (a bounce house by the day). */
export function productFormValues(product?: Product): ProductFormValues {
  const pricing = product?.pricing;
  return {
    name: product?.name ?? '',
    categoryId: product?.categoryId ?? '',
    description: product?.description ?? '',
    type: product?.type ?? 'rental',
    tracking: product?.tracking ?? 'bulk',
    quantity: product?.quantity ?? 1,
    pricingMode: pricing?.mode ?? 'daily',
    tiers: pricing?.mode === 'daily' ? pricing.tiers : [{ hours: 24, amount: null }],
    extraDayAmount: pricing?.mode === 'daily' ? pricing.extraDayAmount : null,
    minimumHours: pricing?.mode === 'hourly' ? pricing.minimumHours : 1,
    minimumAmount: pricing?.mode === 'hourly' ? pricing.minimumAmount : null,
    extraHourAmount: pricing?.mode === 'hourly' ? pricing.extraHourAmount : null,
    flatAmount: pricing?.mode === 'flat' ? pricing.amount : null,
    taxable: product?.taxable ?? true,
    securityDeposit: product?.securityDeposit ?? 0,
    bufferBeforeMinutes: product?.bufferBeforeMinutes ?? 0,
    bufferAfterMinutes: product?.bufferAfterMinutes ?? 0,
    recoveryMinutes: product?.recoveryMinutes ?? 0,
    setupMinutes: product?.setupMinutes ?? 0,
    crewSize: product?.crewSize ?? 1,
    dimensions: {
      lengthCm: product?.dimensions?.lengthCm ?? null,
      widthCm: product?.dimensions?.widthCm ?? null,
      heightCm: product?.dimensions?.heightCm ?? null,
    },
    powerNeeds: product?.powerNeeds ?? '',
    capacity: product?.capacity ?? '',
    anchorPoints: product?.anchorPoints ?? 0,
    showInStore: product?.showInStore ?? true,
    components: (product?.components ?? []).map(({ id, quantity }) => ({
      productId: id,
      quantity,
    })),
    accessories: (product?.accessories ?? []).map(({ id, quantity, required }) => ({
      productId: id,
      quantity,
      required,
    })),
  };
}

function pricingOf(values: ProductFormValues) {
  switch (values.pricingMode) {
    case 'daily':
      return { mode: 'daily', tiers: values.tiers, extraDayAmount: values.extraDayAmount };
    case 'hourly':
      return {
        mode: 'hourly',
        minimumHours: values.minimumHours,
        minimumAmount: values.minimumAmount,
        extraHourAmount: values.extraHourAmount,
      };
    case 'flat':
      return { mode: 'flat', amount: values.flatAmount };
  }
}

/**
 * The form's values as the API's product input, before the domain schema checks them: an
 * unset category is none, no dimensions are null, an empty deposit is none.
 */
export function productInputOf(values: ProductFormValues): unknown {
  const { lengthCm, widthCm, heightCm } = values.dimensions;
  return {
    name: values.name,
    categoryId: values.categoryId || null,
    description: values.description,
    type: values.type,
    tracking: values.tracking,
    quantity: values.quantity,
    pricing: pricingOf(values),
    taxable: values.taxable,
    securityDeposit: values.securityDeposit ?? 0,
    bufferBeforeMinutes: values.bufferBeforeMinutes,
    bufferAfterMinutes: values.bufferAfterMinutes,
    recoveryMinutes: values.recoveryMinutes,
    setupMinutes: values.setupMinutes,
    crewSize: values.crewSize,
    dimensions:
      lengthCm === null && widthCm === null && heightCm === null ? null : values.dimensions,
    powerNeeds: values.powerNeeds,
    capacity: values.capacity,
    anchorPoints: values.anchorPoints,
    showInStore: values.showInStore,
    components: values.components,
    accessories: values.accessories,
  };
}

const PRICING_FIELDS: Record<string, keyof ProductFormValues> = {
  tiers: 'tiers',
  extraDayAmount: 'extraDayAmount',
  minimumHours: 'minimumHours',
  minimumAmount: 'minimumAmount',
  extraHourAmount: 'extraHourAmount',
  amount: 'flatAmount',
};
const PRICING_FORM_FIELDS = new Set<string>(Object.values(PRICING_FIELDS));
const FORM_FIELDS = new Set(Object.keys(productFormValues()));

/**
 * Where a problem the schema or the server names ('pricing.tiers.0.amount', 'name') shows in
 * the form ('tiers.0.amount', 'name'); null for a path the form has no field for.
 */
export function productFormField(path: string): string | null {
  const [head, ...rest] = path.split('.');
  if (head === undefined) return null;
  if (head === 'pricing') {
    const [field, ...tail] = rest;
    if (field === undefined || field === 'mode') return 'pricingMode';
    const name = PRICING_FIELDS[field];
    return name ? [name, ...tail].join('.') : null;
  }
  return FORM_FIELDS.has(head) ? path : null;
}

/** The input's fields a change to these form fields touches, for a PATCH of only those. */
export function changedInputFields(formFields: readonly string[]): (keyof ProductInput)[] {
  const inputKeys = new Set(Object.keys(productInputSchema.shape));
  const changed = new Set<keyof ProductInput>();
  for (const field of formFields) {
    const mapped = field === 'pricingMode' || PRICING_FORM_FIELDS.has(field) ? 'pricing' : field;
    if (inputKeys.has(mapped)) changed.add(mapped as keyof ProductInput);
  }
  return [...changed];
}
