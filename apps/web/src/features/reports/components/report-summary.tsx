import { percentageChange, type ReportFigure } from '@tentpole/domain';
import { useAccountFormat } from '@/lib/account-format';
import { formatChange, formatPointsChange, formatReportValue } from '../lib/format-report-value';

/**
 * How the figure moved since the previous period. A rate moves in percentage points: spec §9's
 * formula counts a previous value under 1 as 1, so 0.04% → 0.4% would read as -60%. Anything
 * else by that formula, except that the same figure twice is no change (0 → 0 is not -100%).
 */
function changeOf(figure: ReportFigure & { previous: number }, locale: string): string {
  if (figure.format === 'percent')
    return formatPointsChange(figure.value - figure.previous, locale);
  if (figure.value === figure.previous) return formatChange(0, locale);
  return formatChange(percentageChange(figure.value, figure.previous), locale);
}

type ReportSummaryProps = { figures: readonly ReportFigure[]; currency: string };

/** §11: the report's headline figures, each against the previous period of the same length. */
export function ReportSummary({ figures, currency }: ReportSummaryProps) {
  const format = useAccountFormat();
  if (figures.length === 0) return null;
  // As many cards a row as the report's column holds (not the window's width: beside the
  // sidebar and the picker a wide window still leaves a narrow column).
  return (
    <dl className="grid grid-cols-[repeat(auto-fill,minmax(10rem,1fr))] gap-3 sm:grid-cols-[repeat(auto-fill,minmax(12rem,1fr))]">
      {figures.map((figure) => (
        <div
          key={figure.key}
          data-testid={`figure-${figure.key}`}
          className="grid min-w-0 content-start gap-1 rounded-xl border bg-card p-4 shadow-sm"
        >
          <dt className="text-sm font-medium text-muted-foreground wrap-anywhere">
            {figure.label}
          </dt>
          <dd className="text-lg font-semibold tracking-tight tabular-nums wrap-anywhere sm:text-xl">
            {formatReportValue(figure.value, figure.format, currency, format)}
          </dd>
          {figure.previous !== null && (
            <dd className="text-xs text-muted-foreground wrap-anywhere">
              <span className="font-medium text-foreground tabular-nums">
                {changeOf({ ...figure, previous: figure.previous }, format.locale)}
              </span>{' '}
              vs {formatReportValue(figure.previous, figure.format, currency, format)} in the
              previous period
            </dd>
          )}
        </div>
      ))}
    </dl>
  );
}
