import { Link } from '@tanstack/react-router';
import type { CustomerOrder } from '@tentpole/domain';
import { ClipboardList } from 'lucide-react';
import { LoadingRows } from '@/components/query-state/loading-rows';
import { QueryError } from '@/components/query-state/query-error';
import { StateMessage } from '@/components/query-state/state-message';
import { useAccountFormat } from '@/lib/account-format';
import { formatCalendarDate, formatDate } from '../lib/format-dates';
import { OrderStatusBadge } from './order-status-badge';

type CustomerOrdersTabProps = {
  orders: readonly CustomerOrder[] | undefined;
  isError: boolean;
};

function itemsSummary(order: CustomerOrder): string {
  const [first, ...rest] = order.lines;
  if (!first) return 'No items';
  const head = first.quantity > 1 ? `${first.quantity} × ${first.description}` : first.description;
  return rest.length === 0 ? head : `${head} and ${rest.length} more`;
}

/** The customer's orders, newest event first, with what each is worth and what is owed. */
export function CustomerOrdersTab({ orders, isError }: CustomerOrdersTabProps) {
  const { locale, money } = useAccountFormat();
  if (isError) return <QueryError variant="panel" title="Orders could not be loaded." />;
  if (!orders) return <LoadingRows label="Loading orders" variant="plain" />;
  if (orders.length === 0) {
    return (
      <StateMessage
        icon={<ClipboardList aria-hidden="true" />}
        title="No orders yet"
        description="Quotes and bookings for this customer will show here."
      />
    );
  }
  return (
    <ul className="divide-y rounded-lg border">
      {orders.map((order) => {
        const due = Math.max(order.totalCents - order.paidCents, 0);
        const showDue = order.status !== 'quote' && order.status !== 'cancelled';
        return (
          <li
            key={order.id}
            className="grid gap-2 p-3.5 sm:grid-cols-[1fr_auto] sm:items-center sm:gap-4"
          >
            <div className="grid min-w-0 gap-1">
              <p className="flex flex-wrap items-center gap-2 text-sm">
                <Link
                  to="/orders/$orderId"
                  params={{ orderId: order.id }}
                  className="font-semibold tabular-nums underline-offset-4 hover:underline focus-visible:underline"
                >
                  Order #{order.number}
                </Link>
                <OrderStatusBadge status={order.status} />
              </p>
              <p className="text-sm">
                <span className="text-muted-foreground">Event </span>
                {formatCalendarDate(order.eventDate, locale)}
              </p>
              <p className="truncate text-xs text-muted-foreground">
                {itemsSummary(order)} · Created {formatDate(order.createdAt, locale)}
              </p>
            </div>
            <div className="flex items-baseline gap-3 text-sm sm:grid sm:justify-items-end sm:gap-0.5">
              <span
                className={
                  order.status === 'cancelled'
                    ? 'font-semibold tabular-nums text-muted-foreground line-through'
                    : 'font-semibold tabular-nums'
                }
              >
                {money(order.totalCents)}
              </span>
              {showDue && (
                <span
                  className={
                    due > 0
                      ? 'text-xs font-medium text-amber-700 tabular-nums dark:text-amber-400'
                      : 'text-xs text-muted-foreground'
                  }
                >
                  {due > 0 ? `${money(due)} due` : 'Paid in full'}
                </span>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
