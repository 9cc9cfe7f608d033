import type { ProductMonth } from '@tentpole/domain';
import { dateTimeFormat } from '@tentpole/domain';
import { Ban, ChevronLeft, ChevronRight } from 'lucide-react';
import { QueryError } from '@/components/query-state/query-error';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { useAccountFormat } from '@/lib/account-format';
import { cn } from '@/lib/cn';
import { useProductMonth } from '../api/get-product-month';
import { formatMonth, monthWeeks, shiftMonth } from '../lib/month-grid';
import { FormSection } from './form-section';

const WEEKDAYS = [
  ['Sun', 'Sunday'],
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
] as const;

const dayName = (locale: string) =>
  dateTimeFormat(locale, {
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
const holdTime = (locale: string) =>
  dateTimeFormat(locale, {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });

type AvailabilityMonthProps = {
  productId: string;
  /** 'YYYY-MM'. */
  month: string;
  onMonthChange: (month: string) => void;
};

/**
 * A month of the product's availability (spec §3): the least free each day, the days with
 * none free marked by an icon and words as well as colour, and the orders holding it.
 */
export function AvailabilityMonth({ productId, month, onMonthChange }: AvailabilityMonthProps) {
  const { locale } = useAccountFormat();
  const availability = useProductMonth(productId, month);
  const data = availability.data?.month === month ? availability.data : undefined;
  return (
    <FormSection
      title="Availability"
      description={
        data
          ? `Free to book each day, of ${data.owned} owned (times in ${data.timezone}).`
          : 'Free to book each day.'
      }
    >
      <div className="flex items-center justify-between gap-2">
        <Button
          type="button"
          variant="outline"
          size="icon"
          onClick={() => onMonthChange(shiftMonth(month, -1))}
        >
          <ChevronLeft aria-hidden="true" />
          <span className="sr-only">Previous month</span>
        </Button>
        <h3 aria-live="polite" className="flex items-center gap-2 font-medium">
          {formatMonth(month, locale)}
          {availability.isFetching && <Spinner className="size-3.5" />}
        </h3>
        <Button
          type="button"
          variant="outline"
          size="icon"
          onClick={() => onMonthChange(shiftMonth(month, 1))}
        >
          <ChevronRight aria-hidden="true" />
          <span className="sr-only">Next month</span>
        </Button>
      </div>
      {availability.isError ? (
        <QueryError
          title="Availability could not be loaded."
          onRetry={() => void availability.refetch()}
        />
      ) : !data ? (
        <Skeleton role="status" aria-label="Loading availability" className="h-64 rounded-lg" />
      ) : (
        <>
          <MonthTable month={month} days={data.days} />
          <Holders holders={data.holders} />
        </>
      )}
    </FormSection>
  );
}

function MonthTable({ month, days }: { month: string; days: ProductMonth['days'] }) {
  const { locale } = useAccountFormat();
  return (
    <table className="w-full table-fixed border-separate border-spacing-1 text-center text-xs">
      <caption className="sr-only">{formatMonth(month, locale)}: units free each day</caption>
      <thead>
        <tr>
          {WEEKDAYS.map(([short, long]) => (
            <th key={short} scope="col" className="font-medium text-muted-foreground">
              <abbr title={long} className="no-underline">
                {short}
              </abbr>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {monthWeeks(month, days).map((week) => (
          <tr key={week.find(Boolean)?.date ?? month}>
            {week.map((day, index) =>
              day ? (
                <td
                  key={day.date}
                  className={cn(
                    'h-14 rounded-md border p-1 align-top',
                    day.available === 0
                      ? 'border-2 border-destructive bg-destructive/10 font-semibold'
                      : 'bg-background',
                  )}
                >
                  <span className="block text-left text-muted-foreground" aria-hidden="true">
                    {Number(day.date.slice(8))}
                  </span>
                  <span className="sr-only">
                    {dayName(locale).format(new Date(`${day.date}T00:00:00Z`))}:{' '}
                  </span>
                  {day.available === 0 ? (
                    <span className="flex flex-col items-center gap-0.5">
                      <Ban aria-hidden="true" className="size-3.5 text-destructive" />
                      <span>None free</span>
                    </span>
                  ) : (
                    <span className="tabular-nums">{day.available} free</span>
                  )}
                  {day.down > 0 && <span className="sr-only">, {day.down} in maintenance</span>}
                </td>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: empty cells before and after the month have no identity.
                <td key={index} aria-hidden="true" />
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Holders({ holders }: { holders: ProductMonth['holders'] }) {
  const { locale } = useAccountFormat();
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-medium">Who holds it</h3>
      {holders.length === 0 ? (
        <p className="text-sm text-muted-foreground">No order holds it this month.</p>
      ) : (
        <ul className="divide-y rounded-lg border text-sm">
          {holders.map((holder) => (
            <li
              key={`${holder.orderId}-${holder.from}`}
              className="grid gap-0.5 px-3 py-2 sm:grid-cols-[auto_minmax(0,1fr)_auto] sm:items-baseline sm:gap-3"
            >
              <span className="font-medium tabular-nums">Order #{holder.number}</span>
              <span className="min-w-0 truncate" title={holder.customerName}>
                {holder.customerName}
                <span className="text-muted-foreground">
                  {' '}
                  · {holder.quantity} held · {holder.status}
                </span>
              </span>
              <span className="text-xs text-muted-foreground tabular-nums">
                {holdTime(locale).format(new Date(holder.from))} –{' '}
                {holdTime(locale).format(new Date(holder.until))}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
