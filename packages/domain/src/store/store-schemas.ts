import { z } from 'zod';
import { CART_SESSION_STATES } from './cart-session-states';
import { accentTextColour, STORE_CHECKOUT_MODE_KEYS, STORE_FONT_KEYS } from './store-look';

/**
 * back-office spec §10: what the online store asks a shopper, as forms post it. Every field is
 * text from an HTML form; the messages are the field errors the page shows beside each input.
 */

export const STORE_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?$/;
export const storeSlugSchema = z
  .string({ error: 'Enter the store address' })
  .trim()
  .toLowerCase()
  .regex(STORE_SLUG_PATTERN, 'Use 1 to 48 lower-case letters, digits and dashes');

/** How long a cart holds its items, in minutes (§10: the account chooses; default 30). */
export const STORE_HOLD_MINUTES = { min: 5, max: 120, default: 30 } as const;

export const STORE_COLOUR_DEFAULT = '#4f46e5';

/**
 * PUT /api/store/settings. Slug and hold time as before; colour, font and checkout mode may be
 * left out (older callers, the checklist's "Publish"): a new store takes the defaults, an
 * existing one keeps what it has.
 */
export const storeSettingsSchema = z.object({
  slug: storeSlugSchema,
  holdMinutes: z
    .number({ error: 'Enter the hold time in minutes' })
    .int('Enter whole minutes')
    .min(STORE_HOLD_MINUTES.min, `Hold items at least ${STORE_HOLD_MINUTES.min} minutes`)
    .max(STORE_HOLD_MINUTES.max, `Hold items at most ${STORE_HOLD_MINUTES.max} minutes`)
    .default(STORE_HOLD_MINUTES.default),
  /** The store's accent colour, as #rrggbb; its text (white or near-black) must reach 4.5:1. */
  colour: z
    .string({ error: 'Enter a colour as #rrggbb' })
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, 'Enter a colour as #rrggbb')
    .transform((v) => v.toLowerCase())
    .refine(
      (v) => accentTextColour(v) !== null,
      'Text on this colour is hard to read with white or black: choose a darker or a lighter one',
    )
    .optional(),
  font: z.enum(STORE_FONT_KEYS, { error: 'Choose a font from the list' }).optional(),
  checkoutMode: z
    .enum(STORE_CHECKOUT_MODE_KEYS, { error: 'Choose how shoppers check out' })
    .optional(),
});
export type StoreSettingsInput = z.input<typeof storeSettingsSchema>;
export type StoreSettings = z.output<typeof storeSettingsSchema>;
export const storeSettingsResponseSchema = z.object({
  slug: z.string(),
  holdMinutes: z.number(),
  colour: z.string(),
  font: z.enum(STORE_FONT_KEYS),
  checkoutMode: z.enum(STORE_CHECKOUT_MODE_KEYS),
  url: z.string(),
});
export type StoreSettingsResponse = z.output<typeof storeSettingsResponseSchema>;

const time = z
  .string({ error: 'Choose a time' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Choose a time');

/** "When and where is your party?": the day, its start and end, and the ZIP code. */
export const partyQuerySchema = z
  .object({
    date: z
      .string({ error: 'Choose the day of your party' })
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose the day of your party')
      .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), 'Choose a real day'),
    start: time,
    end: time,
    zip: z
      .string({ error: 'Enter your ZIP code' })
      .trim()
      .regex(/^\d{5}$/, 'Enter a 5-digit ZIP code'),
  })
  .refine((p) => p.end > p.start, {
    path: ['end'],
    message: 'The party must end after it starts',
  });
export type PartyQuery = z.output<typeof partyQuerySchema>;

export const CART_QUANTITY_MAX = 50;
export const addToCartSchema = z.object({
  product: z.string().min(1).max(200),
  quantity: z.coerce
    .number({ error: 'Choose how many' })
    .int('Choose how many')
    .min(1, 'Choose how many')
    .max(CART_QUANTITY_MAX, `At most ${CART_QUANTITY_MAX} at a time`),
});

/** The surface select's "Not sure yet" and the delivery time's "Any time before the party". */
export const STORE_SURFACE_UNSURE = 'unsure';
export const STORE_WINDOW_ANY = 'any';
/** The store's delivery windows are this long (decision 0057). */
export const STORE_WINDOW_HOURS = 2;

