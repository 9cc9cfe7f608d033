import { Link } from '@tanstack/react-router';
import {
  dateTimeFormat,
  type LocaleFormat,
  numberFormat,
  ORDER_LIST_FILTERS,
  type OrderListFilter,
  type OrderListItem,
  type OrderListQuery,
  orderStatusLabel,
} from '@tentpole/domain';
import { ChevronRight, ClipboardList, SearchX } from 'lucide-react';
import { type ReactNode, useId, useMemo } from 'react';
import {
  DataTable,
  type DataTableColumn,
  type DataTableColumnStyle,
} from '@/components/data-table/data-table';
import { RowLink } from '@/components/data-table/row-link';
import { LoadingRows } from '@/components/query-state/loading-rows';
import { QueryError } from '@/components/query-state/query-error';
import { StateMessage } from '@/components/query-state/state-message';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { UrlSearchBox } from '@/components/url-search-box';
import { useAccountFormat } from '@/lib/account-format';
import { useOrders } from '../api/get-orders';
import { useOrderLiveUpdates } from '../api/use-order-live-updates';
import { OrderStatusBadge } from './order-status-badge';

const count = (locale: string) => numberFormat(locale);
const eventDay = (locale: string) =>
  dateTimeFormat(locale, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });

/** The tabs' words: a status, or what needs someone's attention. */
export function filterLabel(filter: OrderListFilter | undefined): string {
  if (!filter) return 'All orders';
  return filter === 'attention' ? 'Needs attention' : orderStatusLabel(filter);
}

const columnsFor = ({ locale, money }: LocaleFormat): DataTableColumn<OrderListItem>[] => [
  {
    id: 'number',
    header: 'Order',
    accessorFn: (order) => order.number,
    enableHiding: false,
    cell: ({ row: { original: order } }) => (
      <RowLink to="/orders/$orderId" params={{ orderId: order.id }}>
        #{order.number}
      </RowLink>
    ),
  },
  {
    id: 'eventStart',
    header: 'Event',
    accessorFn: (order) => eventDay(locale).format(new Date(order.eventStart)),
  },
  {
    id: 'customerName',
    header: 'Customer',
    accessorFn: (order) => order.customerName,
    cell: ({ row: { original: order } }) => (
      <span className="block max-w-64 truncate" title={order.customerName}>
        {order.customerName}
      </span>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    accessorFn: (order) => orderStatusLabel(order.status),
    cell: ({ row: { original: order } }) => <OrderStatusBadge status={order.status} />,
  },
  { id: 'total', header: 'Total', accessorFn: (order) => money(order.total) },
  { id: 'balance', header: 'Balance', accessorFn: (order) => money(order.balance) },
];

const columnStyles: Record<string, DataTableColumnStyle> = {
  number: { className: 'whitespace-nowrap tabular-nums' },
  eventStart: { className: 'whitespace-nowrap' },
  customerName: { className: 'min-w-40' },
  total: { align: 'end', className: 'whitespace-nowrap tabular-nums' },
  balance: { align: 'end', className: 'whitespace-nowrap tabular-nums' },
};

function OrderCard({ order }: { order: OrderListItem }) {
  const { locale, money } = useAccountFormat();
  return (
    <Link
      to="/orders/$orderId"
      params={{ orderId: order.id }}
      className="flex items-start gap-3 rounded-xl border bg-card p-3.5 shadow-xs transition-colors outline-none hover:bg-accent/60 focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <span className="grid min-w-0 flex-1 gap-1 text-sm">
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-semibold tabular-nums">#{order.number}</span>
          <OrderStatusBadge status={order.status} />
        </span>
        <span className="wrap-anywhere">{order.customerName}</span>
        <span className="flex flex-wrap gap-x-3 text-muted-foreground tabular-nums">
          <span>{eventDay(locale).format(new Date(order.eventStart))}</span>
          <span>{money(order.total)}</span>
          {order.balance > 0 && <span>{money(order.balance)} due</span>}
        </span>
      </span>
      <ChevronRight aria-hidden="true" className="mt-1 size-4 text-muted-foreground" />
    </Link>
  );
}

/** A date input's day (local) from an ISO instant; `shift` days, for an exclusive end. */
function dayOf(iso: string | undefined, shift = 0): string {
  if (!iso) return '';
  const date = new Date(iso);
  date.setDate(date.getDate() + shift);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The local midnight starting `day` plus `shift` days, as ISO; blank is no bound. */
function startOfDay(day: string, shift: number): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + shift).toISOString();
}

type OrderDirectoryProps = {
  query: OrderListQuery;
  onQueryChange: (change: Partial<OrderListQuery>) => void;
  renderPageLink: (page: number, children: ReactNode) => ReactNode;
};

