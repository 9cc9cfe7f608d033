import { z } from 'zod';
import { dateTimeFormat } from '../locale/locale-format';

/**
 * Issue 24 item 6, the weather board: an account's weather policy. Real operators' thresholds
 * (research §6, rental-back-office.md): winds over 20–25 mph, a 50–60% chance of rain or more,
 * under 40 °F; decided before the crew loads. A category may be stricter or looser than the
 * account (water slides are closed when it is cool; a tent stands more wind than a bounce house).
 */
export const weatherLimitsSchema = z.object({
  /** Flag gusts over this many mph. */
  gustsOverMph: z
    .number()
    .int('Whole miles per hour')
    .min(5, 'At least 5 mph')
    .max(100, 'At most 100 mph'),
  /** Flag a chance of rain at or above this percentage. */
  rainChanceAtLeast: z
    .number()
    .int('A whole percentage')
    .min(1, 'At least 1%')
    .max(100, 'At most 100%'),
  /** Flag temperatures under this many °F. */
  temperatureUnderF: z
    .number()
    .int('Whole degrees')
    .min(-40, 'At least -40 °F')
    .max(100, 'At most 100 °F'),
});
export type WeatherLimits = z.infer<typeof weatherLimitsSchema>;

/** A category's own limits; a null limit is the account's. */
export const weatherCategoryRuleSchema = z.object({
  categoryId: z.uuid('Choose a category'),
  gustsOverMph: weatherLimitsSchema.shape.gustsOverMph.nullable(),
  rainChanceAtLeast: weatherLimitsSchema.shape.rainChanceAtLeast.nullable(),
  temperatureUnderF: weatherLimitsSchema.shape.temperatureUnderF.nullable(),
});
export type WeatherCategoryRule = z.infer<typeof weatherCategoryRuleSchema>;

export const weatherPolicySchema = weatherLimitsSchema
  .extend({ categories: z.array(weatherCategoryRuleSchema).max(100, 'At most 100 categories') })
  .superRefine((policy, ctx) => {
    const seen = new Set<string>();
    policy.categories.forEach((rule, i) => {
      if (seen.has(rule.categoryId))
        ctx.addIssue({
          code: 'custom',
          path: ['categories', i, 'categoryId'],
          message: 'This category already has its own rule',
        });
      seen.add(rule.categoryId);
    });
  });
export type WeatherPolicy = z.infer<typeof weatherPolicySchema>;

export const DEFAULT_WEATHER_POLICY: WeatherPolicy = {
  gustsOverMph: 20,
  rainChanceAtLeast: 60,
  temperatureUnderF: 40,
  categories: [],
};

