import type { ReportBasis, ReportResponse } from '@tentpole/domain';
import { BarChart3, Construction, Download } from 'lucide-react';
import { lazy, Suspense, useId } from 'react';
import { LoadingRows } from '@/components/query-state/loading-rows';
import { QueryError } from '@/components/query-state/query-error';
import { StateMessage } from '@/components/query-state/state-message';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAccountFormat } from '@/lib/account-format';
import { ApiError } from '@/lib/api-client';
import { reportCsvUrl, useReport } from '../api/reports-api';
import { describeChart, pointLabel } from '../lib/describe-chart';
import { presetRange } from '../lib/report-range';
import { type ReportSearch, reportRequestFor } from '../lib/report-search';
import { RangeControls } from './range-controls';
import type { ReportListItem } from './report-picker';
import { ReportSummary } from './report-summary';
import { ReportTable } from './report-table';

const ReportChart = lazy(() => import('./report-chart'));

type ReportViewProps = {
  report: ReportListItem;
  search: ReportSearch;
  onSearchChange: (change: Partial<ReportSearch>) => void;
};

/** Why the report could not be shown, in the words of the answer that refused it. */
function ReportError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  if (error instanceof ApiError && error.status === 403) {
    return (
      <QueryError
        variant="panel"
        title="This report is not open to you."
        description="Revenue, tax and payment reports need the financial reports permission."
      />
    );
  }
  if (error instanceof ApiError && error.status === 400) {
    const fields = Object.values(error.body?.error.fields ?? {}).flat();
    return (
      <QueryError
        variant="panel"
        title="This range could not be shown."
        description={fields.length > 0 ? fields.join(' ') : error.message}
      />
    );
  }
  return <QueryError variant="panel" title="The report could not be loaded." onRetry={onRetry} />;
}

/** §11: one report: its range and choices, its figures, chart and table, and its CSV. */
export function ReportView({ report, search, onSearchChange }: ReportViewProps) {
  const request = reportRequestFor(report, search);
  const answer = useReport(report.key, request);
  const data = answer.data;
  const titleId = useId();
  const range =
    request.from && request.to
      ? { from: request.from, to: request.to }
      : (data?.range ?? presetRange('this-month', new Date()));
  const basis: ReportBasis | undefined = report.hasBasis
    ? (search.basis ?? data?.basis ?? 'accrual')
    : undefined;
  const groupBy = report.key === 'utilisation' ? (search.groupBy ?? 'product') : undefined;
  const notBuilt = data?.notBuilt ?? null;

  return (
    <section aria-labelledby={titleId} className="grid min-w-0 content-start gap-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 flex-1 basis-64 gap-1">
          <h2 id={titleId} className="text-xl font-semibold tracking-tight wrap-anywhere">
            {report.title}
          </h2>
          <p className="text-sm text-muted-foreground wrap-anywhere">{report.description}</p>
          {data?.basisLabel && (
            <p className="text-sm font-medium wrap-anywhere" data-testid="basis-label">
              {data.basisLabel}
            </p>
          )}
        </div>
        {notBuilt === null && (
          <Button asChild variant="outline">
            <a href={reportCsvUrl(report.key, request)} download>
              <Download aria-hidden="true" />
              Download CSV
            </a>
          </Button>
        )}
      </div>

      {notBuilt === null && (
        <RangeControls range={range} basis={basis} groupBy={groupBy} onChange={onSearchChange} />
      )}

      {!data ? (
        answer.isError ? (
          <ReportError error={answer.error} onRetry={() => void answer.refetch()} />
        ) : (
          <LoadingRows label={`Loading ${report.title}`} rows={4} variant="cards" />
        )
      ) : notBuilt !== null ? (
        <StateMessage
          icon={<Construction aria-hidden="true" />}
          title="Not built yet"
          description={notBuilt}
        />
      ) : (
        // The previous figures stay, at full contrast, while the new ones load: a faded table
        // is unreadable for some (axe measured 2.47:1 on its grey text), so the wait is said.
        <div aria-busy={answer.isPlaceholderData || undefined} className="grid min-w-0 gap-5">
          <p role="status" className="-mb-3 min-h-4 text-xs text-muted-foreground">
            {answer.isPlaceholderData ? 'Updating…' : ''}
          </p>
          <ReportBody report={data} />
        </div>
      )}
    </section>
  );
}

function ReportBody({ report }: { report: ReportResponse }) {
  const format = useAccountFormat();
  const { locale } = format;
  const chart = report.chart;
  const empty = report.rows.length === 0;
  return (
    <>
      <ReportSummary figures={report.summary} currency={report.currency} />
      <p className="-mt-2 text-xs text-muted-foreground">
        {pointLabel(report.range.from, locale)} to {pointLabel(report.range.to, locale)}, compared
        with {pointLabel(report.previousRange.from, locale)} to{' '}
        {pointLabel(report.previousRange.to, locale)}.
      </p>
      {empty ? (
        <StateMessage
          icon={<BarChart3 aria-hidden="true" />}
          title="No data in this range"
          description="Try a longer range, such as this year."
        />
      ) : (
        <>
          {chart && chart.points.length > 0 && (
            <div
              role="img"
              aria-label={describeChart(chart, report.currency, format)}
              className="min-w-0 rounded-xl border bg-card p-2 pt-4"
            >
              <Suspense fallback={<Skeleton className="h-[280px] w-full" />}>
                <ReportChart chart={chart} currency={report.currency} />
              </Suspense>
            </div>
          )}
          <ReportTable
            label={report.title}
            columns={report.columns}
            rows={report.rows}
            currency={report.currency}
            truncated={report.truncated}
          />
        </>
      )}
    </>
  );
}
