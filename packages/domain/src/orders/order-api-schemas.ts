import { z } from 'zod';
import { LOCATED_BY } from '../delivery/located-by';
import { amountSchema, PRODUCT_QUANTITY_MAX } from '../inventory/inventory-schemas';
import { CANCEL_MONEY_CHOICES } from '../payments/cancel-money';
import type { OrderChange } from './order-changes';
import { ORDER_STATUSES, orderStatusSchema } from './order-status';

export * from './order-list-query';

import { orderTotalsSchema, paymentStatusSchema } from './totals';

/**
 * back-office spec §4 and the API appendix: `GET|POST /api/orders`, `GET|PATCH
 * /api/orders/{id}`, `POST /api/orders/{id}/transitions`. Amounts are integer cents; times are
 * ISO 8601 with an offset.
 */

export const ORDER_LINES_MAX = 200;
export const ORDER_TAGS_MAX = 20;
export const ORDER_TAG_MAX = 40;
export const ORDER_NOTE_MAX = 5_000;
export const CANCEL_REASON_MAX = 1_000;

export const FULFILMENTS = ['delivery', 'pickup'] as const;
export type Fulfilment = (typeof FULFILMENTS)[number];
export const FULFILMENT_LABELS: Readonly<Record<Fulfilment, string>> = {
  delivery: 'Delivery',
  pickup: 'Customer pickup',
};

export const ORDER_LINE_KINDS = ['product', 'component', 'fee', 'discount'] as const;
export type OrderLineKind = (typeof ORDER_LINE_KINDS)[number];

const instant = (what: string) =>
  z.iso.datetime({ offset: true, error: `Enter ${what} as a date and time` });

const id = (message: string) => z.string({ error: message }).uuid(message);

