import {
  REPORT_BASES,
  REPORT_BASIS_LABELS,
  type ReportBasis,
  reportQuerySchema,
} from '@tentpole/domain';
import { type ReactNode, useState } from 'react';
import { DateRangeField } from '@/components/form/date-range-field';
import { SegmentedControl } from '@/components/segmented-control';
import { type DayRange, presetOf, presetRange, RANGE_PRESETS } from '../lib/report-range';
import type { ReportSearch } from '../lib/report-search';

const BASIS_OPTIONS = REPORT_BASES.map((basis) => ({
  value: basis,
  label: REPORT_BASIS_LABELS[basis],
}));
const GROUP_OPTIONS = [
  { value: 'product', label: 'Product' },
  { value: 'category', label: 'Category' },
] as const;

type RangeControlsProps = {
  /** The days the report covers now: the URL's, else the server's default. */
  range: DayRange;
  /** The basis choice, for revenue and tax; absent for other reports. */
  basis?: ReportBasis | undefined;
  /** The grouping choice, for utilisation; absent for other reports. */
  groupBy?: 'product' | 'category' | undefined;
  onChange: (change: Partial<ReportSearch>) => void;
};

/** Why a typed range cannot be asked for (the API's own rules), or undefined when it can. */
function rangeError(range: DayRange): string | undefined {
  if (!range.from || !range.to) return 'Give both the first and the last day';
  const parsed = reportQuerySchema.safeParse(range);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/** A choice with its visible caption; the group's legend names it for screen readers. */
function Choice({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 content-start gap-2">
      <span aria-hidden="true" className="text-sm font-medium">
        {caption}
      </span>
      {children}
    </div>
  );
}

/**
 * §11: the first and last day (typed, or a preset), and the basis or grouping for the reports
 * that have one. A range is put in the URL once it is whole and valid; until then it stays
 * here, with what is wrong with it.
 */
export function RangeControls({ range, basis, groupBy, onChange }: RangeControlsProps) {
  const [draft, setDraft] = useState<DayRange | null>(null);
  const today = new Date();
  const shown = draft ?? range;
  const error = draft ? rangeError(draft) : undefined;

  return (
    <div className="grid min-w-0 gap-4 rounded-xl border bg-card p-4 md:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
      {/* Its own box, so the fieldset keeps its height when the choices beside it are taller. */}
      <div className="min-w-0">
        <DateRangeField
          label="Dates"
          fromLabel="First day"
          toLabel="Last day"
          value={shown}
          error={error}
          onChange={(next) => {
            if (rangeError(next)) {
              setDraft(next);
              return;
            }
            setDraft(null);
            onChange({ from: next.from, to: next.to });
          }}
        />
      </div>
      <div className="flex min-w-0 flex-wrap content-start gap-x-6 gap-y-4">
        <Choice caption="Quick ranges">
          <SegmentedControl
            legend="Quick ranges"
            options={RANGE_PRESETS}
            value={draft ? '' : (presetOf(range, today) ?? '')}
            onChange={(preset) => {
              setDraft(null);
              onChange(presetRange(preset, today));
            }}
            className="flex flex-wrap"
          />
        </Choice>
        {basis && (
          <Choice caption="Basis">
            <SegmentedControl
              legend="Basis"
              options={BASIS_OPTIONS}
              value={basis}
              onChange={(next) => onChange({ basis: next })}
              className="flex flex-wrap"
            />
          </Choice>
        )}
        {groupBy && (
          <Choice caption="Group by">
            <SegmentedControl
              legend="Group by"
              options={GROUP_OPTIONS}
              value={groupBy}
              onChange={(next) => onChange({ groupBy: next })}
              className="flex flex-wrap"
            />
          </Choice>
        )}
      </div>
    </div>
  );
}
