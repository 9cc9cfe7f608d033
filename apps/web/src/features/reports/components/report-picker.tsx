import { Link } from '@tanstack/react-router';
import type { ReportKey, ReportListResponse } from '@tentpole/domain';
import { useId } from 'react';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { cn } from '@/lib/cn';

export type ReportListItem = ReportListResponse['reports'][number];

type ReportPickerProps = {
  reports: readonly ReportListItem[];
  current: ReportKey;
  /** Opens another report (the phone's select). */
  onPick: (report: ReportKey) => void;
};

/** §11: the reports this member may open; a list of links, or a select on a phone. */
export function ReportPicker({ reports, current, onPick }: ReportPickerProps) {
  const selectId = useId();
  return (
    <nav aria-label="Reports" className="min-w-0">
      <div className="grid gap-1.5 lg:hidden">
        <Label htmlFor={selectId}>Report</Label>
        <NativeSelect
          id={selectId}
          value={current}
          onChange={(event) => onPick(event.target.value as ReportKey)}
        >
          {reports.map((report) => (
            <option key={report.key} value={report.key}>
              {report.title}
            </option>
          ))}
        </NativeSelect>
      </div>
      <ul className="hidden gap-1 lg:grid">
        {reports.map((report) => {
          const selected = report.key === current;
          return (
            <li key={report.key}>
              <Link
                from="/reports"
                to="/reports"
                search={(previous) => ({ ...previous, report: report.key })}
                aria-current={selected ? 'page' : undefined}
                className={cn(
                  'grid gap-0.5 rounded-md px-3 py-2 text-sm hover:bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
                  selected && 'bg-muted',
                )}
              >
                <span className="font-medium wrap-anywhere">{report.title}</span>
                <span className="text-xs text-muted-foreground wrap-anywhere">
                  {report.description}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
