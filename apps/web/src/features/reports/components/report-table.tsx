import { Link } from '@tanstack/react-router';
import {
  REPORT_ROWS_SHOWN,
  type ReportColumn,
  type ReportFormat,
  type ReportRow,
} from '@tentpole/domain';
import { useAccountFormat } from '@/lib/account-format';
import { cn } from '@/lib/cn';
import { formatReportValue } from '../lib/format-report-value';

const NUMERIC: ReadonlySet<ReportFormat> = new Set(['money', 'count', 'percent', 'days']);

type ReportTableProps = {
  /** Names the table ('Revenue'). */
  label: string;
  columns: readonly ReportColumn[];
  rows: readonly ReportRow[];
  currency: string;
  /** The server left rows out; the CSV has them all. */
  truncated: boolean;
};

/** The id a linked cell leads to, when the row carries it. */
function linkId(row: ReportRow, field: 'orderId' | 'productId' | 'customerId'): string | null {
  const id = row[field];
  return typeof id === 'string' && id !== '' ? id : null;
}

function Cell({
  column,
  row,
  currency,
}: {
  column: ReportColumn;
  row: ReportRow;
  currency: string;
}) {
  const format = useAccountFormat();
  const text = formatReportValue(row[column.key] ?? null, column.format, currency, format);
  const linkClass = 'font-medium underline-offset-4 hover:underline';
  if (column.link === 'order') {
    const orderId = linkId(row, 'orderId');
    if (orderId)
      return (
        <Link to="/orders/$orderId" params={{ orderId }} className={linkClass}>
          {text}
        </Link>
      );
  }
  if (column.link === 'product') {
    const productId = linkId(row, 'productId');
    if (productId)
      return (
        <Link to="/products/$productId" params={{ productId }} className={linkClass}>
          {text}
        </Link>
      );
  }
  if (column.link === 'customer') {
    const customerId = linkId(row, 'customerId');
    if (customerId)
      return (
        <Link to="/customers/$customerId" params={{ customerId }} className={linkClass}>
          {text}
        </Link>
      );
  }
  return text;
}

/**
 * §11: the report's rows, each cell read by its column's format, linked to the order, product
 * or customer it is about. Wide tables scroll sideways inside their own box.
 */
export function ReportTable({ label, columns, rows, currency, truncated }: ReportTableProps) {
  return (
    <div className="grid min-w-0 gap-2">
      {/* relative: the caption only screen readers see is placed inside this box; without it
          it sits past the table's right edge and widens the page on a phone. */}
      <section
        aria-label={`${label} table`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls sideways must take focus, so a keyboard can scroll it even where its cells hold nothing focusable (axe scrollable-region-focusable).
        tabIndex={0}
        className="relative max-w-full overflow-x-auto rounded-xl border bg-card focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
      >
        <table className="w-full text-sm">
          <caption className="sr-only">{label}</caption>
          <thead className="border-b bg-muted/40 text-left text-xs font-medium text-muted-foreground">
            <tr>
              {columns.map((column) => (
                <th
                  key={column.key}
                  scope="col"
                  className={cn(
                    'px-3 py-2 font-medium first:pl-4 last:pr-4',
                    NUMERIC.has(column.format) ? 'text-right whitespace-nowrap' : 'min-w-32',
                  )}
                >
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y">
            {rows.map((row, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a report's rows have no id of their own; they are replaced, never reordered.
              <tr key={index} className="hover:bg-accent/40">
                {columns.map((column) => (
                  <td
                    key={column.key}
                    className={cn(
                      'px-3 py-2.5 align-top first:pl-4 last:pr-4',
                      NUMERIC.has(column.format)
                        ? 'text-right whitespace-nowrap tabular-nums'
                        : column.format === 'date'
                          ? 'whitespace-nowrap'
                          : 'min-w-32 wrap-anywhere',
                    )}
                  >
                    <Cell column={column} row={row} currency={currency} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {truncated && (
        <p className="text-sm text-muted-foreground">
          Showing the first {REPORT_ROWS_SHOWN} rows; the CSV has them all.
        </p>
      )}
    </div>
  );
}