const required = (message: string, max = 120) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters`);

/** Checkout: who the customer is, where the party is, and an optional coupon code. */
export const storeCheckoutSchema = z.object({
  firstName: required('Enter your first name', 60),
  lastName: required('Enter your last name', 60),
  email: z
    .string({ error: 'Enter your e-mail address' })
    .trim()
    .max(200)
    .email('Enter a valid e-mail address'),
  phone: z
    .string({ error: 'Enter your phone number' })
    .trim()
    .regex(/^\+?[\d\s().-]{10,20}$/, 'Enter a 10-digit phone number'),
  /** §10 "consent to texts": a checkbox, "yes" when ticked. */
  textConsent: z
    .string()
    .optional()
    .transform((v) => v === 'yes'),
  line1: required('Enter the street address'),
  city: required('Enter the city', 80),
  region: z
    .string({ error: 'Enter the state' })
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'Enter the 2-letter state'),
  couponCode: z
    .string()
    .trim()
    .max(40, 'At most 40 characters')
    .optional()
    .transform((v) => (v ? v.toUpperCase() : null)),
  /** §3 "Where will it be set up?": one of the store's surfaces, or "unsure" (none yet). */
  surfaceId: z
    .string()
    .trim()
    .nullish()
    .refine(
      (v) => !v || v === STORE_SURFACE_UNSURE || /^[0-9a-f-]{36}$/i.test(v),
      'Choose a surface from the list',
    )
    .transform((v) => (v && v !== STORE_SURFACE_UNSURE ? v.toLowerCase() : null)),
  /** Site questions: the gate code goes on the address's second line. */
  gateCode: z
    .string()
    .trim()
    .max(200, 'At most 200 characters')
    .nullish()
    .transform((v) => v || null),
  power: z
    .enum(['yes', 'no', 'unsure'], { error: 'Choose yes, no or not sure' })
    .nullish()
    .transform((v) => v ?? null),
  stairs: z
    .enum(['yes', 'no'], { error: 'Choose yes or no' })
    .nullish()
    .transform((v) => v ?? null),
  /**
   * The delivery window's start, as HH:MM on the party day (a 2-hour window); "any" or none:
   * any time before the party. The server checks it is one of the windows it offered.
   */
  deliveryWindow: z
    .string()
    .trim()
    .nullish()
    .refine(
      (v) => !v || v === STORE_WINDOW_ANY || /^([01]\d|2[0-3]):[0-5]\d$/.test(v),
      'Choose a delivery time from the list',
    )
    .transform((v) => (v && v !== STORE_WINDOW_ANY ? v : null)),
  /**
   * §2 an optional damage waiver: "no" declines it; anything else (or nothing) keeps it, as the
   * setting says ("optional defaulting on"). Ignored where the account makes it mandatory or off.
   */
  damageWaiver: z
    .union([z.enum(['yes', 'no']), z.boolean()], {
      error: 'Choose whether to add the damage waiver',
    })
    .nullish()
    .transform((v) => v !== 'no' && v !== false),
  /** The rental terms' checkbox on the review page; booking needs it ("yes" when ticked). */
  termsAccepted: z
    .union([z.string(), z.boolean()])
    .optional()
    .transform((v) => v === 'yes' || v === true),
});
export type StoreCheckout = z.output<typeof storeCheckoutSchema>;

/** The site answers as the order's one note line, e.g. "Site: power within 50 ft: yes; …". */
export function storeSiteNote(answers: Pick<StoreCheckout, 'power' | 'stairs'>): string | null {
  const parts = [
    answers.power
      ? `power within 50 ft: ${answers.power === 'unsure' ? 'not sure' : answers.power}`
      : null,
    answers.stairs ? `stairs or slope: ${answers.stairs}` : null,
  ].filter(Boolean);
  return parts.length ? `Site: ${parts.join('; ')}.` : null;
}

/** What a checkout ends in: a quote request for staff, or a booking paid by card now. */
export const STORE_CHECKOUT_CHOICES = ['quote', 'book'] as const;
export type StoreCheckoutChoice = (typeof STORE_CHECKOUT_CHOICES)[number];

const cartDay = (what: string) => z.iso.date({ error: `Enter ${what} as a date (YYYY-MM-DD)` });

/**
 * GET /api/store/carts: the store sessions with at least one item started on the local days
 * `from` to `to` (the dashboard tile's count), newest first; `state` narrows them.
 */
export const cartSessionListQuerySchema = z
  .object({
    from: cartDay('the first day'),
    to: cartDay('the last day'),
    state: z.enum(CART_SESSION_STATES, { error: 'Choose open, abandoned or converted' }).optional(),
  })
  .refine((q) => q.to >= q.from, {
    path: ['to'],
    message: 'The last day must not be before the first',
  })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) < 366 * 86_400_000, {
    path: ['to'],
    message: 'Choose at most a year',
  });
export type CartSessionListQuery = z.output<typeof cartSessionListQuerySchema>;

export const cartSessionSchema = z.object({
  id: z.string(),
  state: z.enum(CART_SESSION_STATES),
  startedAt: z.string(),
  lastSeenAt: z.string().nullable(),
  eventStart: z.string().nullable(),
  eventEnd: z.string().nullable(),
  postalCode: z.string().nullable(),
  itemCount: z.number(),
  valueCents: z.number(),
  items: z.array(z.object({ name: z.string(), quantity: z.number() })),
  /** What the shopper gave at checkout; null without `customer.read`, or when none was given. */
  contact: z
    .object({
      name: z.string(),
      email: z.string(),
      phone: z.string(),
      textConsent: z.boolean(),
    })
    .nullable(),
  customerId: z.string().nullable(),
  order: z.object({ id: z.string(), number: z.number() }).nullable(),
  abandonedAt: z.string().nullable(),
});
export type CartSession = z.output<typeof cartSessionSchema>;

/** At most this many sessions are listed; `total` counts them all. */
export const CART_SESSION_LIST_LIMIT = 200;
export const cartSessionListSchema = z.object({
  carts: z.array(cartSessionSchema),
  total: z.number(),
});
export type CartSessionList = z.output<typeof cartSessionListSchema>;
