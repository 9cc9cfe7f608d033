import { z } from 'zod';
import { dayNumber, isLocalDay } from './local-days';
import { isValidRepeatRule, normalizeRepeatRule } from './repeat-rule';

/**
 * back-office spec §12: blackout dates, one-off or recurring, for the whole business, some
 * categories (and their subcategories) or some products; "hard" refuses every booking,
 * "online only" refuses the online store and lets staff book. Days are the account's local
 * calendar days (YYYY-MM-DD), both ends included. A recurring blackout is an RFC 5545 RRULE
 * whose DTSTART is `startDate`; each occurrence lasts as long as startDate…endDate.
 */
export const BLACKOUT_SCOPES = ['business', 'category', 'product'] as const;
export type BlackoutScope = (typeof BLACKOUT_SCOPES)[number];
export const BLACKOUT_SCOPE_LABELS: Readonly<Record<BlackoutScope, string>> = {
  business: 'The whole business',
  category: 'Some categories',
  product: 'Some products',
};

export const BLACKOUT_KINDS = ['hard', 'online_only'] as const;
export type BlackoutKind = (typeof BLACKOUT_KINDS)[number];
export const BLACKOUT_KIND_LABELS: Readonly<Record<BlackoutKind, string>> = {
  hard: 'No bookings',
  online_only: 'No online bookings',
};

export const BLACKOUT_NAME_MAX = 80;
export const BLACKOUT_TARGETS_MAX = 200;
/** The longest a blackout (or each of its occurrences) may last. */
export const BLACKOUT_MAX_DAYS = 366;
/** Days a blackout may fall on: this century, which keeps rule expansion bounded. */
const FIRST_DAY = '2000-01-01';
const LAST_DAY = '2099-12-31';

const dayField = (what: string) =>
  z
    .string({ error: `Enter the ${what}` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: `Enter the ${what} as YYYY-MM-DD`, abort: true })
    .refine(isLocalDay, { message: 'Enter a real date', abort: true })
    .refine((d) => d >= FIRST_DAY && d <= LAST_DAY, 'Enter a date between 2000 and 2099');

const blackoutFields = {
  name: z
    .string({ error: 'Enter a name' })
    .trim()
    .min(1, 'Enter a name')
    .max(BLACKOUT_NAME_MAX, `The name must be at most ${BLACKOUT_NAME_MAX} characters`),
  scope: z.enum(BLACKOUT_SCOPES, { error: 'Choose what the blackout covers' }),
  targetIds: z
    .array(z.string().uuid('Unknown category or product'))
    .max(BLACKOUT_TARGETS_MAX, `At most ${BLACKOUT_TARGETS_MAX} categories or products`),
  kind: z.enum(BLACKOUT_KINDS, { error: 'Choose which bookings the blackout stops' }),
  startDate: dayField('first day'),
  endDate: dayField('last day'),
  rrule: z
    .string({ error: 'Enter a valid repeat rule' })
    .refine(isValidRepeatRule, 'Enter a valid repeat rule')
    .transform(normalizeRepeatRule)
    .nullish()
    .transform((r) => r ?? null),
  until: dayField('last repeat')
    .nullish()
    .transform((d) => d ?? null),
};

type BlackoutShape = {
  scope?: BlackoutScope;
  targetIds?: string[];
  startDate?: string;
  endDate?: string;
  rrule?: string | null;
  until?: string | null;
};

/** The rules that tie one field to another; a patch is checked on the blackout it produces. */
export function blackoutConsistencyIssues(
  value: BlackoutShape,
): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  if (value.scope === 'category' && (value.targetIds ?? []).length === 0)
    issues.push({ path: 'targetIds', message: 'Choose at least one category' });
  if (value.scope === 'product' && (value.targetIds ?? []).length === 0)
    issues.push({ path: 'targetIds', message: 'Choose at least one product' });
  if (
    value.startDate &&
    value.endDate &&
    isLocalDay(value.startDate) &&
    isLocalDay(value.endDate)
  ) {
    const length = dayNumber(value.endDate) - dayNumber(value.startDate) + 1;
    if (length < 1)
      issues.push({ path: 'endDate', message: 'The blackout must end on or after it starts' });
    else if (length > BLACKOUT_MAX_DAYS)
      issues.push({
        path: 'endDate',
        message: `A blackout can last at most ${BLACKOUT_MAX_DAYS} days`,
      });
  }
  if (value.rrule && value.until && value.startDate && value.until < value.startDate)
    issues.push({ path: 'until', message: 'The repeats must end on or after the first day' });
  return issues;
}

const consistent = (value: BlackoutShape, ctx: z.core.$RefinementCtx) => {
  for (const issue of blackoutConsistencyIssues(value))
    ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
};

/** POST /api/schedule/blackouts. Left out: the whole business, hard, one day, no repeat. */
export const blackoutInputSchema = z
  .object({
    ...blackoutFields,
    scope: blackoutFields.scope.default('business'),
    targetIds: blackoutFields.targetIds.default([]),
    kind: blackoutFields.kind.default('hard'),
    endDate: blackoutFields.endDate.optional(),
    rrule: blackoutFields.rrule.default(null),
    until: blackoutFields.until.default(null),
  })
  // A one-day blackout may leave out its last day; a one-off one has no end to its repeats.
  .transform((b) => ({ ...b, endDate: b.endDate ?? b.startDate, until: b.rrule ? b.until : null }))
  .superRefine(consistent);
export type BlackoutInput = z.input<typeof blackoutInputSchema>;
export type BlackoutInputParsed = z.output<typeof blackoutInputSchema>;

/** PATCH /api/schedule/blackouts/{id}: any of the fields; the server checks what they make. */
export const blackoutPatchSchema = z.object(blackoutFields).partial();
export type BlackoutPatch = z.output<typeof blackoutPatchSchema>;

/** When a blackout falls: what `blackoutDaysBetween` needs of it. */
export type BlackoutTiming = {
  startDate: string;
  endDate: string;
  rrule: string | null;
  until: string | null;
};

export const blackoutResponseSchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(BLACKOUT_SCOPES),
  targetIds: z.array(z.string()),
  kind: z.enum(BLACKOUT_KINDS),
  startDate: z.string(),
  endDate: z.string(),
  rrule: z.string().nullable(),
  until: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Blackout = z.output<typeof blackoutResponseSchema>;

export const blackoutListResponseSchema = z.object({ blackouts: z.array(blackoutResponseSchema) });
export type BlackoutListResponse = z.output<typeof blackoutListResponseSchema>;
