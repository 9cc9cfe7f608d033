import { z } from 'zod';
import { PRODUCT_STATUSES } from './product-list-query';

export {
  PRODUCT_PAGE_SIZE,
  PRODUCT_PAGE_SIZE_MAX,
  PRODUCT_STATUSES,
  type ProductListQuery,
  type ProductStatus,
  productListQuerySchema,
} from './product-list-query';

/**
 * back-office spec §3 and the API appendix: products, categories, bundles and accessories,
 * units, surfaces and their rules, downtimes. Amounts are integers in the account currency's
 * minor unit (cents); durations are whole minutes.
 */

export const PRODUCT_NAME_MAX = 120;
export const PRODUCT_TEXT_MAX = 5_000;
export const PRODUCT_QUANTITY_MAX = 100_000;
export const AMOUNT_MAX = 100_000_000; // one million dollars in cents: no rental line costs more
export const BUFFER_MINUTES_MAX = 14 * 24 * 60;

export const PRODUCT_TYPES = ['rental', 'sale', 'service'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];
export const PRODUCT_TYPE_LABELS: Readonly<Record<ProductType, string>> = {
  rental: 'Rental',
  sale: 'Sale item',
  service: 'Service',
};

export const PRODUCT_TRACKING = ['bulk', 'serialized'] as const;
export type ProductTracking = (typeof PRODUCT_TRACKING)[number];

const requiredText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));

export const amountSchema = z
  .number({ error: 'Enter an amount' })
  .int('Amounts are whole cents')
  .min(0, 'Amounts cannot be negative')
  .max(AMOUNT_MAX, 'Amount is too large');
const minutesSchema = z
  .number({ error: 'Enter a number of minutes' })
  .int('Whole minutes only')
  .min(0, 'Cannot be negative')
  .max(BUFFER_MINUTES_MAX, 'At most 14 days');
const countSchema = (max: number) =>
  z
    .number({ error: 'Enter a number' })
    .int('Whole numbers only')
    .min(0, 'Cannot be negative')
    .max(max);
const idSchema = z.string().uuid('Unknown record');

/** §5.2: a duration tier, "up to `hours` hours costs `amount`". */
export const pricingTierSchema = z.object({
  hours: z
    .number()
    .int()
    .min(1, 'A tier lasts at least one hour')
    .max(24 * 366),
  amount: amountSchema,
});

export const productPricingSchema = z.discriminatedUnion('mode', [
  z.object({
    mode: z.literal('daily'),
    tiers: z
      .array(pricingTierSchema)
      .min(1, 'Add at least one price')
      .max(30)
      .refine(
        (tiers) => tiers.every((tier, i) => i === 0 || tier.hours > (tiers[i - 1]?.hours ?? 0)),
        'Tiers must get longer one after another',
      ),
    extraDayAmount: amountSchema.nullish().transform((v) => v ?? null),
  }),
  z.object({
    mode: z.literal('hourly'),
    minimumHours: z
      .number()
      .int()
      .min(1)
      .max(24 * 31),
    minimumAmount: amountSchema,
    extraHourAmount: amountSchema,
  }),
  z.object({ mode: z.literal('flat'), amount: amountSchema }),
]);
export type ProductPricing = z.output<typeof productPricingSchema>;

export const productComponentInputSchema = z.object({
  productId: idSchema,
  quantity: z.number().int().min(1, 'At least one').max(1_000),
});
export const productAccessoryInputSchema = productComponentInputSchema.extend({
  required: z.boolean(),
});

const dimensionsSchema = z
  .object({
    lengthCm: countSchema(100_000).nullish(),
    widthCm: countSchema(100_000).nullish(),
    heightCm: countSchema(100_000).nullish(),
  })
  .nullish()
  .transform((v) => v ?? null);

/** POST /api/products. Fields a form leaves out take the defaults a new bounce house has. */
export const productInputSchema = z.object({
  name: requiredText(PRODUCT_NAME_MAX, 'Name'),
  categoryId: idSchema.nullish().transform((v) => v ?? null),
  description: optionalText(PRODUCT_TEXT_MAX),
  type: z.enum(PRODUCT_TYPES).default('rental'),
  tracking: z.enum(PRODUCT_TRACKING).default('bulk'),
  /** Bulk: units owned. Serialized: ignored (the active units count). */
  quantity: countSchema(PRODUCT_QUANTITY_MAX).default(1),
  pricing: productPricingSchema,
  taxable: z.boolean().default(true),
  securityDeposit: amountSchema.default(0),
  bufferBeforeMinutes: minutesSchema.default(0),
  bufferAfterMinutes: minutesSchema.default(0),
  recoveryMinutes: minutesSchema.default(0),
  dimensions: dimensionsSchema,
  powerNeeds: optionalText(200),
  capacity: optionalText(200),
  anchorPoints: countSchema(200).default(0),
  setupMinutes: minutesSchema.default(0),
  crewSize: countSchema(50).default(1),
  showInStore: z.boolean().default(true),
  /** A bundle: the products it is made of, each with a quantity per bundle. */
  components: z.array(productComponentInputSchema).max(50).default([]),
  accessories: z.array(productAccessoryInputSchema).max(50).default([]),
});
export type ProductInput = z.input<typeof productInputSchema>;

