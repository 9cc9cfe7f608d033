import { z } from 'zod';
import { LOCATED_BY, type LocatedBy } from './located-by';

/**
 * back-office spec §7.1: how an account delivers and what it charges, as staff write it
 * (PUT /api/delivery/settings) and as the API answers it. Money is integer cents, distances are
 * miles to a tenth, ZIP codes are strings (a ZIP such as 02134 keeps its leading zero), times of
 * day are the account's local "HH:MM" (24-hour).
 */
export const DELIVERY_METHODS = ['staffed', 'drop_off', 'pickup'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];
/** What each method is called until the account names it otherwise. */
export const DELIVERY_METHOD_LABELS: Readonly<Record<DeliveryMethod, string>> = {
  staffed: 'Delivery and setup',
  drop_off: 'Drop-off',
  pickup: 'Customer pickup',
};

export const WINDOW_SURCHARGE_KINDS = ['narrower_than', 'starts_before', 'starts_after'] as const;
export type WindowSurchargeKind = (typeof WINDOW_SURCHARGE_KINDS)[number];
export const WINDOW_SURCHARGE_KIND_LABELS: Readonly<Record<WindowSurchargeKind, string>> = {
  narrower_than: 'Shorter than',
  starts_before: 'Starts before',
  starts_after: 'Starts at or after',
};

/** The most any one fee may be: $100,000. */
export const DELIVERY_FEE_MAX = 10_000_000;
export const DELIVERY_MILES_MAX = 1_000;
export const DELIVERY_TIERS_MAX = 20;
export const DELIVERY_SURCHARGES_MAX = 10;
export const ZIP_OVERRIDES_MAX = 2_000;
export const DEPOT_NAME_MAX = 80;

const fee = (what: string) =>
  z
    .number({ error: `Enter the ${what}` })
    .int(`Enter the ${what} in cents`)
    .min(0, `The ${what} cannot be negative`)
    .max(DELIVERY_FEE_MAX, `The ${what} is too large`);

const miles = (what: string) =>
  z
    .number({ error: `Enter the ${what} in miles` })
    .positive(`The ${what} must be more than 0 miles`)
    .max(DELIVERY_MILES_MAX, `The ${what} must be at most ${DELIVERY_MILES_MAX} miles`)
    .refine((n) => Math.abs(n * 10 - Math.round(n * 10)) < 1e-9, {
      error: `Enter the ${what} to a tenth of a mile`,
    });

/** A ZIP or postal code as staff type or paste it: trimmed, upper case, ZIP+4 cut to 5 digits. */
export function normalizePostalCode(code: string): string {
  const trimmed = code.trim().toUpperCase();
  const zip = /^(\d{5})(?:[-\s]?\d{4})?$/.exec(trimmed);
  return zip?.[1] ?? trimmed.replace(/\s+/g, ' ');
}

export const postalCodeSchema = z
  .string({ error: 'Enter the ZIP code' })
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/, 'Enter a ZIP code such as 78701')
  .transform(normalizePostalCode);

/** "HH:MM", 24-hour. */
export const timeOfDaySchema = z
  .string({ error: 'Enter a time such as 08:00' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time such as 08:00');

const methodLabel = z
  .string({ error: 'Enter a name for the method' })
  .trim()
  .min(1, 'Enter a name for the method')
  .max(60, 'Must be at most 60 characters');

const chargedMethodSchema = z.object({
  enabled: z.boolean(),
  label: methodLabel,
  /** Charged on every delivery by this method, before distance and surcharges. */
  baseFee: fee('base fee'),
});
const pickupMethodSchema = z.object({ enabled: z.boolean(), label: methodLabel });

export const deliveryTierSchema = z.object({
  /** Inclusive: a delivery of exactly this many miles is in this tier. */
  upToMiles: miles('tier distance'),
  fee: fee('tier fee'),
});
export type DeliveryTier = z.output<typeof deliveryTierSchema>;

/** A ZIP code's own fee (wins over the distance tiers), or `null`: the ZIP is not served. */
export const zipOverrideSchema = z.object({
  postalCode: postalCodeSchema,
  fee: fee('ZIP fee').nullable(),
});
export type ZipOverride = z.output<typeof zipOverrideSchema>;

export const windowSurchargeSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('narrower_than'),
      /** Strict: a window of exactly this many hours costs nothing extra. */
      hours: z
        .number({ error: 'Enter the hours' })
        .min(0.25, 'Enter at least a quarter of an hour')
        .max(24, 'Enter at most 24 hours')
        .refine((n) => Number.isInteger(n * 4), { error: 'Enter the hours in quarters' }),
      fee: fee('surcharge'),
    }),
    /** Strict: a window starting at this time costs nothing extra. */
    z.object({ kind: z.literal('starts_before'), time: timeOfDaySchema, fee: fee('surcharge') }),
    /** Inclusive: a window starting at this time is charged (the end of business hours). */
    z.object({ kind: z.literal('starts_after'), time: timeOfDaySchema, fee: fee('surcharge') }),
  ],
  { error: 'Choose the kind of surcharge' },
);
export type WindowSurcharge = z.output<typeof windowSurchargeSchema>;

