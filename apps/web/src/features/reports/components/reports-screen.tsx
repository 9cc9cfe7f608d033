import type { ReportKey } from '@tentpole/domain';
import { FileBarChart, Lock } from 'lucide-react';
import { LoadingRows } from '@/components/query-state/loading-rows';
import { QueryError } from '@/components/query-state/query-error';
import { StateMessage } from '@/components/query-state/state-message';
import { useReportList } from '../api/reports-api';
import type { ReportSearch } from '../lib/report-search';
import { ReportPicker } from './report-picker';
import { ReportView } from './report-view';

type ReportsScreenProps = {
  /** The report and its query, from the URL. */
  search: ReportSearch;
  /** Puts a change of report or query in the URL. */
  onSearchChange: (change: Partial<ReportSearch>) => void;
};

/** §11 Reports: pick a report (the first listed by default) and read it over a range. */
export function ReportsScreen({ search, onSearchChange }: ReportsScreenProps) {
  const list = useReportList();
  if (list.isPending) return <LoadingRows label="Loading reports" rows={5} variant="cards" />;
  if (list.isError)
    return (
      <QueryError
        variant="panel"
        title="The reports could not be loaded."
        onRetry={() => void list.refetch()}
      />
    );
  const [first] = list.data;
  if (!first)
    return (
      <StateMessage
        icon={<FileBarChart aria-hidden="true" />}
        title="No reports are open to you."
        description="Ask an account owner for access if you need them."
      />
    );
  const key: ReportKey = search.report ?? first.key;
  const current = list.data.find((report) => report.key === key);
  const pick = (report: ReportKey) => onSearchChange({ report });

  return (
    <div className="grid min-w-0 gap-6 lg:grid-cols-[15rem_minmax(0,1fr)]">
      <ReportPicker reports={list.data} current={current ? key : first.key} onPick={pick} />
      {current ? (
        // Remounted per report, so a half-typed range does not carry over.
        <ReportView
          key={current.key}
          report={current}
          search={search}
          onSearchChange={onSearchChange}
        />
      ) : (
        <StateMessage
          icon={<Lock aria-hidden="true" />}
          title="This report is not open to you."
          description="Revenue, tax and payment reports need the financial reports permission. Pick another report."
        />
      )}
    </div>
  );
}
