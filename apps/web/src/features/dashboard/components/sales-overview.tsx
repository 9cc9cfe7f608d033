import { EMPTY_SALES_OVERVIEW } from '@tentpole/domain';
import { lazy, Suspense } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useAccountFormat } from '@/lib/account-format';
import { useSalesOverview } from '../api/get-sales-overview';

const SalesOverviewChart = lazy(() => import('./sales-overview-chart'));

/** spec §2 Dashboard: the sales overview, payments by month and their total. */
export function SalesOverview() {
  const { money } = useAccountFormat();
  const overview = useSalesOverview();
  const { payments, totalAmount } = overview.data ?? EMPTY_SALES_OVERVIEW;
  const chartFallback = <Skeleton className="h-[300px] w-full" />;

  return (
    <Card aria-labelledby="sales-overview-title" role="region" className="gap-4">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1.5">
          <CardTitle id="sales-overview-title">Sales Overview</CardTitle>
          <CardDescription>Payments received over the last 12 months.</CardDescription>
        </div>
        <div className="sm:text-right">
          <p className="text-xs text-muted-foreground">Total</p>
          {overview.isPending ? (
            <Skeleton className="mt-1 h-7 w-28" />
          ) : (
            <p className="text-2xl font-semibold tracking-tight tabular-nums" data-testid="total">
              {money(totalAmount)}
            </p>
          )}
        </div>
      </CardHeader>
      <CardContent className="pl-2">
        {overview.isPending ? (
          chartFallback
        ) : payments.length === 0 ? (
          <p className="grid h-[300px] place-items-center text-sm text-muted-foreground">
            No payments in the last 12 months.
          </p>
        ) : (
          <Suspense fallback={chartFallback}>
            <SalesOverviewChart payments={payments} />
          </Suspense>
        )}
      </CardContent>
    </Card>
  );
}