const settingsShape = z.object({
  methods: z.object({
    staffed: chargedMethodSchema,
    drop_off: chargedMethodSchema,
    pickup: pickupMethodSchema,
  }),
  /** Distance tiers from the nearest depot, each reaching further than the one before. */
  tiers: z.array(deliveryTierSchema).max(DELIVERY_TIERS_MAX, `At most ${DELIVERY_TIERS_MAX} tiers`),
  /** Cents per mile beyond the last tier (per mile from the depot when there are no tiers). */
  perMileBeyond: fee('price per mile'),
  /** Beyond it a delivery is refused (staff need `order.override`); null: no limit. */
  serviceRadiusMiles: miles('service radius').nullable(),
  zipOverrides: z
    .array(zipOverrideSchema)
    .max(ZIP_OVERRIDES_MAX, `At most ${ZIP_OVERRIDES_MAX} ZIP codes`),
  windowSurcharges: z
    .array(windowSurchargeSchema)
    .max(DELIVERY_SURCHARGES_MAX, `At most ${DELIVERY_SURCHARGES_MAX} surcharges`),
  /** Whether the delivery fee is taxed (the account's tax setting must say so too, §2). */
  taxable: z.boolean(),
});

/** The rules that tie one entry to another: tiers ascending, each ZIP once. */
export const deliverySettingsSchema = settingsShape.superRefine((value, ctx) => {
  value.tiers.forEach((tier, i) => {
    const before = value.tiers[i - 1];
    if (before && tier.upToMiles <= before.upToMiles)
      ctx.addIssue({
        code: 'custom',
        path: ['tiers', i, 'upToMiles'],
        message: 'Each tier must reach further than the one before',
      });
  });
  const seen = new Set<string>();
  value.zipOverrides.forEach((override, i) => {
    if (seen.has(override.postalCode))
      ctx.addIssue({
        code: 'custom',
        path: ['zipOverrides', i, 'postalCode'],
        message: `ZIP ${override.postalCode} is listed twice`,
      });
    seen.add(override.postalCode);
  });
});
export type DeliverySettings = z.output<typeof deliverySettingsSchema>;
export type DeliverySettingsInput = z.input<typeof deliverySettingsSchema>;

/** An account that has set nothing: every method on, no fees, no limit. */
export const DEFAULT_DELIVERY_SETTINGS: DeliverySettings = {
  methods: {
    staffed: { enabled: true, label: DELIVERY_METHOD_LABELS.staffed, baseFee: 0 },
    drop_off: { enabled: true, label: DELIVERY_METHOD_LABELS.drop_off, baseFee: 0 },
    pickup: { enabled: true, label: DELIVERY_METHOD_LABELS.pickup },
  },
  tiers: [],
  perMileBeyond: 0,
  serviceRadiusMiles: null,
  zipOverrides: [],
  windowSurcharges: [],
  taxable: false,
};

/** GET and PUT /api/delivery/settings answer the settings as stored. */
export const deliverySettingsResponseSchema = z.object({ settings: settingsShape });

const latitude = z
  .number({ error: 'Enter the latitude' })
  .min(-90, 'Latitude is between -90 and 90')
  .max(90, 'Latitude is between -90 and 90');
const longitude = z
  .number({ error: 'Enter the longitude' })
  .min(-180, 'Longitude is between -180 and 180')
  .max(180, 'Longitude is between -180 and 180');

