import { formatMoney, formatMoneyWhole, type ReportFormat } from '@tentpole/domain';

const count = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const oneDecimal = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});
const change = new Intl.NumberFormat('en-US', {
  maximumFractionDigits: 2,
  signDisplay: 'exceptZero',
});
const points = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
  signDisplay: 'exceptZero',
});
const axisNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const calendarDay = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const moment = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function formatDate(value: string | number): string {
  if (typeof value === 'string' && ISO_DAY.test(value)) {
    // A calendar day names the same day wherever the browser is.
    return calendarDay.format(new Date(`${value}T00:00:00Z`));
  }
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? String(value) : moment.format(date);
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
): string {
  if (value === null || value === '') return '—';
  if (format === 'date') return formatDate(value);
  if (typeof value === 'string' || format === 'text') return String(value);
  switch (format) {
    case 'money':
      return formatMoney(Math.round(value), currency);
    case 'count':
      return count.format(value);
    case 'percent':
      return `${oneDecimal.format(value)}%`;
    case 'days':
      return `${oneDecimal.format(value)} ${value === 1 ? 'day' : 'days'}`;
  }
}

/** A percentage change as the figures show it: 12.5 → '+12.5%', -3 → '-3%', 0 → '0%'. */
export function formatChange(percentage: number): string {
  return `${change.format(percentage)}%`;
}

/** A change in a rate, in percentage points: 0.36 → '+0.4 points', 0 → '0.0 points'. */
export function formatPointsChange(difference: number): string {
  const text = points.format(difference);
  return `${text} ${text.replace(/^[+-]/, '') === '1.0' ? 'point' : 'points'}`;
}

/** A chart axis tick, short: money in whole units, percentages with %, other numbers bare. */
export function formatAxisTick(value: number, format: ReportFormat, currency: string): string {
  if (format === 'money') return formatMoneyWhole(value, currency);
  if (format === 'percent') return `${axisNumber.format(value)}%`;
  return axisNumber.format(value);
}
