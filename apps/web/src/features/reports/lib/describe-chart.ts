import { dateTimeFormat, type LocaleFormat, type ReportChart } from '@tentpole/domain';
import { formatReportValue } from './format-report-value';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_MONTH = /^\d{4}-\d{2}$/;
const shortDay = (locale: string) =>
  dateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
const longDay = (locale: string) =>
  dateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
const monthYear = (locale: string) =>
  dateTimeFormat(locale, {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * A chart point's label as it reads: a day ('2026-10-01') as 'Oct 1' on the axis and
 * 'Oct 1, 2026' in full, a month ('2026-10') as 'Oct 2026'; anything else (a category, a
 * week's name) as the server wrote it.
 */
export function pointLabel(
  label: string,
  locale: string,
  length: 'short' | 'long' = 'long',
): string {
  if (ISO_DAY.test(label)) {
    return (length === 'short' ? shortDay : longDay)(locale).format(new Date(`${label}T00:00:00Z`));
  }
  if (ISO_MONTH.test(label)) return monthYear(locale).format(new Date(`${label}-01T00:00:00Z`));
  return label;
}

/** The chart in a sentence or two, for screen readers: what it plots and each series' high. */
export function describeChart(chart: ReportChart, currency: string, format: LocaleFormat): string {
  const { locale } = format;
  const kind = chart.kind === 'line' ? 'Line' : 'Bar';
  const series = chart.series.map((s) => s.label).join(', ');
  const first = chart.points[0];
  const last = chart.points.at(-1);
  if (!first || !last) return `${kind} chart of ${series}: no data.`;
  const span =
    chart.points.length === 1
      ? `for ${pointLabel(first.label, locale)}`
      : `from ${pointLabel(first.label, locale)} to ${pointLabel(last.label, locale)}, ${chart.points.length} points`;
  const highs = chart.series.map((s) => {
    let top = first;
    for (const point of chart.points) {
      if ((point.values[s.key] ?? 0) > (top.values[s.key] ?? 0)) top = point;
    }
    const value = formatReportValue(top.values[s.key] ?? 0, chart.format, currency, format);
    return `${s.label} is highest at ${value} (${pointLabel(top.label, locale)})`;
  });
  return `${kind} chart of ${series} ${span}. ${highs.join('; ')}.`;
}
