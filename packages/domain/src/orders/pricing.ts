import type { ProductPricing } from '../inventory/inventory-schemas';
import { mulDivHalfUp } from '../money/percent-of';

/**
 * back-office spec §5.2: a line's price for the rental period, with the explanation staff and
 * customers see ("2 days: 48 h tier"). Amounts are integer cents; `amount = unitAmount ×
 * quantity`, so a line is rounded to cents once, as §4 asks.
 *
 * `daily` counts calendar days in the account's timezone: a rental's days are the dates its
 * period touches, from the date it starts to the date of its last moment (the period is
 * half-open, so ending at midnight does not touch the next day). A same-day rental is one day.
 * Its length for the tiers is days × 24 h whatever the clock did: a 23-hour spring-forward day
 * or a 25-hour fall-back day in America/Chicago is one day, 24 h, like any other. So tiers
 * under 24 h are never chosen in daily mode (that is what `hourly` is for), and the first tier
 * whose hours reach days × 24 is the price. Beyond the last tier, each day past it adds
 * `extraDayAmount`; when that is not set, the last tier's own daily rate (its amount × 24 / its
 * hours, to the cent, half up) is repeated, so a product priced "up to 24 h $150" costs $150 a
 * day for any length.
 *
 * `hourly` counts real elapsed time (a night across a clock change is its 23 or 25 hours):
 * the minimum hours cost the minimum amount, and each started hour past them one extra hour.
 *
 * `flat` is one price per unit of the line, whatever the period.
 *
 * A period that ends before it starts is priced as the shortest rental (one day, or the
 * minimum hours); the order schemas refuse such a period before it gets here.
 */

export type RentalPeriod = { start: number; end: number; timeZone: string };
export type LinePrice = { unitAmount: number; amount: number; explanation: string };

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar date of `instant` in `timeZone`, as a count of days since 1970-01-01. */
function localDayNumber(instant: number, timeZone: string): number {
  let format = dateFormatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    });
    dateFormatters.set(timeZone, format);
  }
  const parts = format.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(part('year'), part('month') - 1, part('day')) / DAY_MS;
}

/** §5.2: the account's calendar days the period touches; a same-day rental is one day. */
export function rentalDays(period: RentalPeriod): number {
  const last = Math.max(period.start, period.end - 1);
  return localDayNumber(last, period.timeZone) - localDayNumber(period.start, period.timeZone) + 1;
}

type DailyPricing = Extract<ProductPricing, { mode: 'daily' }>;
type HourlyPricing = Extract<ProductPricing, { mode: 'hourly' }>;

function dailyUnitPrice(
  pricing: DailyPricing,
  period: RentalPeriod,
): { unitAmount: number; explanation: string } {
  const days = rentalDays(period);
  const hours = days * 24;
  const length = plural(days, 'day');
  const tier = pricing.tiers.find((t) => t.hours >= hours);
  if (tier) return { unitAmount: tier.amount, explanation: `${length}: ${tier.hours} h tier` };

  const last = pricing.tiers.at(-1);
  if (!last) throw new RangeError('Daily pricing needs at least one tier');
  const extraDays = Math.ceil((hours - last.hours) / 24);
  const perDay = pricing.extraDayAmount ?? mulDivHalfUp(last.amount, 24, last.hours);
  return {
    unitAmount: last.amount + extraDays * perDay,
    explanation: `${length}: ${last.hours} h tier + ${plural(extraDays, 'extra day')}`,
  };
}

function hourlyUnitPrice(
  pricing: HourlyPricing,
  period: RentalPeriod,
): { unitAmount: number; explanation: string } {
  const startedHours = Math.ceil(Math.max(0, period.end - period.start) / HOUR_MS);
  const extraHours = Math.max(0, startedHours - pricing.minimumHours);
  const base = `${startedHours} h: ${pricing.minimumHours} h minimum`;
  return {
    unitAmount: pricing.minimumAmount + extraHours * pricing.extraHourAmount,
    explanation: extraHours > 0 ? `${base} + ${plural(extraHours, 'extra hour')}` : base,
  };
}

export function linePrice(
  pricing: ProductPricing,
  period: RentalPeriod,
  quantity: number,
): LinePrice {
  const unit =
    pricing.mode === 'daily'
      ? dailyUnitPrice(pricing, period)
      : pricing.mode === 'hourly'
        ? hourlyUnitPrice(pricing, period)
        : { unitAmount: pricing.amount, explanation: 'Flat price' };
  return { ...unit, amount: unit.unitAmount * quantity };
}