/** The policy as the board shows it: each category rule with the category's name. */
export const weatherPolicyResponseSchema = z.object({
  policy: weatherPolicySchema,
  categories: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type WeatherPolicyResponse = z.infer<typeof weatherPolicyResponseSchema>;

/** One hour of a forecast, in the units the policy speaks (mph, %, °F). */
export type ForecastHour = {
  /** The hour's start (epoch ms). */
  at: number;
  gustsMph: number | null;
  rainChance: number | null;
  temperatureF: number | null;
};

export const WEATHER_REASON_KINDS = ['gusts', 'rain', 'cold'] as const;
export type WeatherReasonKind = (typeof WEATHER_REASON_KINDS)[number];

export const weatherReasonSchema = z.object({
  kind: z.enum(WEATHER_REASON_KINDS),
  /** The worst value over the event (mph, %, °F). */
  value: z.number(),
  /** The limit it broke. */
  limit: z.number(),
  /** The worst hour (ISO instant). */
  at: z.string(),
  /** The category whose stricter rule it broke; null: the account's. */
  category: z.string().nullable(),
});
export type WeatherReason = z.infer<typeof weatherReasonSchema>;

/**
 * The strictest limits across an order's items: the account's, tightened or loosened per
 * category. With several categories the strictest wins (a water slide and a tent together are
 * checked as a water slide for cold and as whichever is stricter for wind); the category named
 * is the one that set each limit.
 */
export function limitsForCategories(
  policy: WeatherPolicy,
  categoryPaths: readonly (readonly string[])[],
  names: ReadonlyMap<string, string>,
): { limits: WeatherLimits; from: Record<keyof WeatherLimits, string | null> } {
  const limits: WeatherLimits = {
    gustsOverMph: policy.gustsOverMph,
    rainChanceAtLeast: policy.rainChanceAtLeast,
    temperatureUnderF: policy.temperatureUnderF,
  };
  const from: Record<keyof WeatherLimits, string | null> = {
    gustsOverMph: null,
    rainChanceAtLeast: null,
    temperatureUnderF: null,
  };
  const rules = new Map(policy.categories.map((r) => [r.categoryId, r]));
  const perItem = categoryPaths.map((path) => {
    // An item follows its nearest category with a rule of its own for each limit.
    const own: Partial<WeatherLimits> & { names: Partial<Record<keyof WeatherLimits, string>> } = {
      names: {},
    };
    for (const categoryId of path) {
      const rule = rules.get(categoryId);
      if (!rule) continue;
      for (const key of ['gustsOverMph', 'rainChanceAtLeast', 'temperatureUnderF'] as const)
        if (own[key] === undefined && rule[key] !== null) {
          own[key] = rule[key];
          own.names[key] = names.get(categoryId) ?? 'A category';
        }
    }
    return own;
  });
  const items = perItem.length > 0 ? perItem : [{ names: {} }];
  // The order's limit is its strictest item's; an item without a rule counts as the account's.
  const pick = (key: keyof WeatherLimits, stricter: (a: number, b: number) => boolean) => {
    let best: { value: number; name: string | null } | null = null;
    for (const item of items) {
      const value = (item as Partial<WeatherLimits>)[key] ?? policy[key];
      const name =
        (item as Partial<WeatherLimits>)[key] !== undefined ? (item.names[key] ?? null) : null;
      if (
        !best ||
        stricter(value, best.value) ||
        (value === best.value && best.name !== null && name === null)
      )
        best = { value, name };
    }
    limits[key] = best?.value ?? policy[key];
    from[key] = best?.name ?? null;
  };
  pick('gustsOverMph', (a, b) => a < b);
  pick('rainChanceAtLeast', (a, b) => a < b);
  pick('temperatureUnderF', (a, b) => a > b);
  return { limits, from };
}

/**
 * What the forecast says against the limits over the event's hours (an hour counts when any of
 * it falls within the event): for each broken limit, its worst hour. Empty: the event is fine.
 */
export function weatherReasons(
  hours: readonly ForecastHour[],
  event: { start: number; end: number },
  limits: WeatherLimits,
  from: Record<keyof WeatherLimits, string | null> = {
    gustsOverMph: null,
    rainChanceAtLeast: null,
    temperatureUnderF: null,
  },
): WeatherReason[] {
  const during = hours.filter((h) => h.at < event.end && h.at + 3_600_000 > event.start);
  const worst = (
    value: (h: ForecastHour) => number | null,
    breaks: (v: number) => boolean,
    worse: (a: number, b: number) => boolean,
  ) => {
    let found: { value: number; at: number } | null = null;
    for (const h of during) {
      const v = value(h);
      if (v === null || !breaks(v)) continue;
      if (!found || worse(v, found.value)) found = { value: v, at: h.at };
    }
    return found;
  };
  const reasons: WeatherReason[] = [];
  const gusts = worst(
    (h) => h.gustsMph,
    (v) => v > limits.gustsOverMph,
    (a, b) => a > b,
  );
  if (gusts)
    reasons.push({
      kind: 'gusts',
      value: Math.round(gusts.value),
      limit: limits.gustsOverMph,
      at: new Date(gusts.at).toISOString(),
      category: from.gustsOverMph,
    });
  const rain = worst(
    (h) => h.rainChance,
    (v) => v >= limits.rainChanceAtLeast,
    (a, b) => a > b,
  );
  if (rain)
    reasons.push({
      kind: 'rain',
      value: Math.round(rain.value),
      limit: limits.rainChanceAtLeast,
      at: new Date(rain.at).toISOString(),
      category: from.rainChanceAtLeast,
    });
  const cold = worst(
    (h) => h.temperatureF,
    (v) => v < limits.temperatureUnderF,
    (a, b) => a < b,
  );
  if (cold)
    reasons.push({
      kind: 'cold',
      value: Math.round(cold.value),
      limit: limits.temperatureUnderF,
      at: new Date(cold.at).toISOString(),
      category: from.temperatureUnderF,
    });
  return reasons;
}

const hourFormat = (timeZone: string, locale: string) =>
  dateTimeFormat(locale, { timeZone, hour: 'numeric' });

/** "Gusts 35 mph at 2 PM" in the account's timezone, with the category's rule when one set it. */
export function describeWeatherReason(
  reason: WeatherReason,
  timeZone: string,
  locale: string,
): string {
  const at = hourFormat(timeZone, locale).format(new Date(reason.at));
  const what =
    reason.kind === 'gusts'
      ? `Gusts ${reason.value} mph at ${at} (over ${reason.limit} mph)`
      : reason.kind === 'rain'
        ? `Rain chance ${reason.value}% at ${at} (${reason.limit}% or more)`
        : `${reason.value} °F at ${at} (under ${reason.limit} °F)`;
  return reason.category ? `${what}, ${reason.category} rule` : what;
}

/** The forecast's words for the customer: "wind gusts to 35 mph and a 70% chance of rain". */
export function weatherForecastWords(reasons: readonly WeatherReason[]): string {
  const words = reasons.map((r) =>
    r.kind === 'gusts'
      ? `wind gusts to ${r.value} mph`
      : r.kind === 'rain'
        ? `a ${r.value}% chance of rain`
        : `temperatures down to ${r.value} °F`,
  );
  if (words.length <= 1) return words[0] ?? 'bad weather';
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** "Sat, Jun 14" in the account's timezone. */
export const weatherDay = (instant: Date | string, timeZone: string, locale: string) =>
  dateTimeFormat(locale, {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
  }).format(new Date(instant));

/**
 * The text each flagged customer gets: the forecast, and three numbered options (the numbers
 * stay the same when there is no free date to move to, so "3" always means the credit).
 */
export function weatherOfferText(offer: {
  businessName: string;
  reasons: readonly WeatherReason[];
  eventStart: string;
  moveTo: string | null;
  /** The rain-check credit (the rental money paid), formatted; null: nothing paid. */
  credit: string | null;
  timeZone: string;
  /** The account's locale, which writes the days. */
  locale: string;
}): string {
  const day = weatherDay(offer.eventStart, offer.timeZone, offer.locale);
  const options = [
    'Reply 1 to keep it',
    offer.moveTo
      ? `2 to move it to ${weatherDay(offer.moveTo, offer.timeZone, offer.locale)}`
      : null,
    offer.credit ? `3 for a rain-check credit of ${offer.credit}` : '3 to cancel it at no charge',
  ].filter(Boolean);
  return `${offer.businessName}: ${weatherForecastWords(offer.reasons)} ${offer.reasons.length > 1 ? 'are' : offer.reasons[0]?.kind === 'rain' ? 'is' : 'are'} forecast for your party on ${day}. ${options.join(', ')}.`;
}

export const WEATHER_OFFER_STATES = [
  'pending',
  'applying',
  'kept',
  'moved',
  'credited',
  'not_sent',
  'move_failed',
] as const;
export type WeatherOfferState = (typeof WEATHER_OFFER_STATES)[number];

export const WEATHER_OFFER_STATE_LABELS: Readonly<Record<WeatherOfferState, string>> = {
  pending: 'Texted, waiting for a reply',
  applying: 'Reply received, being applied',
  kept: 'Replied 1: keeps the date',
  moved: 'Replied 2: moved',
  credited: 'Replied 3: cancelled with a rain-check credit',
  not_sent: 'Not texted',
  move_failed: 'Replied 2, but the date is no longer free',
};

export const weatherRiskSchema = z.object({
  orderId: z.string(),
  orderNumber: z.number(),
  status: z.string(),
  customerName: z.string(),
  customerPhone: z.string().nullable(),
  eventStart: z.string(),
  eventEnd: z.string(),
  address: z.string(),
  totalCents: z.number(),
  reasons: z.array(weatherReasonSchema),
  /** The worst hour of all its reasons (ISO). */
  worstAt: z.string(),
  checkedAt: z.string(),
  offer: z
    .object({
      state: z.enum(WEATHER_OFFER_STATES),
      /** Why it was not texted (no number, opted out, no texting). */
      note: z.string().nullable(),
      moveTo: z.string().nullable(),
      creditCents: z.number(),
      sentAt: z.string().nullable(),
      repliedAt: z.string().nullable(),
    })
    .nullable(),
});
export type WeatherRisk = z.infer<typeof weatherRiskSchema>;

export const weatherBoardResponseSchema = z.object({
  timeZone: z.string(),
  /** When the forecast was last checked (ISO); null: never. */
  checkedAt: z.string().nullable(),
  /** The window checked: events starting from now to this many hours ahead. */
  lookaheadHours: z.number(),
  /** Orders checked in the last run. */
  checkedOrders: z.number(),
  risks: z.array(weatherRiskSchema),
});
export type WeatherBoard = z.infer<typeof weatherBoardResponseSchema>;

export const weatherCheckResponseSchema = z.object({
  checkedOrders: z.number(),
  flagged: z.number(),
  /** Orders whose location could not be checked (no pin) or whose forecast failed. */
  skipped: z.number(),
});

export const weatherTextRequestSchema = z.object({
  /** The flagged orders to text; all flagged and not yet texted when absent. */
  orderIds: z.array(z.uuid()).max(500).optional(),
});
export const weatherTextResponseSchema = z.object({
  texted: z.number(),
  notSent: z.number(),
  alreadyTexted: z.number(),
});

export const weatherChoiceRequestSchema = z.object({
  choice: z.union([z.literal(1), z.literal(2), z.literal(3)]),
});

/** A customer's reply to an offer: "1", "2" or "3" (spaces, a full stop or an "#" allowed). */
export function weatherChoiceOf(body: string): 1 | 2 | 3 | null {
  const match = /^\s*#?\s*([123])\s*[.!)]?\s*$/.exec(body);
  return match ? (Number(match[1]) as 1 | 2 | 3) : null;
}