const addressText = (max: number, message: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

/** A depot's street address; its pin is found from it unless staff place one. */
export const depotAddressSchema = z.object({
  line1: addressText(200, 'Enter the street address'),
  city: addressText(100, 'Enter the city'),
  region: addressText(100, 'Enter the state'),
  postalCode: postalCodeSchema,
});

export { LOCATED_BY, type LocatedBy };

const depotFields = {
  name: z
    .string({ error: 'Enter the depot’s name' })
    .trim()
    .min(1, 'Enter the depot’s name')
    .max(DEPOT_NAME_MAX, `Must be at most ${DEPOT_NAME_MAX} characters`),
  address: depotAddressSchema,
  /** A pin placed by staff; left out, the address is geocoded. Both or neither. */
  lat: latitude.nullish().transform((v) => v ?? null),
  lng: longitude.nullish().transform((v) => v ?? null),
};

const pinBothOrNeither = (value: { lat?: number | null; lng?: number | null }) =>
  (value.lat == null) === (value.lng == null);
const pinIssue = {
  path: ['lng'],
  error: 'Enter both the latitude and the longitude, or neither',
};

/** POST /api/delivery/depots. */
export const depotInputSchema = z.object(depotFields).refine(pinBothOrNeither, pinIssue);
export type DepotInput = z.input<typeof depotInputSchema>;
export type DepotInputParsed = z.output<typeof depotInputSchema>;

/** PATCH /api/delivery/depots/{id}: any of the fields; a new address without a pin is geocoded. */
export const depotPatchSchema = z.object(depotFields).partial().refine(pinBothOrNeither, pinIssue);
export type DepotPatch = z.output<typeof depotPatchSchema>;

export const depotResponseSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.object({
    line1: z.string(),
    city: z.string(),
    region: z.string(),
    postalCode: z.string(),
  }),
  lat: z.number(),
  lng: z.number(),
  locatedBy: z.enum(LOCATED_BY),
  createdAt: z.string(),
});
export type DepotResponse = z.output<typeof depotResponseSchema>;
export const depotListResponseSchema = z.object({ depots: z.array(depotResponseSchema) });

/** A point on the map. */
export type LatLng = { lat: number; lng: number };

/**
 * POST /api/delivery/quote: the fee for an address (the order editor, the settings' "try an
 * address"). Street, city and state help the geocoder; a ZIP code or a pin is required.
 */
export const deliveryQuoteRequestSchema = z
  .object({
    method: z.enum(DELIVERY_METHODS, { error: 'Choose the delivery method' }),
    address: z.object({
      line1: z.string().trim().max(200, 'Must be at most 200 characters').default(''),
      city: z.string().trim().max(100, 'Must be at most 100 characters').default(''),
      region: z.string().trim().max(100, 'Must be at most 100 characters').default(''),
      postalCode: z
        .string()
        .trim()
        .max(20, 'Must be at most 20 characters')
        .default('')
        .transform(normalizePostalCode),
      lat: latitude.nullish().transform((v) => v ?? null),
      lng: longitude.nullish().transform((v) => v ?? null),
    }),
    window: z
      .object({
        start: z.iso.datetime({ offset: true, error: 'Enter the window’s start' }),
        end: z.iso.datetime({ offset: true, error: 'Enter the window’s end' }),
      })
      .refine((w) => Date.parse(w.end) >= Date.parse(w.start), {
        path: ['end'],
        error: 'The window must not end before it starts',
      })
      .nullish()
      .transform((v) => v ?? null),
  })
  .superRefine((value, ctx) => {
    const { postalCode, lat, lng } = value.address;
    if ((lat == null) !== (lng == null))
      ctx.addIssue({
        code: 'custom',
        path: ['address', 'lng'],
        message: 'Enter both the latitude and the longitude, or neither',
      });
    else if (postalCode === '' && lat == null && value.method !== 'pickup')
      ctx.addIssue({
        code: 'custom',
        path: ['address', 'postalCode'],
        message: 'Enter the ZIP code or place the pin',
      });
  });
export type DeliveryQuoteRequest = z.input<typeof deliveryQuoteRequestSchema>;
export type DeliveryQuoteRequestParsed = z.output<typeof deliveryQuoteRequestSchema>;

/** Why a delivery was refused: the first four from the fee rules, the last two from finding it. */
export const DELIVERY_REFUSALS = [
  'method_off',
  'zip_not_served',
  'outside_area',
  'distance_unknown',
  'no_depot',
  'address_not_found',
] as const;
export type DeliveryRefusal = (typeof DELIVERY_REFUSALS)[number];

export const deliveryFeePartSchema = z.object({
  label: z.string(),
  amount: z.number().int(),
  /** A window surcharge: the order shows it as a line of its own. */
  window: z.boolean().optional(),
});
export type DeliveryFeePart = z.output<typeof deliveryFeePartSchema>;

const placed = {
  /** Road miles (OSRM) or the estimate, to a tenth; null when no distance was needed or known. */
  miles: z.number().nullable(),
  /** Whether `miles` is great-circle × 1.3 rather than a road distance (§7.1). */
  milesEstimated: z.boolean(),
  depotId: z.string().nullable(),
  depotName: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  locatedBy: z.enum(LOCATED_BY).nullable(),
};

export const deliveryQuoteResponseSchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    amount: z.number().int(),
    taxable: z.boolean(),
    explanation: z.string(),
    parts: z.array(deliveryFeePartSchema),
    ...placed,
  }),
  z.object({
    ok: z.literal(false),
    reason: z.enum(DELIVERY_REFUSALS),
    message: z.string(),
    ...placed,
  }),
]);
export type DeliveryQuoteResponse = z.output<typeof deliveryQuoteResponseSchema>;
