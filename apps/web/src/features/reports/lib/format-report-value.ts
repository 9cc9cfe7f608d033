import {
  dateTimeFormat,
  type LocaleFormat,
  numberFormat,
  type ReportFormat,
} from '@tentpole/domain';

const count = (locale: string) => numberFormat(locale, { maximumFractionDigits: 1 });
const oneDecimal = (locale: string) =>
  numberFormat(locale, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
const change = (locale: string) =>
  numberFormat(locale, {
    maximumFractionDigits: 2,
    signDisplay: 'exceptZero',
  });
const points = (locale: string) =>
  numberFormat(locale, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  });
const axisNumber = (locale: string) => numberFormat(locale, { maximumFractionDigits: 2 });
const calendarDay = (locale: string) =>
  dateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
const moment = (locale: string) =>
  dateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function formatDate(value: string | number, locale: string): string {
  if (typeof value === 'string' && ISO_DAY.test(value)) {
    // A calendar day names the same day wherever the browser is.
    return calendarDay(locale).format(new Date(`${value}T00:00:00Z`));
  }
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : moment(locale).format(date);
}

/**
 * A report's figure or cell as it reads: money in the report's currency from minor units,
 * counts grouped, percentages and days with one decimal, calendar days as dates. An empty
 * cell reads as a dash.
 */
export function formatReportValue(
  value: string | number | null,
  format: ReportFormat,
  currency: string,
  { locale, money }: LocaleFormat,
): string {
  if (value === null || value === '') return '—';
  if (format === 'date') return formatDate(value, locale);
  if (typeof value === 'string' || format === 'text') return String(value);
  switch (format) {
    case 'money':
      return money(Math.round(value), currency);
    case 'count':
      return count(locale).format(value);
    case 'percent':
      return `${oneDecimal(locale).format(value)}%`;
    case 'days':
      return `${oneDecimal(locale).format(value)} ${value === 1 ? 'day' : 'days'}`;
  }
}

/** A percentage change as the figures show it: 12.5 → '+12.5%', -3 → '-3%', 0 → '0%'. */
export function formatChange(percentage: number, locale: string): string {
  return `${change(locale).format(percentage)}%`;
}

/** A change in a rate, in percentage points: 0.36 → '+0.4 points', 0 → '0.0 points'. */
export function formatPointsChange(difference: number, locale: string): string {
  const text = points(locale).format(difference);
  return `${text} ${text.replace(/^[+-]/, '') === '1.0' ? 'point' : 'points'}`;
}

/** A chart axis tick, short: money in whole units, percentages with %, other numbers bare. */
export function formatAxisTick(
  value: number,
  format: ReportFormat,
  currency: string,
  { locale, moneyWhole }: LocaleFormat,
): string {
  if (format === 'money') return moneyWhole(value, currency);
  if (format === 'percent') return `${axisNumber(locale).format(value)}%`;
  return axisNumber(locale).format(value);
}
