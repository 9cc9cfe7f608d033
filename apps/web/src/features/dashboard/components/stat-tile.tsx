import { Link } from '@tanstack/react-router';
import { type StatResponse, statTileValues } from '@tentpole/domain';
import type { LucideIcon } from 'lucide-react';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useAccountFormat } from '@/lib/account-format';
import { cn } from '@/lib/cn';
import { type StatName, useStat } from '../api/get-stat';
import { formatPercentageChange } from '../lib/format-percentage-change';

type StatTileProps = {
  name: StatName;
  title: string;
  icon: LucideIcon;
  /** What the change is measured against, e.g. 'from last week'. */
  comparedWith: string;
  format: (value: number) => string;
  /** Where the tile leads, from its figures' period: the report or list behind the number
   *  (the whole tile is the link); null when the member may not open it. */
  link?: (stat: StatResponse) => TileLink | null;
  /** A line under the change, e.g. how the figure is counted. */
  note?: (stat: StatResponse) => string | null;
};

export type TileLink =
  | { to: '/orders'; search: { from: string; to: string } }
  | { to: '/website/carts'; search: { from: string; to: string } }
  | { to: '/reports'; search: { report: string; from: string; to: string; basis?: string } };

/** spec §2 Dashboard tiles: a title, the value and its percentage change (spec §9). */
export function StatTile({
  name,
  title,
  icon: Icon,
  comparedWith,
  format,
  link: linkOf,
  note: noteOf,
}: StatTileProps) {
  const { locale } = useAccountFormat();
  const stat = useStat(name);
  const { value, percentageChange } = statTileValues(stat.data);
  const link = stat.data && linkOf ? linkOf(stat.data) : null;
  const note = stat.data && noteOf ? noteOf(stat.data) : null;
  const titleId = `stat-${name}`;

  return (
    <Card
      aria-labelledby={titleId}
      role="group"
      className={cn(
        'gap-3 py-4 sm:py-5',
        link &&
          'relative transition-colors focus-within:ring-2 focus-within:ring-ring hover:bg-accent/40',
      )}
    >
      <CardHeader className="flex flex-row items-center justify-between gap-2 px-4 sm:px-5">
        <h2 id={titleId} className="text-sm font-medium text-muted-foreground">
          {link ? (
            <Link
              {...link}
              className="outline-none after:absolute after:inset-0 after:content-['']"
            >
              {title}
            </Link>
          ) : (
            title
          )}
        </h2>
        <span className="hidden size-8 shrink-0 place-items-center rounded-lg bg-primary/10 text-primary-ink sm:grid">
          <Icon aria-hidden="true" className="size-4" />
        </span>
      </CardHeader>
      <CardContent className="grid gap-1 px-4 sm:px-5">
        {stat.isPending ? (
          <>
            <Skeleton className="h-8 w-28" />
            <Skeleton className="h-4 w-36" />
          </>
        ) : (
          <>
            <p
              className="text-xl font-semibold tracking-tight tabular-nums sm:text-2xl"
              data-testid="value"
            >
              {format(value)}
            </p>
            <p className="text-xs text-muted-foreground">
              <span
                data-testid="change"
                className={cn(
                  'font-medium tabular-nums',
                  percentageChange > 0 && 'text-emerald-700 dark:text-emerald-400',
                  percentageChange < 0 && 'text-red-700 dark:text-red-400',
                )}
              >
                {formatPercentageChange(percentageChange, locale)}
              </span>{' '}
              {comparedWith}
            </p>
            {note && <p className="text-xs text-muted-foreground">{note}</p>}
          </>
        )}
      </CardContent>
    </Card>
  );
}