const requiredText = (max: number, message: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

/** Blank is no value: stored as null. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));

export const orderAddressInputSchema = z.object({
  line1: requiredText(200, 'Enter the street address'),
  line2: optionalText(200),
  city: requiredText(100, 'Enter the city'),
  region: requiredText(100, 'Enter the state or region'),
  postalCode: requiredText(20, 'Enter the ZIP or postal code'),
  lat: z
    .number()
    .min(-90, 'Latitude is between -90 and 90')
    .max(90, 'Latitude is between -90 and 90')
    .nullish()
    .transform((v) => v ?? null),
  lng: z
    .number()
    .min(-180, 'Longitude is between -180 and 180')
    .max(180, 'Longitude is between -180 and 180')
    .nullish()
    .transform((v) => v ?? null),
});

/** A delivery or pickup window: when the crew may arrive. */
export const timeWindowSchema = z
  .object({ start: instant('the window’s start'), end: instant('the window’s end') })
  .refine((w) => Date.parse(w.end) > Date.parse(w.start), {
    path: ['end'],
    error: 'The window must end after it starts',
  });

export const orderLineInputSchema = z.object({
  productId: id('Choose a product'),
  quantity: z
    .number({ error: 'Enter a quantity' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(PRODUCT_QUANTITY_MAX, `Quantity must be at most ${PRODUCT_QUANTITY_MAX}`),
  /**
   * A price per unit that replaces the one §5.2 computes; the server accepts it only from
   * someone with `order.override` (§4).
   */
  manualPrice: amountSchema.nullish().transform((v) => v ?? null),
});

export const ORDER_ADJUSTMENTS_MAX = 20;

/** §4 "fee lines (… custom)": a fee staff add by hand, e.g. a generator or a stairs fee. */
export const customFeeInputSchema = z.object({
  description: requiredText(200, 'Describe the fee'),
  amount: amountSchema.min(1, 'Enter an amount above $0.00'),
  taxable: z.boolean().default(true),
});
export type CustomFeeInput = z.input<typeof customFeeInputSchema>;

/** §4 "discount lines (coupon or manual)": a manual discount, pre-tax; needs `order.override`. */
export const manualDiscountInputSchema = z.object({
  description: requiredText(200, 'Describe the discount'),
  amount: amountSchema.min(1, 'Enter an amount above $0.00'),
});
export type ManualDiscountInput = z.input<typeof manualDiscountInputSchema>;

const tagsSchema = z
  .array(
    z
      .string()
      .trim()
      .min(1, 'A tag cannot be blank')
      .max(ORDER_TAG_MAX, `A tag must be at most ${ORDER_TAG_MAX} characters`),
  )
  .max(ORDER_TAGS_MAX, `At most ${ORDER_TAGS_MAX} tags`)
  // The same tag twice (in any case) is kept once, as first written.
  .transform((tags) =>
    tags.filter(
      (tag, i) => tags.findIndex((other) => other.toLowerCase() === tag.toLowerCase()) === i,
    ),
  );

/** The fields of an order as created or changed; no defaults, so a patch changes only what it names. */
const orderFields = {
  customerId: id('Choose a customer'),
  eventStart: instant('when the event starts'),
  eventEnd: instant('when the event ends'),
  fulfilment: z.enum(FULFILMENTS, { error: 'Choose delivery or pickup' }),
  address: orderAddressInputSchema.nullish().transform((v) => v ?? null),
  surfaceId: id('Choose a setup surface')
    .nullish()
    .transform((v) => v ?? null),
  deliveryWindow: timeWindowSchema.nullish().transform((v) => v ?? null),
  pickupWindow: timeWindowSchema.nullish().transform((v) => v ?? null),
  lines: z.array(orderLineInputSchema).max(ORDER_LINES_MAX, `At most ${ORDER_LINES_MAX} lines`),
  couponCode: optionalText(40),
  fees: z
    .array(customFeeInputSchema)
    .max(ORDER_ADJUSTMENTS_MAX, `At most ${ORDER_ADJUSTMENTS_MAX} fees`),
  discounts: z
    .array(manualDiscountInputSchema)
    .max(ORDER_ADJUSTMENTS_MAX, `At most ${ORDER_ADJUSTMENTS_MAX} discounts`),
  /** Whether the customer keeps the damage waiver, where the account makes it optional (§2). */
  damageWaiver: z.boolean(),
  /** §4 totals: a tax-exempt customer (their certificate on file) pays no tax on this order. */
  taxExempt: z.boolean(),
  notes: z.object({
    internal: optionalText(ORDER_NOTE_MAX),
    customer: optionalText(ORDER_NOTE_MAX),
  }),
  referralSource: optionalText(100),
  tags: tagsSchema,
};

const eventEndsAfterStart = (
  value: { eventStart?: string; eventEnd?: string },
  ctx: z.core.$RefinementCtx,
) => {
  if (
    value.eventStart &&
    value.eventEnd &&
    Date.parse(value.eventEnd) <= Date.parse(value.eventStart)
  )
    ctx.addIssue({
      code: 'custom',
      path: ['eventEnd'],
      message: 'The event must end after it starts',
    });
};

/**
 * POST /api/orders. A draft may be saved with no lines and no address yet (a phone call that
 * is still a question); what a status needs is the state machine's and availability's check.
 * Left out: no lines, no notes, no tags, the damage waiver kept (§2 "optional defaulting on").
 */
export const orderInputSchema = z
  .object({
    ...orderFields,
    address: orderFields.address.default(null),
    surfaceId: orderFields.surfaceId.default(null),
    deliveryWindow: orderFields.deliveryWindow.default(null),
    pickupWindow: orderFields.pickupWindow.default(null),
    lines: orderFields.lines.default([]),
    couponCode: orderFields.couponCode.default(null),
    fees: orderFields.fees.default([]),
    discounts: orderFields.discounts.default([]),
    damageWaiver: orderFields.damageWaiver.default(true),
    taxExempt: orderFields.taxExempt.default(false),
    notes: orderFields.notes.default({ internal: null, customer: null }),
    referralSource: orderFields.referralSource.default(null),
    tags: orderFields.tags.default([]),
  })
  .superRefine(eventEndsAfterStart);
export type OrderInput = z.input<typeof orderInputSchema>;
export type OrderInputParsed = z.output<typeof orderInputSchema>;

/**
 * PATCH /api/orders/{id}: any of the fields; `null` clears an optional one. The two notes are
 * changed one at a time; an address or a window is replaced whole. When only one of the event
 * times is sent the server checks it against the stored other.
 */
export const orderPatchSchema = z
  .object({ ...orderFields, notes: orderFields.notes.partial() })
  .partial()
  .superRefine(eventEndsAfterStart);
export type OrderPatch = z.output<typeof orderPatchSchema>;

/**
 * POST /api/orders/preview: what an order being edited would cost, saving nothing. The editor
 * sends it on each change (with `GET /api/availability` for the stock); on an existing order
 * `orderId` keeps its manual prices' permission check the same as saving would.
 */
export const orderPreviewRequestSchema = z
  .object({
    /** The order being edited (its coupon keeps the rules it was applied with); none: a new one. */
    orderId: id('Unknown order')
      .nullish()
      .transform((v) => v ?? null),
    /** The customer, for a coupon's new-customer and per-customer rules. */
    customerId: id('Choose a customer')
      .nullish()
      .transform((v) => v ?? null),
    /** §7.1: with delivery and an address, the delivery fee is priced too. */
    fulfilment: orderFields.fulfilment.default('pickup'),
    address: orderFields.address.default(null),
    deliveryWindow: orderFields.deliveryWindow.default(null),
    eventStart: orderFields.eventStart,
    eventEnd: orderFields.eventEnd,
    surfaceId: orderFields.surfaceId.default(null),
    lines: orderFields.lines.default([]),
    couponCode: orderFields.couponCode.default(null),
    fees: orderFields.fees.default([]),
    discounts: orderFields.discounts.default([]),
    damageWaiver: orderFields.damageWaiver.default(true),
    taxExempt: orderFields.taxExempt.default(false),
  })
  .superRefine(eventEndsAfterStart);
export type OrderPreviewRequest = z.input<typeof orderPreviewRequestSchema>;

/** §7.1: where the address was placed (a staff pin, the geocoder or the ZIP's centre), if found. */
const deliveryPlaceSchema = z
  .object({ lat: z.number(), lng: z.number(), locatedBy: z.enum(LOCATED_BY) })
  .nullable()
  .default(null);

export const orderPreviewResponseSchema = z.object({
  lines: z.array(
    z.object({
      productId: z.string(),
      name: z.string(),
      quantity: z.number().int(),
      unitAmount: z.number().int(),
      amount: z.number().int(),
      explanation: z.string().nullable(),
    }),
  ),
  /** Surface fees, then the custom fees staff added (`custom`). */
  fees: z.array(
    z.object({
      description: z.string(),
      amount: z.number().int(),
      custom: z.boolean().default(false),
    }),
  ),
  totals: orderTotalsSchema,
  /** Products the surface allows only with the owner's approval (§3 surfaces). */
  needsApproval: z.array(z.string()),
  /** The coupon applied (its discount is `totals.couponDiscount`), or why it does not apply. */
  coupon: z
    .object({ code: z.string(), description: z.string().nullable() })
    .nullable()
    .default(null),
  couponError: z.string().nullable().default(null),
  /**
   * §7.1: the delivery fee for the address (its explanation), or why there is none; null for a
   * pickup or an order with no address yet.
   */
  delivery: z
    .discriminatedUnion('ok', [
      z.object({
        ok: z.literal(true),
        amount: z.number().int(),
        explanation: z.string(),
        at: deliveryPlaceSchema,
      }),
      z.object({ ok: z.literal(false), message: z.string(), at: deliveryPlaceSchema }),
    ])
    .nullable()
    .default(null),
  /**
   * §12: the blackouts the event falls on. A hard one refuses the booking unless the person may
   * override; an online-only one closes the store, not the office.
   */
  blackouts: z
    .array(
      z.object({
        name: z.string(),
        kind: z.enum(['hard', 'online_only']),
        days: z.array(z.string()),
      }),
    )
    .default([]),
  /** §12: the booking rules (minimum notice, maximum advance) an event booked now breaks. */
  bookingRules: z.array(z.string()).default([]),
});
export type OrderPreview = z.output<typeof orderPreviewResponseSchema>;

/** POST /api/orders/{id}/transitions: cancelling needs a reason (§4). */
export const orderTransitionSchema = z.object({
  to: z.enum(ORDER_STATUSES, { error: 'Choose the status to move the order to' }),
  reason: z
    .string()
    .trim()
    .max(CANCEL_REASON_MAX, `The reason must be at most ${CANCEL_REASON_MAX} characters`)
    .optional(),
  /** §4 "cancelled": what happens to the money already paid; left out, nothing moves. */
  money: z.enum(CANCEL_MONEY_CHOICES, { error: 'Choose what happens to the money' }).optional(),
  /**
   * §4 "returned": per line what did not come back well. Damaged and missing units open a hard
   * downtime on the product (§3), so they cannot be booked until someone ends it.
   */
  returns: z
    .array(
      z.object({
        lineId: z.string().uuid('Unknown line'),
        damaged: z.number().int().min(0).max(PRODUCT_QUANTITY_MAX).default(0),
        missing: z.number().int().min(0).max(PRODUCT_QUANTITY_MAX).default(0),
      }),
    )
    .max(200)
    .optional(),
});
export type OrderTransitionInput = z.output<typeof orderTransitionSchema>;

export const orderLineSchema = z.object({
  id: z.string(),
  kind: z.enum(ORDER_LINE_KINDS),
  productId: z.string().nullable(),
  description: z.string(),
  quantity: z.number().int(),
  unitAmount: z.number().int(),
  amount: z.number().int(),
  /** §5.2's explanation of a priced line ("2 days: 48 h tier"); null where there is none. */
  explanation: z.string().nullable(),
  reservedFrom: z.string().nullable(),
  reservedUntil: z.string().nullable(),
  /** A component line's product line. */
  parentLineId: z.string().nullable(),
  /** A fee or discount line staff added by hand (not a surface fee or a coupon). */
  custom: z.boolean().default(false),
  /** A fee line's taxability; null for other lines. */
  taxable: z.boolean().nullable().default(null),
});
export type OrderLine = z.output<typeof orderLineSchema>;

const timeWindowOutputSchema = z.object({ start: z.string(), end: z.string() });

const changedLine = { description: z.string(), quantity: z.number(), amount: z.number() };
/** One difference between what the customer signed and the order now (§4). */
export const orderChangeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('added'), ...changedLine }),
  z.object({ kind: z.literal('removed'), ...changedLine }),
  z.object({
    kind: z.literal('quantity'),
    description: z.string(),
    from: z.number(),
    to: z.number(),
    amountFrom: z.number(),
    amountTo: z.number(),
  }),
  z.object({ kind: z.literal('dates'), from: timeWindowOutputSchema, to: timeWindowOutputSchema }),
  z.object({ kind: z.literal('address'), from: z.string().nullable(), to: z.string().nullable() }),
  z.object({
    kind: z.literal('total'),
    from: z.number(),
    to: z.number(),
    difference: z.number(),
  }),
]) satisfies z.ZodType<OrderChange>;

