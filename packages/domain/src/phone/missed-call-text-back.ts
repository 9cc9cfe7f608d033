import { z } from 'zod';

/**
 * Issue 24 item 4: the text a caller gets when nobody took their call. Three cases, each with
 * its own template: a new caller (ask the party's date and ZIP, link the store), a known
 * caller with an order ahead (about that order), and any caller outside business hours.
 */
export const TEXT_BACK_CASES = ['newCaller', 'knownCaller', 'afterHours'] as const;
export type TextBackCase = (typeof TEXT_BACK_CASES)[number];

/** The fields a text-back template may use, written `{{store.link}}` as in e-mail templates. */
export const TEXT_BACK_FIELDS = [
  { key: 'business.name', label: 'Business name', example: 'Bounce Kingdom' },
  { key: 'store.link', label: 'Store link', example: 'https://…/s/bounce-kingdom' },
  { key: 'customer.firstName', label: 'First name', example: 'Jamie' },
  { key: 'order.number', label: 'Order number', example: '1042' },
  { key: 'order.eventDate', label: 'Event date', example: 'Saturday, June 14' },
  { key: 'order.items', label: 'Items', example: 'Castle Bounce House' },
  { key: 'order.deliveryWindow', label: 'Delivery window', example: '9:00 AM – 11:00 AM' },
] as const;
export type TextBackFieldKey = (typeof TEXT_BACK_FIELDS)[number]['key'];
export type TextBackValues = Record<TextBackFieldKey, string>;

/** Order fields only make sense for a known caller with an order. */
const ORDER_FIELDS: ReadonlySet<string> = new Set(
  TEXT_BACK_FIELDS.filter((f) => f.key.startsWith('order.') || f.key === 'customer.firstName').map(
    (f) => f.key,
  ),
);
const KNOWN: ReadonlySet<string> = new Set(TEXT_BACK_FIELDS.map((f) => f.key));
const FIELD = /\{\{\s*([^{}]*?)\s*\}\}/g;

export const DEFAULT_TEXT_BACK_TEMPLATES: Record<TextBackCase, string> = {
  newCaller:
    'Hi, this is {{business.name}}. Sorry we missed your call! What date and ZIP code is your party? Reply here, or see what is available: {{store.link}}',
  knownCaller:
    "Hi {{customer.firstName}}, this is {{business.name}}. Sorry we missed your call! Calling about your party on {{order.eventDate}} ({{order.items}})? Reply here and we'll get right back to you.",
  afterHours:
    "Thanks for calling {{business.name}}! We're closed right now and will call you back when we open. What date and ZIP code is your party? See what is available: {{store.link}}",
};

export const TEXT_BACK_TEMPLATE_MAX = 480;

const template = (kind: TextBackCase) =>
  z
    .string()
    .trim()
    .min(1, { error: 'Enter the text to send' })
    .max(TEXT_BACK_TEMPLATE_MAX, {
      error: `Keep it to ${TEXT_BACK_TEMPLATE_MAX} characters (three texts)`,
    })
    .superRefine((text, ctx) => {
      const unknown = textBackFieldsIn(text).filter((key) => !KNOWN.has(key));
      if (unknown.length > 0)
        ctx.addIssue({ code: 'custom', message: `Unknown field: {{${unknown[0]}}}` });
      if (kind !== 'knownCaller') {
        const orderOnly = textBackFieldsIn(text).find((key) => ORDER_FIELDS.has(key));
        if (orderOnly)
          ctx.addIssue({
            code: 'custom',
            message: `{{${orderOnly}}} is only known for a caller with an order`,
          });
      }
    });

/** The account's missed-call text-back: off until the account turns it on (opt-in). */
export const textBackSettingsSchema = z.object({
  enabled: z.boolean(),
  newCaller: template('newCaller'),
  knownCaller: template('knownCaller'),
  afterHours: template('afterHours'),
});
export type TextBackSettings = z.output<typeof textBackSettingsSchema>;

export const DEFAULT_TEXT_BACK_SETTINGS: TextBackSettings = {
  enabled: false,
  ...DEFAULT_TEXT_BACK_TEMPLATES,
};

/** The fields a template names, in order of first use. */
export function textBackFieldsIn(text: string): string[] {
  return [...new Set([...text.matchAll(FIELD)].map((m) => m[1] ?? ''))];
}

/** Fills a template; an unknown field is left as written (saving refuses them anyway). */
export function renderTextBack(text: string, values: Partial<TextBackValues>): string {
  return text
    .replace(FIELD, (whole, key: string) =>
      KNOWN.has(key) ? (values[key as TextBackFieldKey] ?? '') : whole,
    )
    .replace(/\s+\(\)/g, '')
    .trim();
}

/**
 * Which text a missed call gets: after hours wins (the caller should know nobody will answer
 * tonight), then a caller whose customer has an order ahead, then everyone else.
 */
export function textBackCase({
  withinHours,
  hasUpcomingOrder,
}: {
  withinHours: boolean;
  hasUpcomingOrder: boolean;
}): TextBackCase {
  if (!withinHours) return 'afterHours';
  return hasUpcomingOrder ? 'knownCaller' : 'newCaller';
}

/**
 * The store's address segment for an account (back-office spec §10: `/s/{accountSlug}`): the
 * account's name, lower case, words joined by hyphens.
 */
export function accountSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
  return slug || 'store';
}

// Issue 24 item 5: picture messages.

/** What a picture in a text may be (what browsers show inline; HEIC is kept as a download). */
export const MMS_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const MMS_MEDIA_TYPES = [...MMS_IMAGE_TYPES, 'image/heic', 'image/heif'] as const;
/** Twilio's own limit for an MMS: 5 MB in all. */
export const MMS_MEDIA_MAX_BYTES = 5 * 1024 * 1024;
/** Twilio sends at most ten media per message. */
export const MMS_MEDIA_MAX_COUNT = 10;

export const messageMediaSchema = z.object({
  id: z.string(),
  /** pending: the carrier's copy is being fetched; stored: ours; refused: too big or not a picture. */
  status: z.enum(['pending', 'stored', 'refused']),
  contentType: z.string(),
  url: z.string().nullable(),
  /** The order staff put it on as a site photo; null: on none yet. */
  orderId: z.string().nullable(),
});
export type MessageMedia = z.output<typeof messageMediaSchema>;

/** Put a picture from a text on one of the customer's orders, as a site photo. */
export const mediaToOrderInputSchema = z.object({
  orderId: z.uuid({ error: 'Choose an order' }),
});

export const mediaToOrderResultSchema = z.object({ mediaId: z.string(), orderId: z.string() });

export const PHOTO_REQUEST_TEMPLATE =
  'Hi {{customer.firstName}}, this is {{business.name}}. Could you send us a photo of the setup spot for your party on {{order.eventDate}}? Just reply to this text with a picture of where it goes (the yard, the gate, any slope or steps).';

export const photoRequestResponseSchema = z.object({
  conversationId: z.string(),
  messageId: z.string(),
});