/** PATCH /api/products/{id}: any of the fields, plus archiving. */
export const productPatchSchema = productInputSchema
  .partial()
  .extend({ status: z.enum(PRODUCT_STATUSES).optional() });

export const productUnitSchema = z.object({
  id: z.string(),
  name: z.string(),
  serial: z.string().nullable(),
  status: z.enum(['active', 'retired']),
});
export type ProductUnit = z.output<typeof productUnitSchema>;

export const productUnitInputSchema = z.object({
  name: requiredText(80, 'Name'),
  serial: optionalText(80),
  status: z.enum(['active', 'retired']).default('active'),
});

export const productRefSchema = z.object({ id: z.string(), name: z.string() });

export const productSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  categoryId: z.string().nullable(),
  categoryName: z.string().nullable(),
  description: z.string().nullable(),
  type: z.enum(PRODUCT_TYPES),
  tracking: z.enum(PRODUCT_TRACKING),
  /** Units owned: the bulk quantity, or the serialized product's active units. */
  quantity: z.number(),
  pricing: productPricingSchema,
  taxable: z.boolean(),
  securityDeposit: z.number(),
  bufferBeforeMinutes: z.number(),
  bufferAfterMinutes: z.number(),
  recoveryMinutes: z.number(),
  dimensions: z
    .object({
      lengthCm: z.number().nullish(),
      widthCm: z.number().nullish(),
      heightCm: z.number().nullish(),
    })
    .nullable(),
  powerNeeds: z.string().nullable(),
  capacity: z.string().nullable(),
  anchorPoints: z.number(),
  setupMinutes: z.number(),
  crewSize: z.number(),
  showInStore: z.boolean(),
  status: z.enum(PRODUCT_STATUSES),
  /** The first image's URL (a small thumbnail), if it has one. */
  imageUrl: z.string().nullable(),
  images: z.array(z.object({ id: z.string(), url: z.string(), thumbnailUrl: z.string() })),
  components: z.array(productRefSchema.extend({ quantity: z.number() })),
  accessories: z.array(productRefSchema.extend({ quantity: z.number(), required: z.boolean() })),
  units: z.array(productUnitSchema),
  /** Whether an order has ever named it (then it can be archived, never deleted). */
  ordered: z.boolean(),
  createdAt: z.string(),
});
export type Product = z.output<typeof productSchema>;

export const productResponseSchema = z.object({ product: productSchema });

/** GET /api/products query. */
export const productListItemSchema = productSchema.pick({
  id: true,
  name: true,
  categoryId: true,
  categoryName: true,
  type: true,
  tracking: true,
  quantity: true,
  pricing: true,
  status: true,
  imageUrl: true,
  showInStore: true,
});
export type ProductListItem = z.output<typeof productListItemSchema>;
export const productListResponseSchema = z.object({
  products: z.array(productListItemSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

// Categories (§3): nested, ordered, with an image and store visibility.
export const categoryInputSchema = z.object({
  name: requiredText(80, 'Name'),
  parentId: idSchema.nullish().transform((v) => v ?? null),
  description: optionalText(PRODUCT_TEXT_MAX),
  showInStore: z.boolean().default(true),
});
export const categoryPatchSchema = categoryInputSchema.partial().extend({
  /** Its place among its siblings, 0 first; the others move to make room. */
  position: z.number().int().min(0).max(10_000).optional(),
});
export const categorySchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  parentId: z.string().nullable(),
  description: z.string().nullable(),
  showInStore: z.boolean(),
  position: z.number(),
  imageUrl: z.string().nullable(),
  productCount: z.number(),
});
export type Category = z.output<typeof categorySchema>;
export const categoryResponseSchema = z.object({ category: categorySchema });
/** Every category of the account, parents before children, siblings in their order. */
export const categoryListResponseSchema = z.object({ categories: z.array(categorySchema) });

// Setup surfaces (§3).
export const surfaceInputSchema = z.object({
  name: requiredText(80, 'Name'),
  description: optionalText(1_000),
  customerVisible: z.boolean().default(true),
});
export const surfacePatchSchema = surfaceInputSchema.partial();
export const surfaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  customerVisible: z.boolean(),
  position: z.number(),
});
export type Surface = z.output<typeof surfaceSchema>;
export const surfaceResponseSchema = z.object({ surface: surfaceSchema });
export const surfaceListResponseSchema = z.object({ surfaces: z.array(surfaceSchema) });