export const orderSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  status: orderStatusSchema,
  customer: z.object({ id: z.string(), name: z.string() }),
  eventStart: z.string(),
  eventEnd: z.string(),
  fulfilment: z.enum(FULFILMENTS),
  address: z
    .object({
      line1: z.string(),
      line2: z.string().nullable(),
      city: z.string(),
      region: z.string(),
      postalCode: z.string(),
      lat: z.number().nullable(),
      lng: z.number().nullable(),
    })
    .nullable(),
  surfaceId: z.string().nullable(),
  deliveryWindow: timeWindowOutputSchema.nullable(),
  pickupWindow: timeWindowOutputSchema.nullable(),
  holdExpiresAt: z.string().nullable(),
  /** Whether the customer took the damage waiver (where the account makes it optional). */
  damageWaiver: z.boolean(),
  taxExempt: z.boolean(),
  /** What changed since the customer signed, waiting for their approval; empty when none. */
  changesSinceSigned: z.array(orderChangeSchema).default([]),
  lines: z.array(orderLineSchema),
  totals: orderTotalsSchema,
  paymentStatus: paymentStatusSchema,
  notes: z.object({ internal: z.string().nullable(), customer: z.string().nullable() }),
  tags: z.array(z.string()),
  referralSource: z.string().nullable(),
  /** §9: the coupon the order uses (its discount is `totals.couponDiscount`). */
  couponCode: z.string().nullable().default(null),
  createdAt: z.string(),
});
export type Order = z.output<typeof orderSchema>;
export const orderResponseSchema = z.object({ order: orderSchema });

export const orderListItemSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  status: orderStatusSchema,
  customerName: z.string(),
  eventStart: z.string(),
  total: z.number().int(),
  balance: z.number().int(),
  paymentStatus: paymentStatusSchema,
});
export type OrderListItem = z.output<typeof orderListItemSchema>;
export const orderListResponseSchema = z.object({
  orders: z.array(orderListItemSchema),
  total: z.number(),
  /** The sum of the matching orders' totals (the list's totals row), in minor units. */
  totalAmount: z.number().int(),
  page: z.number(),
  pageSize: z.number(),
});
export type OrderListResponse = z.output<typeof orderListResponseSchema>;