/** back-office spec §4: every order, by status (or what needs attention), searched and sorted. */
export function OrderDirectory({ query, onQueryChange, renderPageLink }: OrderDirectoryProps) {
  const format = useAccountFormat();
  const { locale, money } = format;
  const columns = useMemo(() => columnsFor(format), [format]);
  const orders = useOrders(query);
  useOrderLiveUpdates();
  const statusId = useId();
  const data = orders.data;
  const fromId = useId();
  const toId = useId();
  const filtered =
    query.search !== '' ||
    query.status !== undefined ||
    query.from !== undefined ||
    query.to !== undefined ||
    query.createdFrom !== undefined;

  return (
    <div className="mx-auto grid max-w-7xl min-w-0 gap-5">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Orders</h1>
        <p className="mt-1 flex items-center gap-2 text-sm text-muted-foreground">
          {data
            ? `${count(locale).format(data.total)} ${data.total === 1 ? 'order' : 'orders'}${filtered ? ' found' : ''}`
            : 'Every booking, from the first quote to the last pickup.'}
          {data && data.total > 0 && (
            <span className="tabular-nums">· {money(data.totalAmount)} in all</span>
          )}
          {orders.isFetching && data && (
            <span role="status" aria-label="Updating" className="inline-flex">
              <Spinner className="size-3.5" />
            </span>
          )}
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <UrlSearchBox
          value={query.search}
          onSearch={(search) => onQueryChange({ search })}
          label="Search orders"
          placeholder="Number, customer, phone or address…"
          className="sm:max-w-sm"
        />
        <div className="grid w-full gap-1 sm:w-56">
          <label htmlFor={statusId} className="text-xs font-medium text-muted-foreground">
            Status
          </label>
          <NativeSelect
            id={statusId}
            value={query.status ?? ''}
            onChange={(event) =>
              onQueryChange({ status: (event.target.value || undefined) as OrderListFilter })
            }
          >
            <option value="">{filterLabel(undefined)}</option>
            {ORDER_LIST_FILTERS.map((filter) => (
              <option key={filter} value={filter}>
                {filterLabel(filter)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid w-[calc(50%-0.375rem)] gap-1 sm:w-40">
          <label htmlFor={fromId} className="text-xs font-medium text-muted-foreground">
            Event from
          </label>
          <Input
            id={fromId}
            type="date"
            value={dayOf(query.from)}
            onChange={(event) => onQueryChange({ from: startOfDay(event.target.value, 0) })}
          />
        </div>
        <div className="grid w-[calc(50%-0.375rem)] gap-1 sm:w-40">
          <label htmlFor={toId} className="text-xs font-medium text-muted-foreground">
            Event to
          </label>
          <Input
            id={toId}
            type="date"
            value={dayOf(query.to, -1)}
            onChange={(event) => onQueryChange({ to: startOfDay(event.target.value, 1) })}
          />
        </div>
      </div>
      {query.createdFrom && (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span className="rounded-full border bg-muted px-3 py-1">
            Created since {eventDay(locale).format(new Date(query.createdFrom))}
          </span>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onQueryChange({ createdFrom: undefined })}
          >
            Show all dates
          </Button>
        </p>
      )}
      {orders.isPending ? (
        <LoadingRows label="Loading orders" rows={8} variant="cards" />
      ) : orders.isError ? (
        <QueryError
          variant="panel"
          title="Orders could not be loaded."
          description="Check your connection and try again."
          onRetry={() => void orders.refetch()}
        />
      ) : data && data.orders.length === 0 ? (
        filtered ? (
          <StateMessage
            icon={<SearchX aria-hidden="true" className="size-6" />}
            title="No orders match"
            description="Try another search or status."
            action={
              <Button
                variant="outline"
                onClick={() =>
                  onQueryChange({
                    search: '',
                    status: undefined,
                    from: undefined,
                    to: undefined,
                    createdFrom: undefined,
                  })
                }
              >
                Clear filters
              </Button>
            }
          />
        ) : (
          <StateMessage
            icon={<ClipboardList aria-hidden="true" className="size-6" />}
            title="No orders yet"
            description="Bookings taken by phone, in the office or in the store show up here."
          />
        )
      ) : data ? (
        <DataTable
          label="Orders"
          columns={columns}
          data={data.orders}
          getRowId={(order) => order.id}
          sort={{ column: query.sort, direction: query.order }}
          onSortChange={(sort) =>
            onQueryChange(
              sort
                ? { sort: sort.column as OrderListQuery['sort'], order: sort.direction }
                : { sort: 'eventStart', order: 'desc' },
            )
          }
          page={data.page}
          pageSize={data.pageSize}
          total={data.total}
          renderPageLink={renderPageLink}
          renderCard={(order) => <OrderCard order={order} />}
          columnStyles={columnStyles}
        />
      ) : null}
    </div>
  );
}
