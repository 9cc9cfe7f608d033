import { dateTimeFormat } from '@tentpole/domain';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useAccountFormat } from '@/lib/account-format';
import { initialsOf } from '@/lib/initials';
import { useRecentSales } from '../api/get-recent-sales';

const paidOnFormat = (locale: string) => dateTimeFormat(locale, { month: 'short', day: 'numeric' });
const paidAtFormat = (locale: string) =>
  dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });

/** spec §2 Dashboard: the latest payments, newest first; none after a failed fetch (spec §8). */
export function RecentSales() {
  const { locale, money } = useAccountFormat();
  const sales = useRecentSales();
  // A failed fetch answers an empty list; `data` is only unset while pending.
  const list = sales.data ?? [];

  return (
    <Card aria-labelledby="recent-sales-title" role="region" className="gap-4">
      <CardHeader>
        <CardTitle id="recent-sales-title">Recent Sales</CardTitle>
        <CardDescription>The latest payments from your customers.</CardDescription>
      </CardHeader>
      <CardContent>
        {sales.isPending ? (
          <ul className="grid gap-5">
            {[0, 1, 2, 3, 4].map((row) => (
              <li key={row} className="flex items-center gap-3">
                <Skeleton className="size-9 rounded-full" />
                <div className="grid flex-1 gap-1.5">
                  <Skeleton className="h-4 w-32" />
                  <Skeleton className="h-3 w-44" />
                </div>
                <Skeleton className="h-4 w-16" />
              </li>
            ))}
          </ul>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">No sales yet.</p>
        ) : (
          <ul className="grid gap-5">
            {list.map((sale) => (
              <li key={sale.id} className="flex items-center gap-3">
                <span
                  aria-hidden="true"
                  className="grid size-9 shrink-0 place-items-center rounded-full bg-secondary text-xs font-semibold text-secondary-foreground"
                >
                  {initialsOf(sale.customerName)}
                </span>
                <div className="grid min-w-0 flex-1 gap-0.5">
                  <p className="truncate text-sm font-medium">{sale.customerName}</p>
                  <p className="truncate text-xs text-muted-foreground">
                    Order #{sale.orderNumber} ·{' '}
                    <time
                      dateTime={sale.paidAt}
                      title={paidAtFormat(locale).format(new Date(sale.paidAt))}
                    >
                      {paidOnFormat(locale).format(new Date(sale.paidAt))}
                    </time>
                  </p>
                </div>
                <p className="text-sm font-semibold tabular-nums">+{money(sale.amountCents)}</p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
