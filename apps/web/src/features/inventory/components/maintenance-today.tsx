import { Link } from '@tanstack/react-router';
import { DOWNTIME_REASON_LABELS, type Downtime } from '@tentpole/domain';
import { Wrench } from 'lucide-react';
import { useId } from 'react';
import { QueryError } from '@/components/query-state/query-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useAccountFormat } from '@/lib/account-format';
import { useCurrentDowntimes } from '../api/get-current-downtimes';
import { formatDowntimeSpan } from '../lib/format-downtime';

function downtimeWhat(downtime: Downtime): string {
  return downtime.unitName ?? `${downtime.quantity} ${downtime.quantity === 1 ? 'unit' : 'units'}`;
}

/** What is in maintenance now, across the account (spec §3 Maintenance). */
export function MaintenanceToday() {
  const { locale } = useAccountFormat();
  const downtimes = useCurrentDowntimes();
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="grid gap-3 rounded-xl border bg-card p-4 shadow-xs"
    >
      <h2 id={headingId} className="flex items-center gap-2 text-sm font-semibold">
        <Wrench aria-hidden="true" className="size-4" />
        In maintenance today
      </h2>
      {downtimes.isPending ? (
        <Skeleton role="status" aria-label="Loading maintenance" className="h-10" />
      ) : downtimes.isError ? (
        <QueryError
          title="Maintenance could not be loaded."
          onRetry={() => void downtimes.refetch()}
        />
      ) : downtimes.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing is in maintenance.</p>
      ) : (
        <ul className="grid gap-2 text-sm">
          {downtimes.data.map((downtime) => (
            <li key={downtime.id} className="grid gap-0.5">
              <span className="flex flex-wrap items-baseline gap-x-2">
                <Link
                  to="/products/$productId"
                  params={{ productId: downtime.productId }}
                  className="font-medium wrap-anywhere underline-offset-4 hover:underline"
                >
                  {downtime.productName}
                </Link>
                <span className="text-muted-foreground">{downtimeWhat(downtime)}</span>
              </span>
              <span className="text-xs text-muted-foreground">
                {DOWNTIME_REASON_LABELS[downtime.reason]} ·{' '}
                {downtime.hard ? 'Out of stock' : 'Warning only'} ·{' '}
                {formatDowntimeSpan(downtime, locale)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
