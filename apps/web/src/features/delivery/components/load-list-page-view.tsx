import { Link } from '@tanstack/react-router';
import { Printer } from 'lucide-react';
import { LoadingRows } from '@/components/query-state/loading-rows';
import { QueryError } from '@/components/query-state/query-error';
import { Button } from '@/components/ui/button';
import { useAccountFormat } from '@/lib/account-format';
import { useLoadList } from '../api/get-load-list';
import { LoadListView } from './load-list-view';

type LoadListPageViewProps = { date: string; vehicleId: string | null };

/** §7.4: the load list page: ticked on a phone, or printed for the warehouse (print CSS). */
export function LoadListPageView({ date, vehicleId }: LoadListPageViewProps) {
  const { locale } = useAccountFormat();
  const list = useLoadList(date, vehicleId);
  const day = new Date(`${date}T12:00:00`).toLocaleDateString(locale, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });
  return (
    <div className="mx-auto grid w-full max-w-2xl min-w-0 gap-4 print:max-w-none">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight wrap-anywhere">
            Load list
            {list.data?.vehicleName
              ? `: ${list.data.vehicleName}`
              : vehicleId
                ? ''
                : ': the whole day'}
          </h1>
          <p className="mt-1 text-sm text-muted-foreground">
            {day}
            {list.data &&
              ` · ${list.data.stopCount === 1 ? '1 stop' : `${list.data.stopCount} stops`}`}
          </p>
        </div>
        <div className="flex flex-wrap gap-2 print:hidden">
          <Button asChild variant="outline">
            <Link to="/orders/driver/calendar" search={{ date }}>
              Delivery Manager
            </Link>
          </Button>
          <Button type="button" onClick={() => window.print()}>
            <Printer aria-hidden="true" />
            Print
          </Button>
        </div>
      </div>
      {list.isPending ? (
        <LoadingRows label="Loading the load list" rows={4} />
      ) : list.isError ? (
        <QueryError
          variant="panel"
          title="The load list could not be loaded."
          description="Check your connection and try again."
          onRetry={() => void list.refetch()}
        />
      ) : (
        <div className="rounded-lg border bg-card p-4 print:border-0 print:p-0">
          <LoadListView
            list={list.data.list}
            storageKey={`tentpole.delivery.load.${date}.${vehicleId ?? 'day'}`}
          />
        </div>
      )}
    </div>
  );
}
