import type { BlackoutKind, BlackoutScope, BlackoutTiming } from './blackout-schemas';
import { dayNumber, dayString } from './local-days';
import { parseRepeatRule, repeatStarts } from './repeat-rule';

export type BlackoutDays<B> = { blackout: B; days: string[] };

/** The local days one blackout covers in [fromDay, toDay], in order. */
export function daysOfBlackout(blackout: BlackoutTiming, fromDay: string, toDay: string): string[] {
  const from = dayNumber(fromDay);
  const to = dayNumber(toDay);
  const start = dayNumber(blackout.startDate);
  const length = dayNumber(blackout.endDate) - start;
  if ([from, to, start, length].some(Number.isNaN) || from > to || length < 0) return [];
  let starts: number[] = [start];
  if (blackout.rrule) {
    const rule = parseRepeatRule(blackout.rrule);
    // A stored rule is valid; one that no longer parses covers nothing rather than everything.
    if (!rule) return [];
    // An occurrence that starts up to `length` days before the span still reaches into it.
    starts = repeatStarts(
      rule,
      blackout.startDate,
      dayString(from - length),
      toDay,
      blackout.until,
    ).map(dayNumber);
  }
  const covered = new Set<number>();
  for (const first of starts)
    for (let day = Math.max(first, from); day <= Math.min(first + length, to); day++)
      covered.add(day);
  return [...covered].sort((a, b) => a - b).map(dayString);
}

/**
 * back-office spec §12: the local days (YYYY-MM-DD) each blackout covers between two days, both
 * included; a blackout covering none of them is left out. Recurring blackouts are expanded on
 * calendar days, so no time zone or daylight-saving change can move one.
 */
export function blackoutDaysBetween<B extends BlackoutTiming>(
  blackouts: readonly B[],
  fromDay: string,
  toDay: string,
): BlackoutDays<B>[] {
  return blackouts
    .map((blackout) => ({ blackout, days: daysOfBlackout(blackout, fromDay, toDay) }))
    .filter((hit) => hit.days.length > 0);
}

/** An event as a blackout sees it: its local days and its products. */
export type BlackoutEvent = {
  startDay: string;
  endDay: string;
  productIds: readonly string[];
  /**
   * Each product's category and every category above it, so a blackout of "Inflatables"
   * reaches a product in "Inflatables › Water slides". A product missing here is in none.
   */
  categoryIdsByProduct: Readonly<Record<string, readonly string[]>>;
};

export type BlackoutScoped = BlackoutTiming & {
  scope: BlackoutScope;
  targetIds: readonly string[];
  kind: BlackoutKind;
};

export type BlackoutHit<B> = {
  blackout: B;
  /** The event's days it covers. */
  days: string[];
  /** The event's products it covers (every one, for the whole business). */
  productIds: string[];
};

/** The products of the event a blackout's scope reaches. */
function productsReached(blackout: BlackoutScoped, event: BlackoutEvent): string[] {
  if (blackout.scope === 'business') return [...event.productIds];
  const targets = new Set(blackout.targetIds);
  if (blackout.scope === 'product') return event.productIds.filter((id) => targets.has(id));
  return event.productIds.filter((id) =>
    (event.categoryIdsByProduct[id] ?? []).some((c) => targets.has(c)),
  );
}

/**
 * §12: the blackouts that hit an event: those covering one of its days whose scope reaches it
 * (the whole business always does, even an event without products; a category or product
 * blackout only through the event's products). Hard and online-only alike: the caller decides
 * what each kind refuses.
 */
export function blackoutsFor<B extends BlackoutScoped>(
  event: BlackoutEvent,
  blackouts: readonly B[],
): BlackoutHit<B>[] {
  const hits: BlackoutHit<B>[] = [];
  for (const blackout of blackouts) {
    const productIds = productsReached(blackout, event);
    if (blackout.scope !== 'business' && productIds.length === 0) continue;
    const days = daysOfBlackout(blackout, event.startDay, event.endDay);
    if (days.length > 0) hits.push({ blackout, days, productIds });
  }
  return hits;
}