export const SURFACE_ALLOWED = ['yes', 'no', 'approval'] as const;
export type SurfaceAllowed = (typeof SURFACE_ALLOWED)[number];
export const SURFACE_ALLOWED_LABELS: Readonly<Record<SurfaceAllowed, string>> = {
  yes: 'Allowed',
  no: 'Not allowed',
  approval: 'Needs approval',
};
export const COMPONENT_PER = ['unit', 'anchor'] as const;
export const FEE_PER = ['order', 'unit', 'anchor'] as const;

export const surfaceRuleSchema = z.object({
  surfaceId: idSchema,
  allowed: z.enum(SURFACE_ALLOWED),
  components: z
    .array(
      z.object({
        productId: idSchema,
        quantity: z.number().int().min(1).max(1_000),
        per: z.enum(COMPONENT_PER),
      }),
    )
    .max(20)
    .default([]),
  fee: z
    .object({ amount: amountSchema, per: z.enum(FEE_PER), taxable: z.boolean() })
    .nullish()
    .transform((v) => v ?? null),
  crewNotes: optionalText(1_000),
});
export type SurfaceRule = z.output<typeof surfaceRuleSchema>;
/** PUT /api/products/{id}/surfaces: the product's rules, one per surface it names. */
export const surfaceRulesInputSchema = z
  .array(surfaceRuleSchema)
  .max(100)
  .refine(
    (rules) => new Set(rules.map((r) => r.surfaceId)).size === rules.length,
    'One rule per surface',
  );
export const surfaceRulesResponseSchema = z.object({ rules: z.array(surfaceRuleSchema) });
/** GET /api/surfaces/rules: the grid, every product's rules. */
export const surfaceGridResponseSchema = z.object({
  surfaces: z.array(surfaceSchema),
  products: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      anchorPoints: z.number(),
      rules: z.array(surfaceRuleSchema),
    }),
  ),
});

// Maintenance (§3): downtimes on a product or one of its units.
export const DOWNTIME_REASONS = ['repair', 'cleaning', 'missing', 'damaged'] as const;
export type DowntimeReason = (typeof DOWNTIME_REASONS)[number];
export const DOWNTIME_REASON_LABELS: Readonly<Record<DowntimeReason, string>> = {
  repair: 'Repair',
  cleaning: 'Cleaning',
  missing: 'Missing',
  damaged: 'Damaged',
};
const isoInstant = z.iso.datetime({ offset: true, error: 'Enter a date and time' });
export const downtimeInputSchema = z
  .object({
    quantity: z.number().int().min(1, 'At least one').max(PRODUCT_QUANTITY_MAX),
    unitId: idSchema.nullish().transform((v) => v ?? null),
    reason: z.enum(DOWNTIME_REASONS),
    from: isoInstant,
    until: isoInstant.nullish().transform((v) => v ?? null),
    hard: z.boolean().default(true),
    note: optionalText(1_000),
  })
  .superRefine((value, ctx) => {
    if (value.until && Date.parse(value.until) <= Date.parse(value.from))
      ctx.addIssue({ code: 'custom', path: ['until'], message: 'Until must be after from' });
  });
export const downtimeSchema = z.object({
  id: z.string(),
  productId: z.string(),
  productName: z.string(),
  unitId: z.string().nullable(),
  unitName: z.string().nullable(),
  quantity: z.number(),
  reason: z.enum(DOWNTIME_REASONS),
  from: z.string(),
  until: z.string().nullable(),
  hard: z.boolean(),
  note: z.string().nullable(),
});
export type Downtime = z.output<typeof downtimeSchema>;
export const downtimeResponseSchema = z.object({ downtime: downtimeSchema });
export const downtimeListResponseSchema = z.object({ downtimes: z.array(downtimeSchema) });
/** GET /api/downtimes: the maintenance list; current ones by default. */
export const downtimeListQuerySchema = z.object({
  include: z.enum(['current', 'all']).default('current'),
});
